import { z } from 'zod';
import {
  TRIP_STATUSES,
  tripLocationSchema,
  tripNoteSchema,
  tripResourcesSchema,
  tripStatusLogSchema,
  tripSummarySchema,
} from './trip';
import { tripDocumentSchema } from './trip-document';
import { tripAlertSchema } from './trip-alert';
import { tripIssueSchema } from './trip-issue';
import { containerFreeTimeSchema } from './free-time';
import { INVOICE_STATUSES } from './invoice';

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
  /**
   * What the truck's tracking saw that does not hold the trip up (driving at night), newest first. Unlike
   * an open issue, an alert never shows the trip as DELAYED.
   */
  alerts: z.array(tripAlertSchema),
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
      id: z.string(),
      invoiceNumber: z.string(),
      amountKobo: z.number(),
      status: z.enum(INVOICE_STATUSES),
      dueAt: z.string(),
      /** Charges proposed and not yet answered by the customer. */
      chargesAwaitingAnswer: z.number().int(),
    })
    .nullable(),
  /** An import container's free time and deposit; null for other cargo. */
  freeTime: containerFreeTimeSchema.nullable(),
  /**
   * An arrival the truck's geofence saw, waiting to be recorded: for transporters whose tracking settings
   * propose arrivals instead of recording them. Null when there is none.
   */
  arrivalProposal: z.object({ status: z.enum(TRIP_STATUSES), at: z.string() }).nullable(),
  /**
   * While the trip is loaded and on its way: when it typically, and at the latest, reaches its delivery,
   * from the durations of past trips on its lane (the median and the 90th percentile). Null without
   * enough history (three trips).
   */
  eta: z.object({ typical: z.string(), worst: z.string() }).nullable(),
});
export type TripDetail = z.infer<typeof tripDetailSchema>;
