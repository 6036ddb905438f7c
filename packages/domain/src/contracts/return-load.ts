import { z } from 'zod';
import { CARGO_TYPES } from '../cargo';
import { pageOf, pageQuery } from './page';

/** How far from a truck's delivery place an open order's pickup may lie, unless the transporter sets another. */
export const DEFAULT_RETURN_LOAD_RADIUS_KM = 50;
export const MIN_RETURN_LOAD_RADIUS_KM = 5;
export const MAX_RETURN_LOAD_RADIUS_KM = 200;
/**
 * How many days after a truck's expected arrival an order's pickup date may fall and still be its return
 * load: later than this the truck will have found other work (docs/decisions/036-return-loads.md).
 */
export const RETURN_LOAD_WINDOW_DAYS = 14;
/** The most matches listed for one truck: the nearest, welcoming orders first. */
export const RETURN_LOAD_MATCHES_PER_TRIP = 20;

/** A transporter's return-load setting. */
export const returnLoadSettingsSchema = z.object({
  radiusKm: z.number().int(),
});
export type ReturnLoadSettings = z.infer<typeof returnLoadSettingsSchema>;

export const returnLoadSettingsRequest = z.strictObject({
  radiusKm: z
    .number({ error: 'Radius must be a number of kilometres' })
    .int('Radius must be a whole number of kilometres')
    .min(MIN_RETURN_LOAD_RADIUS_KM, `Radius must be at least ${MIN_RETURN_LOAD_RADIUS_KM} km`)
    .max(MAX_RETURN_LOAD_RADIUS_KM, `Radius must be at most ${MAX_RETURN_LOAD_RADIUS_KM} km`),
});
export type ReturnLoadSettingsRequest = z.infer<typeof returnLoadSettingsRequest>;

/** A place as a return load names it: a terminal's name, or an address's LGA, with the state. */
export const returnLoadPlaceSchema = z.object({
  name: z.string(),
  state: z.string(),
});
export type ReturnLoadPlace = z.infer<typeof returnLoadPlaceSchema>;

/** An open order whose pickup lies near where a truck will be free, after it will be free. */
export const returnLoadMatchSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  cargoType: z.enum(CARGO_TYPES),
  itemCount: z.number().int(),
  customerName: z.string(),
  pickup: returnLoadPlaceSchema,
  delivery: returnLoadPlaceSchema,
  pickupDate: z.string(),
  biddingClosesAt: z.string(),
  /** From the truck's delivery place to the order's pickup, as the crow flies, rounded to a kilometre. */
  distanceKm: z.number().int(),
  /** The customer marked the order "return loads welcome". */
  returnLoadsWelcome: z.boolean(),
  /** The transporter has an active bid on it already. */
  alreadyBid: z.boolean(),
});
export type ReturnLoadMatch = z.infer<typeof returnLoadMatchSchema>;

/** One of the transporter's trucks on a live trip, where and when it will be free, and its matches. */
export const returnLoadTripSchema = z.object({
  tripId: z.string(),
  tripNumber: z.string(),
  truckRegistration: z.string(),
  /** Where the truck delivers: the centre of the search. */
  delivery: returnLoadPlaceSchema,
  /** The day the truck is expected at its delivery (Lagos date): delivered, its ETA, the expected date or the pickup date. */
  freeOn: z.string(),
  /** All matches within the radius and window (the list below holds the first RETURN_LOAD_MATCHES_PER_TRIP). */
  matchCount: z.number().int(),
  matches: z.array(returnLoadMatchSchema),
});
export type ReturnLoadTrip = z.infer<typeof returnLoadTripSchema>;

/** The transporter's Return loads page: its trucks on live trips that have at least one match, most first. */
export const returnLoadsQuery = pageQuery;
export const returnLoadsPage = pageOf(returnLoadTripSchema).extend({
  radiusKm: z.number().int(),
  /** Trucks on live trips whose delivery place is known, matched or not. */
  trucksConsidered: z.number().int(),
});
export type ReturnLoadsPage = z.infer<typeof returnLoadsPage>;

/**
 * One trip's return loads, for its transporter: null `trip` when the trip has no truck, is no longer live,
 * or its delivery place has no known position.
 */
export const tripReturnLoadsSchema = z.object({
  radiusKm: z.number().int(),
  trip: returnLoadTripSchema.nullable(),
});
export type TripReturnLoads = z.infer<typeof tripReturnLoadsSchema>;

/** For a customer's open order: how many trucks are expected to be free near its pickup before its pickup date. */
export const trucksNearPickupSchema = z.object({
  count: z.number().int(),
});
export type TrucksNearPickup = z.infer<typeof trucksNearPickupSchema>;

export const returnLoadsWelcomeRequest = z.strictObject({
  returnLoadsWelcome: z.boolean({ error: 'returnLoadsWelcome must be true or false' }),
});
