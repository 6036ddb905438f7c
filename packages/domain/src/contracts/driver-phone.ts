import { z } from 'zod';
import { CARGO_TYPES } from '../cargo';
import { LOCALES } from '../i18n/locales';
import { TRIP_DOCUMENT_KINDS } from '../trip-document-kinds';
import { changeTripStatusRequest, TRIP_STATUSES, tripLocationSchema } from './trip';
import { openTripIssueRequest } from './trip-issue';
import { locationView } from './location';
import { driverTripCashSchema } from './road-money';

/**
 * A driver's private phone link, /driver/{token}: the driver's own page, and the address the free
 * Traccar Client app sends positions to (OsmAnd protocol, the token as its device id).
 */

/** How often the driver's page sends the phone's position while it is open. */
export const DRIVER_POSITION_INTERVAL_SECONDS = 30;
/** Positions a phone may send at once when its offline queue empties. */
export const MAX_QUEUED_POSITIONS = 500;

/** A driver token as issued: 192 random bits in base64url (32 characters). */
export const DRIVER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const driverToken = z.string().regex(DRIVER_TOKEN_PATTERN, 'This driver link is not valid');
export const driverTokenParams = z.strictObject({ token: driverToken });
export const driverExpenseParams = z.strictObject({
  token: driverToken,
  expenseId: z.uuid({ error: 'Expense not found' }),
});

/** The link as the transporter sees it on the driver's page, to send by SMS or WhatsApp. */
export const driverPhoneLinkSchema = z.object({
  url: z.string(),
  /** The server address to type into the Traccar Client app, with the token as its device identifier. */
  osmandUrl: z.string(),
  token: z.string(),
  createdAt: z.string(),
  lastPositionAt: z.string().nullable(),
});
export type DriverPhoneLink = z.infer<typeof driverPhoneLinkSchema>;

/** What the driver's page shows: who, for which company, and the trip in progress (if any). */
export const driverPageSchema = z.object({
  driver: z.object({
    firstName: z.string(),
    lastName: z.string(),
    /**
     * The language the driver reads, as the transporter set it or the driver chose it (phone page or
     * USSD); null when none was set (the page then follows the phone's own languages).
     */
    language: z.enum(LOCALES).nullable(),
  }),
  company: z.object({ name: z.string() }),
  truck: z.object({ registrationNumber: z.string() }).nullable(),
  trip: z
    .object({
      id: z.string(),
      tripNumber: z.string(),
      cargoType: z.enum(CARGO_TYPES),
      latestTripStatus: z.enum(TRIP_STATUSES).nullable(),
      pickup: locationView,
      recipient: locationView,
      currentLocation: tripLocationSchema.nullable(),
      /** The trip's cash: the advance, the expenses recorded and the balance. */
      cash: driverTripCashSchema,
    })
    .nullable(),
  positionIntervalSeconds: z.number().int(),
});
export type DriverPage = z.infer<typeof driverPageSchema>;

/**
 * PUT /api/v1/driver/{token}/language: the language the driver chose on the phone page, kept as the
 * driver's own so the USSD menu and the SMS follow it.
 */
export const driverLanguageRequest = z.strictObject({
  language: z.enum(LOCALES, { error: 'Choose English, Pidgin, Hausa, Yoruba or Igbo' }),
});
export type DriverLanguageRequest = z.infer<typeof driverLanguageRequest>;

