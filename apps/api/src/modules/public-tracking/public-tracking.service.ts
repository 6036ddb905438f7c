import {
  PUBLIC_LINK_ID_PATTERN,
  TRIP_STATUS_LABELS,
  lagosClockText,
  lagosDayText,
  trackingTimeStamp,
  type OngoingTripItem,
  type PublicStatusLog,
  type TrackingTrip,
} from '@freightlane/domain';
import { etagOf } from '../../lib/http-cache';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import {
  findOngoingTrips,
  findPublicTrip,
  findRevokedTrackingLink,
  type OngoingTripRow,
  type PublicLastSeenRow,
  type PublicLogRow,
  type PublicTripRow,
} from './public-tracking.repository';

/**
 * A public answer ready to send: its JSON text (serialised once, when loaded), a strong ETag of that text,
 * and what decides when it goes stale.
 */
export interface PublicDocument {
  body: string;
  etag: string;
  /** The trips it shows: a change to any of them makes it stale. */
  tripIds: string[];
  /** The customer company of an ongoing-trips table (any change to its trips makes it stale); null for a tracking page. */
  companyId: string | null;
  /** When the tracking link stops working; null when it never does (and for the ongoing table). */
  expiresAt: Date | null;
  /**
   * When the answer goes stale by the clock alone, so it is read again: a truck reporting from the same LGA
   * changes no trip (nothing is announced), yet it moves the time the page says it was last seen. Null when
   * only announced changes can alter the answer.
   */
  refreshAt: Date | null;
}

/**
 * How far behind a truck's newest position the time a tracking page shows it was last seen may fall. The
 * page reads to the minute; a truck reports every 30 s to a minute; reading its trip again every two minutes
 * while anyone looks costs one query, however many look.
 */
export const LAST_SEEN_REFRESH_MS = 2 * 60_000;

/**
 * The 404 messages of the public pages. The page shows the spec's 'Oops! Resource Not Found.' under the
 * toast carrying one of these, so each says why and what to do, rather than saying "not found" again.
 */
export const TRIP_NOT_FOUND = 'No trip has this tracking link. Check the link you were sent.';
export const TRACKING_LINK_REVOKED = 'This tracking link has been revoked. Ask the sender for a new link.';
export const ONGOING_LINK_NOT_FOUND = 'No ongoing trips page has this link. Check the link you were sent.';

/** An id that no trip or company answers to: a guess, counted against the caller's miss limit. */
export class UnknownPublicLinkError extends AppError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}

/**
 * A tracking link that worked once and no longer does (revoked or expired). Saying so tells a guesser
 * nothing: only someone who was given the link can hold it. Carries its trip, so a change to the trip
 * (a new expiry) makes a cached answer stale.
 */
export class EndedTrackingLinkError extends AppError {
  constructor(
    message: string,
    readonly tripId: string,
  ) {
    super('NOT_FOUND', message);
  }
}

/** The Lagos day and time a link stopped working, as the page shows it: 21 Nov 2026, 14:05. */
export function trackingLinkExpiredMessage(expiredAt: Date): string {
  const iso = expiredAt.toISOString();
  return `This tracking link expired on ${lagosDayText(iso)}, ${lagosClockText(iso)}.`;
}

export function isPublicLinkId(id: string): boolean {
  return PUBLIC_LINK_ID_PATTERN.test(id);
}

/** When the truck was last seen in its last known place, or null when no time is known for that place. */
function lastSeenOf(row: PublicLastSeenRow | null): TrackingTrip['lastSeen'] {
  if (row === null) return undefined;
  const times = [row.positionAtMs, row.reportedAtMs].filter((ms): ms is number => ms !== null);
  // A place without a time could be days old: the page would say where the truck is not.
  if (times.length === 0) return undefined;
  return { lga: row.lga, state: row.state, at: trackingTimeStamp(new Date(Math.max(...times))) };
}

function publicLogs(logs: readonly PublicLogRow[]): PublicStatusLog[] {
  return logs.map((log) => ({ tripStatus: log.tripStatus, timeStamp: trackingTimeStamp(new Date(log.at)) }));
}

/**
 * The tracking page of the trip whose current tracking id is `trackingId`: the spec's tracking trip object
 * and nothing more, keys in the contract's order. A cancelled trip is still tracked: whoever holds the link
 * sees how far it got, which is exactly what they need to know; the link's expiry or a revocation is how
 * its parties end it. Throws NOT_FOUND for an unknown, revoked or expired id, each with its message.
 */
