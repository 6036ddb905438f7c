import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import {
  BIDDING_CLOSED_JOB,
  ORDER_OPENED_JOB,
  tellBiddingClosed,
  tellTransportersOfOrder,
} from './order-announcement.job';
import { orderRoutes } from './order.routes';

// Orders (haulage requests), their award to bids, and the announcements to transporters.

export function registerOrder(app: ZodApp, ctx: AppContext): void {
  orderRoutes(app, ctx);
  ctx.jobs.handle(ORDER_OPENED_JOB, (payload) =>
    tellTransportersOfOrder(ctx, payload as Parameters<typeof tellTransportersOfOrder>[1]),
  );
  ctx.jobs.handle(BIDDING_CLOSED_JOB, (payload) =>
    tellBiddingClosed(ctx, payload as Parameters<typeof tellBiddingClosed>[1]),
  );
}

export { loadOrderFor } from './order-access.service';
export { loadOrderContents } from './order-contents.service';
export { isBiddingOpen, nextClosing, toOrderSummaries } from './order-summary.service';