/** One position from the phone's browser (Geolocation API), queued while offline. */
const latitudeField = z
  .number({ error: 'latitude must be a number' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');
const longitudeField = z
  .number({ error: 'longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');

export const phonePositionInput = z.strictObject({
  latitude: latitudeField,
  longitude: longitudeField,
  recordedAt: z.iso.datetime({ offset: true, error: 'recordedAt must be an ISO 8601 date-time' }),
  speedKmh: z.number().min(0).max(1000).nullable().optional(),
  heading: z.number().min(0).max(360).nullable().optional(),
  accuracyM: z.number().min(0).max(100_000).nullable().optional(),
});
export type PhonePositionInput = z.infer<typeof phonePositionInput>;

export const phonePositionsRequest = z.strictObject({
  positions: z
    .array(phonePositionInput, { error: 'Send the positions as a list' })
    .min(1, 'Send at least one position')
    .max(MAX_QUEUED_POSITIONS, `At most ${MAX_QUEUED_POSITIONS} positions at once`),
});
export type PhonePositionsRequest = z.infer<typeof phonePositionsRequest>;

export const positionIngestResponse = z.object({
  stored: z.number().int(),
  refused: z.array(z.object({ index: z.number().int(), message: z.string() })),
});
export type PositionIngestResponse = z.infer<typeof positionIngestResponse>;

const numberText = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`);

/**
 * The OsmAnd protocol as the Traccar Client app sends it (query or form fields): `id` (here the driver
 * token), `lat`, `lon`, `timestamp` (Unix seconds or ISO 8601), and optionally `speed` (knots),
 * `bearing`, `accuracy` (metres) and `batt` (percent).
 */
export const osmandQuery = z.object({
  id: driverToken,
  lat: numberText('lat'),
  lon: numberText('lon'),
  timestamp: z
    .string({ error: 'timestamp is required' })
    .min(1, 'timestamp is required')
    .max(40, 'timestamp is not a time'),
  speed: numberText('speed').optional(),
  bearing: numberText('bearing').optional(),
  accuracy: numberText('accuracy').optional(),
  batt: numberText('batt').optional(),
});
export type OsmandQuery = z.infer<typeof osmandQuery>;

/** An OsmAnd timestamp: Unix seconds (or milliseconds), or an ISO 8601 date-time; null when neither. */
export function osmandTime(text: string): Date | null {
  if (/^\d{9,13}(\.\d+)?$/.test(text)) {
    const n = Number(text);
    return new Date(n < 1e12 ? n * 1000 : n);
  }
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

// ---------------------------------------------------------------------------------------------------------
// The driver's actions: the next status, an issue, a photo, an expense and the answer to a query. Each carries an id the phone made up when the
// driver pressed the button, so an action the phone sends again (its answer was lost, or it waited offline)
// is recorded once; the resend answers what the first one did.

export const DRIVER_ACTIONS = ['STATUS', 'ISSUE', 'DOCUMENT', 'EXPENSE', 'EXPENSE_REPLY'] as const;
export type DriverAction = (typeof DRIVER_ACTIONS)[number];

const clientActionIdField = z.uuid({ error: 'clientActionId must be a UUID the phone made for the action' });

/**
 * Where the phone was when the driver acted. Without a typed location the server names its LGA and state
 * from the gazetteer, as it does for positions.
 */
const phoneSpot = z.strictObject({ latitude: latitudeField, longitude: longitudeField });

/**
 * POST /api/v1/driver/{token}/status: the trip's next step, under the rules of PATCH /api/v1/trips/{id}/status
 * for the transporter's side (DELIVERED needs the consignee's handover code; no override).
 */
export const driverStatusRequest = changeTripStatusRequest.omit({ overrideReason: true }).extend({
  clientActionId: clientActionIdField,
  position: phoneSpot.optional(),
});
export type DriverStatusRequest = z.infer<typeof driverStatusRequest>;

/** POST /api/v1/driver/{token}/issues: the fields of POST /api/v1/trips/{id}/issues. */
export const driverIssueRequest = openTripIssueRequest.extend({
  clientActionId: clientActionIdField,
  position: phoneSpot.optional(),
});
export type DriverIssueRequest = z.infer<typeof driverIssueRequest>;

/** The photos a driver's phone uploads; a PDF comes from the office, not from the cab. */
export const DRIVER_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The text fields of POST /api/v1/driver/{token}/documents (multipart, beside the `file`). */
export const driverDocumentFields = z.object({
  clientActionId: clientActionIdField,
  kind: z.enum(TRIP_DOCUMENT_KINDS, { error: 'Choose what the photo shows' }),
});
export type DriverDocumentFields = z.infer<typeof driverDocumentFields>;

/** What an action recorded; a resent action answers this same body again. */
export const driverActionResult = z.object({
  clientActionId: z.string(),
  action: z.enum(DRIVER_ACTIONS),
  trip: z.object({
    id: z.string(),
    tripNumber: z.string(),
    latestTripStatus: z.enum(TRIP_STATUSES).nullable(),
  }),
  /** What the driver reads: "Recorded: At Pick-Up Location". */
  message: z.string(),
  recordedAt: z.string(),
});
export type DriverActionResult = z.infer<typeof driverActionResult>;