export async function loadPublicTracking(
  ctx: Pick<AppContext, 'db'>,
  trackingId: string,
): Promise<PublicDocument> {
  if (!isPublicLinkId(trackingId)) throw new UnknownPublicLinkError(TRIP_NOT_FOUND);
  const row = await findPublicTrip(ctx.db, trackingId);
  if (!row) {
    const revoked = await findRevokedTrackingLink(ctx.db, trackingId);
    if (revoked) throw new EndedTrackingLinkError(TRACKING_LINK_REVOKED, revoked.tripId);
    throw new UnknownPublicLinkError(TRIP_NOT_FOUND);
  }
  const doc = publicTrackingDocument(row, Date.now());
  if (doc instanceof EndedTrackingLinkError) throw doc;
  return doc;
}

/**
 * The tracking page of a trip as loaded, or the answer its expired link gives at `now`. Shared by the
 * lookup of one id and the read model that loads trips by the thousand, so both answer alike.
 */
export function publicTrackingDocument(
  row: PublicTripRow,
  now: number,
): PublicDocument | EndedTrackingLinkError {
  if (row.expiresAtMs !== null && row.expiresAtMs <= now) {
    return new EndedTrackingLinkError(trackingLinkExpiredMessage(new Date(row.expiresAtMs)), row.tripId);
  }
  const trip = row.trip;
  const tracking: TrackingTrip = {
    orderNumber: trip.orderNumber,
    containerNumbers: trip.containerNumbers,
    cargoType: trip.cargoType,
    tripNumber: trip.tripNumber,
    pickupTerminal: trip.pickupTerminal,
    pickupAddress: trip.pickupAddress,
    recipientTerminal: trip.recipientTerminal,
    recipientAddress: trip.recipientAddress,
    tripStatusLogs: publicLogs(trip.tripStatusLogs),
  };
  if (trip.eta) {
    tracking.eta = {
      typical: trackingTimeStamp(new Date(trip.eta.typical)),
      worst: trackingTimeStamp(new Date(trip.eta.worst)),
    };
  }
  if (trip.expectedDeliveryDate) tracking.expectedDeliveryDate = trip.expectedDeliveryDate;
  const lastSeen = lastSeenOf(trip.lastSeen);
  if (lastSeen) tracking.lastSeen = lastSeen;
  const body = JSON.stringify(tracking);
  return {
    body,
    etag: etagOf(body),
    tripIds: [row.tripId],
    companyId: null,
    expiresAt: row.expiresAtMs === null ? null : new Date(row.expiresAtMs),
    // Only a truck that reports from this very place moves the time without a trip change.
    refreshAt: (trip.lastSeen?.positionAtMs ?? null) === null ? null : new Date(now + LAST_SEEN_REFRESH_MS),
  };
}

function ongoingItem(row: OngoingTripRow): OngoingTripItem {
  const logs = publicLogs(row.tripStatusLogs);
  const movedAt = row.latestStatusAtMs ?? row.tripStatusLogs.at(-1)?.at ?? null;
  return {
    cargoType: row.cargoType,
    consignments: row.consignments,
    pickupDate: row.pickupDate,
    pickupTerminal: row.pickupTerminal,
    pickupAddress: row.pickupAddress,
    recipientTerminal: row.recipientTerminal,
    recipientAddress: row.recipientAddress,
    tripStatusLogs: logs,
    currentLocation: row.currentLocation,
    latestTripIssue: row.hasOpenIssue ? { issueStatus: 'OPEN' } : null,
    latestTripStatus:
      row.latestStatus && movedAt !== null
        ? {
            tripStatus: row.latestStatus,
            tripStatusDescription: TRIP_STATUS_LABELS[row.latestStatus],
            timeStamp: trackingTimeStamp(new Date(movedAt)),
          }
        : null,
    truckRegistrationNumber: row.truckRegistrationNumber,
  };
}

/**
 * The ongoing-trips table of the customer company whose share id is `shareId`: its started trips that are
 * neither completed nor cancelled, most recently moved first. Throws NOT_FOUND for an unknown id.
 */
export async function loadOngoingTrips(
  ctx: Pick<AppContext, 'db'>,
  shareId: string,
): Promise<PublicDocument> {
  if (!isPublicLinkId(shareId)) throw new UnknownPublicLinkError(ONGOING_LINK_NOT_FOUND);
  const row = await findOngoingTrips(ctx.db, shareId);
  if (!row) throw new UnknownPublicLinkError(ONGOING_LINK_NOT_FOUND);
  const body = JSON.stringify(row.trips.map(ongoingItem));
  return {
    body,
    etag: etagOf(body),
    tripIds: row.trips.map((t) => t.id),
    companyId: row.companyId,
    expiresAt: null,
    refreshAt: null,
  };
}
