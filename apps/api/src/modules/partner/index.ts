import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { partnerRoutes } from './partner.routes';

// A customer's preferred transporters.

export function registerPartner(app: ZodApp, ctx: AppContext): void {
  partnerRoutes(app, ctx);
}
