import { z } from 'zod';
import { CARGO_TYPES } from '../cargo';
import { locationView } from './location';
import { orderItemSchema } from './order';
import { pageOf, pageQuery, sortParam } from './page';

/** The spec's trip status log values. */
export const TRIP_STATUSES = [
  'STARTED',
  'AT_PICKUP_LOCATION',
  'AT_WAREHOUSE_LOCATION',
  'LOADED',
  'AT_DELIVERY_LOCATION',
  'AT_DROP_OFF_LOCATION',
  'DELIVERED',
  'EMPTY_DROP_OFF',
] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** What one trip carries: the order item it was made from, less its place in the order and its award. */
export const consignmentSchema = orderItemSchema.omit({
  position: true,
  awardedBidId: true,
  tripId: true,
  tripNumber: true,
});
export type Consignment = z.infer<typeof consignmentSchema>;

export const tripSummarySchema = z.object({
  id: z.string(),
  tripNumber: z.string(),
  trackingId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  cargoType: z.enum(CARGO_TYPES),
  clientName: z.string(),
  reference: z.string(),
  customerName: z.string(),
  transporterName: z.string(),
  pickup: locationView,
  recipient: locationView,
  pickupDate: z.string(),
  amountKobo: z.number(),
  consignment: consignmentSchema,
  latestTripStatus: z.object({ tripStatus: z.enum(TRIP_STATUSES), timeStamp: z.string() }).nullable(),
  completed: z.boolean(),
  cancelled: z.boolean(),
  createdAt: z.string(),
});
export type TripSummary = z.infer<typeof tripSummarySchema>;
export const tripPage = pageOf(tripSummarySchema);

const booleanQuery = z.enum(['true', 'false'], { error: 'Use true or false' }).transform((v) => v === 'true');

/** GET /api/v1/trips/?page&size&sort=latestTripStatus.timeStamp,DESC; the first entry decides the order. */
export const TRIP_SORTS = [
  'latestTripStatus.timeStamp,DESC',
  'latestTripStatus.timeStamp,ASC',
  'pickupDate,ASC',
  'pickupDate,DESC',
] as const;
export type TripSort = (typeof TRIP_SORTS)[number];

/** GET /api/v1/trips?completed=false&page&size&q&tripStatusList */
export const tripListQuery = pageQuery.extend({
  sort: sortParam(TRIP_SORTS),
  completed: booleanQuery.optional(),
  /** Our addition: only trips that have (true) or have not (false) started. */
  started: booleanQuery.optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  tripStatusList: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.find((s) => !(TRIP_STATUSES as readonly string[]).includes(s));
      if (bad) {
        ctx.addIssue({ code: 'custom', message: `Unknown trip status ${bad}` });
        return z.NEVER;
      }
      return list as TripStatus[];
    }),
});
export type TripListQuery = z.infer<typeof tripListQuery>;
