import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { outboxRoutes } from './outbox.routes';

// The development outbox: the e-mails a server without SMTP wrote to its folder.

export function registerDev(app: ZodApp, ctx: AppContext): void {
  outboxRoutes(app, ctx);
}
