import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { paymentRoutes } from './payment.routes';
import type { Payments } from './payments';
import { payoutRoutes } from './payout.routes';
import { paystackSimulatorRoutes } from './paystack-simulator.routes';

// Payments of invoices (Paystack-compatible checkout, webhook, bank transfer), earnings and payouts.

declare module '../../context' {
  interface AppContext {
    /** The payment provider (or none: bank transfers only) and the simulated checkout's memory in development. */
    payments: Payments;
  }
}

export function registerPayment(app: ZodApp, ctx: AppContext): void {
  paymentRoutes(app, ctx);
  payoutRoutes(app, ctx);
  // The simulated checkout is for development and tests; production talks to the real provider only.
  if (ctx.payments.simulator && ctx.env.NODE_ENV !== 'production') paystackSimulatorRoutes(app, ctx);
}

export { buildPayments } from './payments';
export type { Payments } from './payments';
export { toPayout } from './payout.service';
