import { z } from 'zod';
import { CONTAINER_SIZES, TRUCK_TYPES } from '../cargo';
import { NIGERIAN_STATES } from '../nigeria';
import { isLgaOfState } from '../nigeria-lgas';
import { containerNumberField, generalCargoInput, isoDate } from './order';
import { pageOf, pageQuery, sortParam } from './page';
import { TRIP_STATUSES, tripSummarySchema } from './trip';

// ---------------------------------------------------------------------------------------------------------
// Ids

export const tripIdParams = z.object({ id: z.uuid({ error: 'Trip not found' }) });
export const consignmentIdParams = z.object({ id: z.uuid({ error: 'Consignment not found' }) });
export const tripIssueIdParams = z.object({ id: z.uuid({ error: 'Issue not found' }) });
export const tripDocumentIdParams = z.object({ id: z.uuid({ error: 'Document not found' }) });

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

// ---------------------------------------------------------------------------------------------------------
// Issues

export const TRIP_ISSUE_TYPES = [
  'BREAKDOWN',
  'ACCIDENT',
  'CHECKPOINT_DELAY',
  'PORT_CONGESTION',
  'DIVERSION',
  'OTHER',
] as const;
export type TripIssueType = (typeof TRIP_ISSUE_TYPES)[number];
export const TRIP_ISSUE_TYPE_LABELS: Record<TripIssueType, string> = {
  BREAKDOWN: 'Breakdown',
  ACCIDENT: 'Accident',
  CHECKPOINT_DELAY: 'Checkpoint / police delay',
  PORT_CONGESTION: 'Port congestion',
  DIVERSION: 'Diversion',
  OTHER: 'Other',
};
export const TRIP_ISSUE_STATUSES = ['OPEN', 'RESOLVED'] as const;
export type TripIssueStatus = (typeof TRIP_ISSUE_STATUSES)[number];

/** POST /api/v1/trips/{id}/issues. The opening time defaults to now and is never in the future. */
export const openTripIssueRequest = z.strictObject({
  issueType: z.enum(TRIP_ISSUE_TYPES, { error: 'Choose what happened' }),
  description: z
    .string({ error: 'Describe what happened' })
    .trim()
    .min(3, 'Describe what happened')
    .max(MAX_TRIP_TEXT, `Description must be at most ${MAX_TRIP_TEXT} characters`),
  openingTimeStamp: z.iso
    .datetime({ offset: true, error: 'Enter the time as an ISO 8601 date and time' })
    .optional(),
  location: tripLocationInput.optional(),
});
export type OpenTripIssueRequest = z.infer<typeof openTripIssueRequest>;
export type OpenTripIssueInput = z.input<typeof openTripIssueRequest>;

