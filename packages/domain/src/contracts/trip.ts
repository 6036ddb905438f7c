import { z } from 'zod';
import { CARGO_TYPES, CONTAINER_SIZES, TRUCK_TYPES } from '../cargo';
import { NIGERIAN_STATES } from '../nigeria';
import { isLgaOfState } from '../nigeria-lgas';
import { locationView } from './location';
import { containerNumberField, generalCargoInput, isoDate, orderItemSchema } from './order';
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
  /** One of the trip's issues is open: its status words say DELAYED (tripStatusWords). */
  hasOpenIssue: z.boolean(),
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

// ---------------------------------------------------------------------------------------------------------
// Ids

export const tripIdParams = z.object({ id: z.uuid({ error: 'Trip not found' }) });
export const consignmentIdParams = z.object({ id: z.uuid({ error: 'Consignment not found' }) });

// ---------------------------------------------------------------------------------------------------------
// Where the truck is when something happens: a place on the map of Nigeria, not coordinates.

export const tripLocationInput = z
  .strictObject({
    state: z.enum(NIGERIAN_STATES, { error: 'Choose one of the 36 states or FCT' }),
    lga: z.string({ error: 'LGA is required' }).trim().min(1, 'LGA is required').max(120),
    /** A landmark or road, e.g. "Berger, Lagos-Ibadan Expressway". */
    description: z
      .string()
      .trim()
      .max(200, 'Landmark must be at most 200 characters')
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((location, ctx) => {
    if (!isLgaOfState(location.state, location.lga)) {
      ctx.addIssue({ code: 'custom', path: ['lga'], message: `Choose an LGA of ${location.state}` });
    }
  });
export type TripLocationInput = z.input<typeof tripLocationInput>;

export const tripLocationSchema = z.object({
  state: z.string(),
  lga: z.string(),
  description: z.string().nullable(),
});
export type TripLocation = z.infer<typeof tripLocationSchema>;

/** A reported place as stored and answered: the landmark is null, never missing. */
export function toTripLocation(
  location: { state: string; lga: string; description?: string | null } | null | undefined,
): TripLocation | null {
  if (!location) return null;
  return { state: location.state, lga: location.lga, description: location.description ?? null };
}

// ---------------------------------------------------------------------------------------------------------
// Status

export const MAX_TRIP_TEXT = 1000;
const reasonField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(3, `${label} must be at least 3 characters`)
    .max(MAX_TRIP_TEXT, `${label} must be at most ${MAX_TRIP_TEXT} characters`);

export const HANDOVER_CODE_LENGTH = 6;
export const HANDOVER_MAX_ATTEMPTS = 5;
export const HANDOVER_LOCK_MINUTES = 15;
export const handoverCodeField = z
  .string({ error: 'Enter the 6-digit handover code' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit handover code');

/**
 * PATCH /api/v1/trips/{id}/status: one step forward. DELIVERED needs the consignee's handover code, or,
 * for an admin only, an override reason instead.
 */
export const changeTripStatusRequest = z.strictObject({
  tripStatus: z.enum(TRIP_STATUSES, { error: 'Choose a trip status' }),
  location: tripLocationInput.optional(),
  note: z
    .string()
    .trim()
    .max(MAX_TRIP_TEXT, `Note must be at most ${MAX_TRIP_TEXT} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  handoverCode: handoverCodeField.optional(),
  overrideReason: reasonField('Override reason').optional(),
});
export type ChangeTripStatusRequest = z.infer<typeof changeTripStatusRequest>;
export type ChangeTripStatusInput = z.input<typeof changeTripStatusRequest>;

/** POST /api/v1/trips/{id}/status/undo (admin): takes the last step back, with a reason. */
export const undoTripStatusRequest = z.strictObject({ reason: reasonField('Reason') });
export type UndoTripStatusRequest = z.infer<typeof undoTripStatusRequest>;

export const tripStatusLogSchema = z.object({
  id: z.string(),
  tripStatus: z.enum(TRIP_STATUSES),
  /** ISO 8601. */
  timeStamp: z.string(),
  location: tripLocationSchema.nullable(),
  note: z.string().nullable(),
  /** Who moved the trip, e.g. "Bola Adeyemi (Eko Haulage)". */
  changedBy: z.string(),
  /** Set when DELIVERED was recorded by an admin without the code. */
  handoverOverrideReason: z.string().nullable(),
});
export type TripStatusLog = z.infer<typeof tripStatusLogSchema>;

/** GET /api/v1/trips/lookup/trip-status */
export const tripStatusLookupSchema = z.array(
  z.object({ tripStatus: z.enum(TRIP_STATUSES), tripStatusDescription: z.string() }),
);

// ---------------------------------------------------------------------------------------------------------
// Cancellation

export const MAX_CANCEL_TRIPS = 50;
/** PATCH /api/v1/trips/cancel: all of the trips are cancelled, or none. */
export const cancelTripsRequest = z.strictObject({
  tripIds: z
    .array(z.uuid({ error: 'Trip not found' }), { error: 'Choose the trips to cancel' })
    .min(1, 'Choose at least one trip')
    .max(MAX_CANCEL_TRIPS, `Cancel at most ${MAX_CANCEL_TRIPS} trips at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'A trip is listed twice'),
  reason: reasonField('Reason'),
});
export type CancelTripsRequest = z.infer<typeof cancelTripsRequest>;
export const cancelTripsResponse = z.object({ cancelled: z.array(z.string()) });

// ---------------------------------------------------------------------------------------------------------
// Resources

/** PUT /api/v1/trips/consignment/{id}/assign-resources: the truck and the driver are required. */
export const assignResourcesRequest = z.strictObject({
  truckId: z.uuid({ error: 'Choose a truck' }),
  driverId: z.uuid({ error: 'Choose a driver' }),
  motorBoyId: z.uuid({ error: 'Choose a motor boy' }).nullable().optional(),
});
export type AssignResourcesRequest = z.infer<typeof assignResourcesRequest>;

/** PATCH /api/v1/trips/{id}/resources: changes any of them, e.g. a replacement truck after a breakdown. */
export const changeResourcesRequest = z
  .strictObject({
    truckId: z.uuid({ error: 'Choose a truck' }).optional(),
    driverId: z.uuid({ error: 'Choose a driver' }).optional(),
    motorBoyId: z.uuid({ error: 'Choose a motor boy' }).nullable().optional(),
  })
  .refine((r) => Object.keys(r).length > 0, 'Choose a truck, a driver or a motor boy to change');
export type ChangeResourcesRequest = z.infer<typeof changeResourcesRequest>;

export const tripResourcesSchema = z.object({
  truck: z
    .object({
      id: z.string(),
      registrationNumber: z.string(),
      make: z.string(),
      model: z.string(),
      type: z.enum(TRUCK_TYPES),
    })
    .nullable(),
  driver: z
    .object({
      id: z.string(),
      name: z.string(),
      phoneNumber: z.string(),
      licenceNumber: z.string(),
      hasPhoto: z.boolean(),
    })
    .nullable(),
  motorBoy: z.object({ id: z.string(), name: z.string(), phoneNumber: z.string() }).nullable(),
});
export type TripResources = z.infer<typeof tripResourcesSchema>;

// ---------------------------------------------------------------------------------------------------------
// Consignment details: PATCH /api/v1/trips/consignment/{id}, before the cargo is loaded.

/** What a container trip carries; a general-cargo truck load has none of these. */
export const CONSIGNMENT_CONTAINER_FIELDS = [
  'containerNumber',
  'containerSize',
  'linerId',
  'deliveryOrderValidityDate',
] as const;
/** What a general-cargo truck load carries; a container trip has none of these. */
export const CONSIGNMENT_GENERAL_CARGO_FIELDS = [
  'description',
  'quantity',
  'weightTonnes',
  'truckType',
] as const;

export const updateConsignmentRequest = z
  .strictObject({
    containerNumber: containerNumberField.optional(),
    containerSize: z.enum(CONTAINER_SIZES, { error: 'Choose a container size' }).optional(),
    linerId: z.uuid({ error: 'Choose the shipping line' }).optional(),
    deliveryOrderValidityDate: isoDate.optional(),
    description: generalCargoInput.shape.description.optional(),
    quantity: generalCargoInput.shape.quantity.optional(),
    weightTonnes: generalCargoInput.shape.weightTonnes.optional(),
    truckType: generalCargoInput.shape.truckType.optional(),
  })
  .refine((r) => Object.keys(r).length > 0, 'Change at least one detail');
export type UpdateConsignmentRequest = z.infer<typeof updateConsignmentRequest>;

// ---------------------------------------------------------------------------------------------------------
// Notes: one per side of the trip. PATCH /api/v1/trips/{id} saves the caller's side's note.

export const MAX_TRIP_NOTE = 2000;
export const NOTE_SIDES = ['CUSTOMER', 'TRANSPORTER', 'ADMIN'] as const;
export type NoteSide = (typeof NOTE_SIDES)[number];
export const NOTE_SIDE_LABELS: Record<NoteSide, string> = {
  CUSTOMER: 'Customer note',
  TRANSPORTER: 'Transporter note',
  ADMIN: 'Admin note',
};

export const tripNoteSchema = z.object({
  id: z.string(),
  side: z.enum(NOTE_SIDES),
  isAdminNote: z.boolean(),
  note: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type TripNote = z.infer<typeof tripNoteSchema>;

/** PATCH /api/v1/trips/{id}: the caller's note and, for the transporter, the expected delivery date. */
export const updateTripRequest = z
  .strictObject({
    note: z
      .string({ error: 'Write a note' })
      .trim()
      .max(MAX_TRIP_NOTE, `A note is at most ${MAX_TRIP_NOTE} characters`)
      .optional(),
    expectedDeliveryDate: isoDate.nullable().optional(),
  })
  .refine((r) => Object.keys(r).length > 0, 'Send a note or an expected delivery date');
export type UpdateTripRequest = z.infer<typeof updateTripRequest>;
