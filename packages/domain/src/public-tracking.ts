import { CARGO_TYPE_LABELS, CONTAINER_SIZE_LABELS } from './cargo';
import type { OngoingTripItem, PublicStatusLog, TrackingTrip } from './contracts/public-tracking';
import type { TripStatus } from './contracts/trip';
import { lagosClockText, lagosDateTimeText, lagosDayText, tripTimeMs } from './lagos-time';
import { locationText } from './place-text';
import { offloadDate, ongoingStatus, timelineSteps, type TimelineStep } from './trip-status';

export type { OngoingTripItem, PublicStatusLog, TrackingTrip } from './contracts/public-tracking';
export type { TripStatus } from './contracts/trip';
export { locationText } from './place-text';
// The public pages colour a status by its description, so they read the labels from here (zod-free).
export { TRIP_STATUS_LABELS } from './trip-status';

/**
 * The rules of the public pages (spec: trip tracking screen, ongoing trips screen, sections 4 and 5).
 * This module and everything it imports stay free of zod and of the signed-in app, so the light public
 * bundle can carry them.
 */

export const NOT_AVAILABLE = 'N/A';

/** A value as the public pages show it: 'N/A' when missing or blank. */
export function orNotAvailable(value: string | null | undefined): string {
  return value?.trim() ? value : NOT_AVAILABLE;
}

/** Container Number(s): every known number, joined by slashes. */
export function containerNumbersText(numbers: readonly (string | null | undefined)[]): string {
  const known = numbers.filter((n): n is string => !!n?.trim());
  return known.length ? known.join('/') : NOT_AVAILABLE;
}

/**
 * The tracking id of a tracking page's URL (origin and path, without query or fragment), or null when
 * the URL does not have exactly five slash-separated parts with a non-empty last one
 * (https: · '' · host · tripprogress · id).
 */
export function trackingIdFromUrl(url: string): string | null {
  const parts = url.split('/');
  if (parts.length !== 5) return null;
  const id = parts[4]!;
  return id.length > 0 ? decodeURIComponent(id) : null;
}

/** The share id of an ongoing-trips URL path: its last segment, or null when it is empty. */
export function shareIdFromPath(pathname: string): string | null {
  const last = pathname.split('/').pop() ?? '';
  return last.length > 0 ? decodeURIComponent(last) : null;
}

export interface DetailRow {
  label: string;
  value: string;
}

/** Shipment Details, in the spec's order, each 'N/A' when missing. */
export function shipmentDetails(trip: TrackingTrip): DetailRow[] {
  return [
    { label: 'Order Number', value: orNotAvailable(trip.orderNumber) },
    { label: 'Container Number(s)', value: containerNumbersText(trip.containerNumbers) },
    { label: 'Cargo Type', value: orNotAvailable(CARGO_TYPE_LABELS[trip.cargoType]) },
    { label: 'Trip ID', value: orNotAvailable(trip.tripNumber) },
    {
      label: 'Pickup Location',
      value: locationText({ terminal: trip.pickupTerminal, address: trip.pickupAddress }),
    },
    {
      label: 'Delivery Location',
      value: locationText({ terminal: trip.recipientTerminal, address: trip.recipientAddress }),
    },
  ];
}

export interface ProgressStep extends TimelineStep {
  /** 14:05 and 21 Nov 2026 in Lagos; null until the step is reached. */
  time: string | null;
  date: string | null;
}

/** Shipment Progress: the cargo type's steps, ticked from the logs, each with its time and date. */
export function shipmentProgress(trip: Pick<TrackingTrip, 'cargoType' | 'tripStatusLogs'>): ProgressStep[] {
  return timelineSteps(trip.cargoType, trip.tripStatusLogs).map((step) => ({
    ...step,
    time: lagosClockText(step.timeStamp),
    date: lagosDayText(step.timeStamp),
  }));
}