export const tripIssueSchema = z.object({
  id: z.string(),
  trip: z.object({ id: z.string(), tripNumber: z.string() }),
  issueType: z.enum(TRIP_ISSUE_TYPES),
  description: z.string(),
  status: z.enum(TRIP_ISSUE_STATUSES),
  openingTimeStamp: z.string(),
  location: tripLocationSchema.nullable(),
  openedBy: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type TripIssue = z.infer<typeof tripIssueSchema>;
export const tripIssuePage = pageOf(tripIssueSchema);

const ISSUE_SORTS = ['openingTimeStamp,DESC', 'openingTimeStamp,ASC', 'trip.id,ASC', 'trip.id,DESC'] as const;
export type TripIssueSort = (typeof ISSUE_SORTS)[number];

/** GET /api/v1/trips/issues?sort=openingTimeStamp,DESC&sort=trip.id,ASC&page&size, or ?status=OPEN */
export const tripIssueListQuery = pageQuery.extend({
  status: z.enum(TRIP_ISSUE_STATUSES, { error: 'status is OPEN or RESOLVED' }).optional(),
  sort: sortParam(ISSUE_SORTS),
  tripId: z.uuid({ error: 'Trip not found' }).optional(),
});
export type TripIssueListQuery = z.infer<typeof tripIssueListQuery>;

// ---------------------------------------------------------------------------------------------------------
// Documents

export const TRIP_DOCUMENT_KINDS = [
  'WAYBILL',
  'TERMINAL_DELIVERY_ORDER',
  'EQUIPMENT_INTERCHANGE_RECEIPT',
  'PROOF_OF_DELIVERY',
  'PHOTO',
  'OTHER',
] as const;
export type TripDocumentKind = (typeof TRIP_DOCUMENT_KINDS)[number];
export const TRIP_DOCUMENT_KIND_LABELS: Record<TripDocumentKind, string> = {
  WAYBILL: 'Waybill',
  TERMINAL_DELIVERY_ORDER: 'Terminal delivery order',
  EQUIPMENT_INTERCHANGE_RECEIPT: 'Equipment interchange receipt',
  PROOF_OF_DELIVERY: 'Proof of delivery',
  PHOTO: 'Photo',
  OTHER: 'Other',
};
export const MAX_TRIP_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const TRIP_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

export const tripDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(TRIP_DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  /** Whether the caller may delete it: the uploader's company, or an admin. */
  canDelete: z.boolean(),
});
export type TripDocument = z.infer<typeof tripDocumentSchema>;
export const tripDocumentList = z.array(tripDocumentSchema);

// ---------------------------------------------------------------------------------------------------------
// The trip entity of the spec: GET /api/v1/trips/{id}

export const TRIP_ACTIONS = [
  'CHANGE_STATUS',
  'UNDO_STATUS',
  'CANCEL',
  'ASSIGN_RESOURCES',
  'EDIT_CONSIGNMENT',
  'SET_EXPECTED_DELIVERY',
] as const;
export type TripAction = (typeof TRIP_ACTIONS)[number];

export const tripDetailSchema = tripSummarySchema.extend({
  tripStatusLogs: z.array(tripStatusLogSchema),
  resources: tripResourcesSchema,
  documents: z.array(tripDocumentSchema),
  issues: z.array(tripIssueSchema),
  notes: z.array(tripNoteSchema),
  currentLocation: tripLocationSchema.nullable(),
  expectedDeliveryDate: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** When the public tracking link stops working; null: never. */
  trackingExpiresAt: z.string().nullable(),
  /** The statuses the caller may move the trip to now (empty when the caller may not move it). */
  allowedNextStatuses: z.array(z.enum(TRIP_STATUSES)),
  /** What the caller may do on this trip now; the server checks each again. */
  actions: z.array(z.enum(TRIP_ACTIONS)),
  /** The handover code: shown to the customer (and admins) only. */
  handover: z.object({
    code: z.string().nullable(),
    lockedUntil: z.string().nullable(),
  }),
  invoice: z
    .object({
      invoiceNumber: z.string(),
      amountKobo: z.number(),
      status: z.string(),
      dueAt: z.string(),
    })
    .nullable(),
});
export type TripDetail = z.infer<typeof tripDetailSchema>;

// ---------------------------------------------------------------------------------------------------------
// Schedule: GET /api/v1/trips/schedule/year/{year}/month/{month}?q=completed:false

export const scheduleParams = z.object({
  year: z.coerce
    .number({ error: 'year must be a number' })
    .int('year must be a whole number')
    .min(2000, 'year must be 2000 or later')
    .max(2100, 'year must be 2100 or earlier'),
  month: z.coerce
    .number({ error: 'month must be a number' })
    .int('month must be a whole number')
    .min(1, 'month is 1 to 12')
    .max(12, 'month is 1 to 12'),
});

/** The spec's `q=completed:false`; `completed:true` shows finished trips; none shows all. */
export const scheduleQuery = z.object({
  q: z
    .enum(['completed:false', 'completed:true'], { error: 'q is completed:false or completed:true' })
    .optional(),
});

export const SCHEDULE_EVENT_KINDS = ['PICKUP', 'DELIVERY'] as const;
export type ScheduleEventKind = (typeof SCHEDULE_EVENT_KINDS)[number];

export const scheduleEventSchema = z.object({
  kind: z.enum(SCHEDULE_EVENT_KINDS),
  /** A Lagos calendar date, YYYY-MM-DD. */
  date: z.string(),
  trip: tripSummarySchema.pick({
    id: true,
    tripNumber: true,
    cargoType: true,
    latestTripStatus: true,
    completed: true,
    cancelled: true,
    pickup: true,
    recipient: true,
    clientName: true,
    customerName: true,
    transporterName: true,
  }),
  /** The container number, or the general cargo's description. */
  cargo: z.string(),
  truckRegistrationNumber: z.string().nullable(),
});
export type ScheduleEvent = z.infer<typeof scheduleEventSchema>;
export const scheduleResponse = z.object({
  year: z.number().int(),
  month: z.number().int(),
  events: z.array(scheduleEventSchema),
});
export type ScheduleResponse = z.infer<typeof scheduleResponse>;

// ---------------------------------------------------------------------------------------------------------
// Map: GET /api/v1/trips/map?sabiPort=false&bargeTrip=false

const flagQuery = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .default('false')
  .transform((v) => v === 'true');

/**
 * The spec's map call. Trips by barge and trips booked through a port's truck call-up ("Sabi port") are
 * not carried by the platform yet, so asking for them (true) answers an empty map rather than road trips.
 */
export const tripMapQuery = z.object({ sabiPort: flagQuery, bargeTrip: flagQuery });

/** A live trip on the map: where it was last reported, which truck, and where it goes. */
export const tripMapItemSchema = tripSummarySchema
  .pick({
    id: true,
    tripNumber: true,
    cargoType: true,
    latestTripStatus: true,
    pickup: true,
    recipient: true,
  })
  .extend({
    currentLocation: tripLocationSchema.nullable(),
    truckRegistrationNumber: z.string().nullable(),
    hasOpenIssue: z.boolean(),
  });
export type TripMapItem = z.infer<typeof tripMapItemSchema>;
export const tripMapResponse = z.array(tripMapItemSchema);
