import { z } from 'zod';
import { CARGO_TYPES } from '../cargo';

export const customerDashboardSchema = z.object({
  ongoingTrips: z.number().int(),
  completedTrips: z.number().int(),
  uncompletedTrips: z.number().int(),
  pendingPaymentsKobo: z.number(),
  pendingInvoiceCount: z.number().int(),
  ordersAwaitingAward: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      cargoType: z.enum(CARGO_TYPES),
      clientName: z.string(),
      biddingOpen: z.boolean(),
      biddingClosesAt: z.string(),
      bidCount: z.number().int(),
    }),
  ),
});
export type CustomerDashboard = z.infer<typeof customerDashboardSchema>;

export const transporterDashboardSchema = z.object({
  newBids: z.number().int(),
  monitoredBids: z.number().int(),
  /** Bids of the company that won since the first day of this Lagos month: orders won, not trips. */
  bidsWonThisMonth: z.number().int(),
  /** That first day (YYYY-MM-DD, a Lagos date), for the caption. */
  bidsWonSince: z.string(),
  tripsNeedingResources: z.number().int(),
});
export type TransporterDashboard = z.infer<typeof transporterDashboardSchema>;