/** The latest time the trip reached one of these statuses, or null. */
function reachedAt(logs: readonly PublicStatusLog[], statuses: readonly TripStatus[]): string | null {
  let found: PublicStatusLog | null = null;
  for (const log of logs) {
    if (!statuses.includes(log.tripStatus)) continue;
    if (!found || tripTimeMs(log.timeStamp) >= tripTimeMs(found.timeStamp)) found = log;
  }
  return found?.timeStamp ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// When and where: the two facts the tracking page shows above everything else

/** A fact as the page shows it: a short statement, and what backs it (null when the statement says it all). */
export interface TripFact {
  text: string;
  detail: string | null;
}

/** A Lagos day's parts, e.g. ['3', 'Dec', '2026'], or null when the time cannot be read. */
function dayParts(text: string): [string, string, string] | null {
  const day = lagosDayText(text);
  return day === null ? null : (day.split(' ') as [string, string, string]);
}

/**
 * Two Lagos days as one span, naming each month and year once: '3 Dec 2026', '3–4 Dec 2026',
 * '30 Nov – 2 Dec 2026', '31 Dec 2026 – 1 Jan 2027'. Null when either cannot be read.
 */
export function dayRangeText(from: string, to: string): string | null {
  const a = dayParts(from);
  const b = dayParts(to);
  if (a === null || b === null) return null;
  const [d1, m1, y1] = a;
  const [d2, m2, y2] = b;
  if (y1 !== y2) return `${d1} ${m1} ${y1} – ${d2} ${m2} ${y2}`;
  if (m1 !== m2) return `${d1} ${m1} – ${d2} ${m2} ${y2}`;
  return d1 === d2 ? `${d2} ${m2} ${y2}` : `${d1}–${d2} ${m2} ${y2}`;
}

/** A Lagos day and time without the year, which the statement above it already gives: 3 Dec, 14:30. */
function dayAndClockText(text: string): string | null {
  const parts = dayParts(text);
  const clock = lagosClockText(text);
  return parts === null || clock === null ? null : `${parts[0]} ${parts[1]}, ${clock}`;
}

/**
 * When the cargo reaches its delivery, as far as anyone knows: the delivery time once it is delivered;
 * before that the range its lane's past trips give (typically by, at the latest by), else the day the
 * transporter set; null when none is known.
 */
export function deliveryFact(
  trip: Pick<TrackingTrip, 'tripStatusLogs' | 'eta' | 'expectedDeliveryDate'>,
): TripFact | null {
  const delivered = lagosDateTimeText(reachedAt(trip.tripStatusLogs, ['DELIVERED']));
  if (delivered !== null) return { text: `Delivered ${delivered}`, detail: null };
  if (trip.eta) {
    const range = dayRangeText(trip.eta.typical, trip.eta.worst);
    const typical = dayAndClockText(trip.eta.typical);
    const worst = dayAndClockText(trip.eta.worst);
    if (range !== null && typical !== null && worst !== null) {
      return {
        text: `Expected ${range}`,
        detail: `Typically by ${typical}; at the latest by ${worst} (from this route’s past trips)`,
      };
    }
  }
  const day = lagosDayText(trip.expectedDeliveryDate);
  return day === null ? null : { text: `Expected ${day}`, detail: 'Date given by the transporter' };
}

const MINUTE_MS = 60_000;

/**
 * How long ago, in the short words shown beside an absolute time: 'just now', '5 min ago', '3 h ago',
 * '2 d ago'. A moment slightly ahead of this clock (the server's runs ahead of the phone's) is 'just now'.
 */
export function timeAgoText(atMs: number, now: number): string {
  const minutes = Math.floor((now - atMs) / MINUTE_MS);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

export interface LastSeenFact {
  /** 'Ikeja, Lagos': the LGA and state, nothing finer. */
  place: string;
  /** 21 Nov 2026, 14:05 in Lagos. */
  at: string;
  /** '3 h ago', at `now`. */
  ago: string;
  /** The same moment in ISO 8601, for machines (a <time> element's datetime). */
  iso: string;
}

/** Where the truck was last seen and when, at `now`; null when the trip does not say. */
export function lastSeenFact(trip: Pick<TrackingTrip, 'lastSeen'>, now: number): LastSeenFact | null {
  const seen = trip.lastSeen;
  const at = lagosDateTimeText(seen?.at);
  if (!seen || at === null) return null;
  const ms = tripTimeMs(seen.at);
  return {
    place: `${seen.lga}, ${seen.state}`,
    at,
    ago: timeAgoText(ms, now),
    iso: new Date(ms).toISOString(),
  };
}

/** The fact as one line: Last seen in Ikeja, Lagos · 21 Nov 2026, 14:05 (3 h ago). */
export function lastSeenText(fact: LastSeenFact): string {
  return `Last seen in ${fact.place} · ${fact.at} (${fact.ago})`;
}

// ---------------------------------------------------------------------------------------------------------
// The ongoing trips table

export const ONGOING_CONTAINER_COLUMNS = [
  'Container NO',
  'Cargo Size',
  'Liner',
  'Truck NO',
  'Collection Date',
  'Pick Up Location',
  'Delivery Location',
  'Loading Date',
  'Arrival Date',
  'Offload Date',
  'Empty Return',
  'Last Location',
  'Empty Drop Off Date',
  'Trip Status',
] as const;

export const ONGOING_GENERAL_CARGO_COLUMNS = [
  'Cargo Type',
  'Collection Date',
  'Pick Up Location',
  'Delivery Location',
  'Truck NO',
  'Loading Date',
  'Arrival Date',
  'Offload Date',
  'Last Location',
  'Trip Status',
] as const;

function dayOf(text: string | null | undefined): string {
  return lagosDayText(text) ?? NOT_AVAILABLE;
}

/** Last Location: the LGA and state of the truck's last reported place. */
export function lastLocationText(item: Pick<OngoingTripItem, 'currentLocation'>): string {
  const address = item.currentLocation?.address;
  if (!address) return NOT_AVAILABLE;
  return address.lga ? `${address.lga}, ${address.state}` : address.state;
}

/** The columns both tables share, by name. */
function commonCells(item: OngoingTripItem) {
  return {
    truck: orNotAvailable(item.truckRegistrationNumber),
    collection: dayOf(item.pickupDate),
    pickup: locationText({ terminal: item.pickupTerminal, address: item.pickupAddress }),
    delivery: locationText({ terminal: item.recipientTerminal, address: item.recipientAddress }),
    loading: dayOf(reachedAt(item.tripStatusLogs, ['LOADED'])),
    arrival: dayOf(reachedAt(item.tripStatusLogs, ['AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION'])),
    offload: dayOf(offloadDate(item.cargoType, item.tripStatusLogs)),
    lastLocation: lastLocationText(item),
    status: ongoingStatus(item),
  };
}

/** One row per container of every container trip, cells in ONGOING_CONTAINER_COLUMNS order. */
export function ongoingContainerRows(items: readonly OngoingTripItem[]): string[][] {
  return items
    .filter((item) => item.cargoType !== 'GENERAL_CARGO')
    .flatMap((item) => {
      const c = commonCells(item);
      const consignments = item.consignments.length ? item.consignments : [null];
      return consignments.map((consignment) => [
        orNotAvailable(consignment?.containerNumber),
        consignment?.containerSize ? CONTAINER_SIZE_LABELS[consignment.containerSize] : NOT_AVAILABLE,
        orNotAvailable(consignment?.liner?.name),
        c.truck,
        c.collection,
        c.pickup,
        c.delivery,
        c.loading,
        c.arrival,
        c.offload,
        dayOf(consignment?.deliveryOrderValidityDate),
        c.lastLocation,
        dayOf(reachedAt(item.tripStatusLogs, ['EMPTY_DROP_OFF'])),
        c.status,
      ]);
    });
}

/** One row per general-cargo trip, cells in ONGOING_GENERAL_CARGO_COLUMNS order. */
export function ongoingGeneralCargoRows(items: readonly OngoingTripItem[]): string[][] {
  return items
    .filter((item) => item.cargoType === 'GENERAL_CARGO')
    .map((item) => {
      const c = commonCells(item);
      return [
        CARGO_TYPE_LABELS[item.cargoType],
        c.collection,
        c.pickup,
        c.delivery,
        c.truck,
        c.loading,
        c.arrival,
        c.offload,
        c.lastLocation,
        c.status,
      ];
    });
}
