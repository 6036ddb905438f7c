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
  bidsWonThisMonth: z.number().int(),
  tripsNeedingResources: z.number().int(),
});
export type TransporterDashboard = z.infer<typeof transporterDashboardSchema>;
