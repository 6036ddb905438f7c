import { z } from 'zod';
import { CARGO_TYPES, CONTAINER_SIZES } from '../cargo';
import { TRIP_STATUSES } from './trip';

/**
 * Public tracking: GET /api/v1/trips/open-access/{trackingId} and the ongoing-trips table. Anyone with
 * the link reads these, so every object is strict: no internal id, phone number or price can slip in.
 */

/** The shape of a tracking or share id, for servers that check it without zod on a hot path. */
export const PUBLIC_LINK_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A tracking or share id as issued: 128 random bits in base64url (22 characters); anything else is unknown. */
const publicId = z
  .string()
  .regex(PUBLIC_LINK_ID_PATTERN, 'This link is not valid')
  .max(64, 'This link is not valid');

export const trackingIdParams = z.strictObject({ trackingId: publicId });
export const shareIdParams = z.strictObject({ id: publicId });

const publicTerminal = z.strictObject({ operator: z.string(), city: z.string() });
const publicAddress = z.strictObject({ city: z.string(), state: z.string() });

/** One step as the public sees it; timeStamp is the spec's 'date time' text (Lagos wall clock). */
export const publicStatusLogSchema = z.strictObject({
  tripStatus: z.enum(TRIP_STATUSES),
  timeStamp: z.string(),
});
export type PublicStatusLog = z.infer<typeof publicStatusLogSchema>;

/**
 * The spec's tracking trip object, and what the tracking issues added after its fields: when the cargo is
 * expected and where the truck was last seen. Each addition is left out while it is not known, so the page
 * shows nothing rather than 'N/A' for it.
 */
export const trackingTripSchema = z.strictObject({
  orderNumber: z.string().nullable(),
  containerNumbers: z.array(z.string()),
  cargoType: z.enum(CARGO_TYPES),
  tripNumber: z.string(),
  pickupTerminal: publicTerminal.nullable(),
  pickupAddress: publicAddress.nullable(),
  recipientTerminal: publicTerminal.nullable(),
  recipientAddress: publicAddress.nullable(),
  tripStatusLogs: z.array(publicStatusLogSchema),
  /**
   * When the cargo typically, and at the latest, reaches delivery, from its lane's past trips: 'date time'
   * texts (Lagos wall clock). Only while the trip is loaded and on its way and its lane has enough history
   * (the signed-in trip page's rule).
   */
  eta: z.strictObject({ typical: z.string(), worst: z.string() }).optional(),
  /** The delivery day the transporter set (YYYY-MM-DD); left out once delivered or cancelled. */
  expectedDeliveryDate: z.string().optional(),
  /**
   * The truck's last known place while the trip is on (started, neither finished nor cancelled): its LGA and
   * state only, never coordinates, a street or a landmark, and when it was seen there ('date time' text).
   */
  lastSeen: z.strictObject({ lga: z.string(), state: z.string(), at: z.string() }).optional(),
});
export type TrackingTrip = z.infer<typeof trackingTripSchema>;

/** The spec's ongoing trip item: what the shared table of a customer's ongoing trips needs. */
export const ongoingTripItemSchema = z.strictObject({
  cargoType: z.enum(CARGO_TYPES),
  consignments: z.array(
    z.strictObject({
      containerNumber: z.string().nullable(),
      containerSize: z.enum(CONTAINER_SIZES).nullable(),
      liner: z.strictObject({ name: z.string() }).nullable(),
      deliveryOrderValidityDate: z.string().nullable(),
    }),
  ),
  /** YYYY-MM-DD, the collection day the customer ordered. */
  pickupDate: z.string(),
  pickupTerminal: publicTerminal.nullable(),
  pickupAddress: publicAddress.nullable(),
  recipientTerminal: publicTerminal.nullable(),
  recipientAddress: publicAddress.nullable(),
  tripStatusLogs: z.array(publicStatusLogSchema),
  currentLocation: z
    .strictObject({ address: z.strictObject({ lga: z.string().nullable(), state: z.string() }) })
    .nullable(),
  /** The latest issue that is still open; null when none is. */
  latestTripIssue: z.strictObject({ issueStatus: z.literal('OPEN') }).nullable(),
  latestTripStatus: z
    .strictObject({
      tripStatus: z.enum(TRIP_STATUSES),
      tripStatusDescription: z.string(),
      timeStamp: z.string(),
    })
    .nullable(),
  truckRegistrationNumber: z.string().nullable(),
});
export type OngoingTripItem = z.infer<typeof ongoingTripItemSchema>;
export const ongoingTripsResponse = z.array(ongoingTripItemSchema);

// ---------------------------------------------------------------------------------------------------------
// Managing the links (signed in)

/** The longest a tracking link may be set to live: a long inland trip plus the paperwork after it. */
export const TRACKING_LINK_MAX_DAYS = 90;

/** A trip's tracking link as its parties manage it. */
export const trackingLinkSchema = z.object({
  trackingId: z.string(),
  /** ISO timestamp; null when the link never expires. */
  expiresAt: z.string().nullable(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

/** PUT /api/v1/trips/{id}/tracking-link: when the link stops working, or null for never. */
export const setTrackingLinkExpiryRequest = z.strictObject({
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Enter the expiry as a date and time', abort: true })
    .nullable()
    .refine((v) => v === null || Date.parse(v) > Date.now(), 'The expiry must be in the future')
    .refine(
      (v) => v === null || Date.parse(v) <= Date.now() + TRACKING_LINK_MAX_DAYS * 24 * 3600 * 1000,
      `The expiry can be at most ${TRACKING_LINK_MAX_DAYS} days away`,
    ),
});
export type SetTrackingLinkExpiryRequest = z.infer<typeof setTrackingLinkExpiryRequest>;

/** A customer company's link to its ongoing-trips table. */
export const ongoingTripsLinkSchema = z.object({ shareId: z.string() });
export type OngoingTripsLink = z.infer<typeof ongoingTripsLinkSchema>;
