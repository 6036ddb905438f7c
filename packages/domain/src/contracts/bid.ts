import { z } from 'zod';
import { CARGO_TYPES } from '../cargo';
import { NIGERIAN_STATES } from '../nigeria';
import {
  amountKoboField,
  BID_STATUSES,
  MAX_NOTE_LENGTH,
  orderItemSchema,
  orderSummarySchema,
  quoteDocumentSchema,
} from './order';
import { locationView } from './location';
import { pageOf, pageQuery } from './page';
import { scoreSummarySchema } from './scorecard';

export const trucksAvailableField = z
  .number({ error: 'Enter how many trucks you can commit' })
  .int('Trucks is a whole number')
  .min(1, 'Commit at least 1 truck')
  .max(500, 'At most 500 trucks');

export const placeBidRequest = z.strictObject({
  orderId: z.uuid({ error: 'Choose an order' }),
  /** Price per container or per truck load. */
  amountKobo: amountKoboField,
  trucksAvailable: trucksAvailableField,
  note: z
    .string()
    .trim()
    .max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters`)
    .default(''),
});
export type PlaceBidRequest = z.infer<typeof placeBidRequest>;
export type PlaceBidInput = z.input<typeof placeBidRequest>;

export const reviseBidRequest = placeBidRequest.omit({ orderId: true });
export type ReviseBidRequest = z.infer<typeof reviseBidRequest>;

/** The caller's own bid on an order. */
export const myBidSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  amountKobo: z.number(),
  trucksAvailable: z.number().int(),
  note: z.string(),
  status: z.enum(BID_STATUSES),
  /** Items awarded to this bid (0 unless WON). */
  awardedItemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyBid = z.infer<typeof myBidSchema>;

/** An order as a transporter who may bid on it sees it: never the other bids. */
export const marketOrderSchema = orderSummarySchema.extend({
  watched: z.boolean(),
  myBid: myBidSchema.nullable(),
  /** The customer's company, whose scorecard a bidder may open. */
  customerCompanyId: z.string(),
  /** The customer's score as a payer: the figures at a glance, headlinePercent its invoices paid on time. */
  payerScore: scoreSummarySchema,
});
export type MarketOrder = z.infer<typeof marketOrderSchema>;
export const marketOrderPage = pageOf(marketOrderSchema);

export const marketOrderDetailSchema = marketOrderSchema.extend({
  items: z.array(orderItemSchema),
  quoteDocument: quoteDocumentSchema.nullable(),
});
export type MarketOrderDetail = z.infer<typeof marketOrderDetailSchema>;

export const openOrdersQuery = pageQuery.extend({
  cargoType: z.enum(CARGO_TYPES, { error: 'Unknown cargo type' }).optional(),
  pickupState: z.enum(NIGERIAN_STATES, { error: 'Unknown state' }).optional(),
});

export const bidHistoryQuery = pageQuery.extend({
  status: z.enum(BID_STATUSES, { error: 'Unknown bid status' }).optional(),
});

/** One line of the transporter's bid history: its bid and the order it was on. */
export const bidHistoryItemSchema = myBidSchema.extend({ order: orderSummarySchema });
export const bidHistoryPage = pageOf(bidHistoryItemSchema);

/** Bids won, one row per trip the award created. */
export const wonTripSchema = z.object({
  tripId: z.string(),
  tripNumber: z.string(),
  trackingId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  cargoType: z.enum(CARGO_TYPES),
  clientName: z.string(),
  reference: z.string(),
  customerName: z.string(),
  containerNumber: z.string().nullable(),
  cargoDescription: z.string().nullable(),
  pickup: locationView,
  recipient: locationView,
  pickupDate: z.string(),
  amountKobo: z.number(),
  awardedAt: z.string(),
  /** True until a truck, driver and motor boy are assigned. */
  needsResources: z.boolean(),
});
export type WonTrip = z.infer<typeof wonTripSchema>;
export const wonTripPage = pageOf(wonTripSchema);
export const wonTripsQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});

export const bidIdParams = z.object({ id: z.uuid({ error: 'Bid not found' }) });
export const orderIdParam = z.object({ orderId: z.uuid({ error: 'Order not found' }) });
