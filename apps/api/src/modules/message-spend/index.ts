import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { messageSpendRoutes } from './message-spend.routes';

// A company's monthly SMS and WhatsApp spend and its cap (docs/sms.md, "Spend cap").

export function registerMessageSpend(app: ZodApp, ctx: AppContext): void {
  messageSpendRoutes(app, ctx);
}

export { chargeMessage } from './message-spend.service';
