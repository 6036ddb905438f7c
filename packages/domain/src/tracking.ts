import { CARGO_TYPE_LABELS, CONTAINER_SIZE_LABELS } from './cargo';
import type { OngoingTripItem, PublicStatusLog, TrackingTrip } from './contracts/tracking';
import type { TripStatus } from './contracts/trip';
import { lagosClockText, lagosDateTimeText, lagosDayText, tripTimeMs } from './lagos-time';
import { locationText } from './place-text';
import { offloadDate, ongoingStatus, timelineSteps, type TimelineStep } from './trip-status';

export type { OngoingTripItem, PublicStatusLog, TrackingTrip } from './contracts/tracking';
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
  /** On the step the trip is heading for, when it has an ETA: when it is expected there. */
  expected: string | null;
}

/** The ETA as a sentence: the typical arrival and the latest, in Lagos time. */
export function expectedArrivalText(eta: NonNullable<TrackingTrip['eta']>): string | null {
  const typical = lagosDateTimeText(eta.typical);
  const worst = lagosDateTimeText(eta.worst);
  if (typical === null || worst === null) return null;
  return `Expected around ${typical}, by ${worst} at the latest (from this route’s past trips)`;
}

/**
 * Shipment Progress: the cargo type's steps, ticked from the logs, each with its time and date; the first
 * step not reached carries the ETA when the trip has one.
 */
export function shipmentProgress(
  trip: Pick<TrackingTrip, 'cargoType' | 'tripStatusLogs' | 'eta'>,
): ProgressStep[] {
  const steps = timelineSteps(trip.cargoType, trip.tripStatusLogs);
  const next = steps.findIndex((step) => !step.done);
  const expected = trip.eta ? expectedArrivalText(trip.eta) : null;
  return steps.map((step, index) => ({
    ...step,
    time: lagosClockText(step.timeStamp),
    date: lagosDayText(step.timeStamp),
    expected: index === next ? expected : null,
  }));
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

/** The latest time the trip reached one of these statuses, or null. */
function reachedAt(logs: readonly PublicStatusLog[], statuses: readonly TripStatus[]): string | null {
  let found: PublicStatusLog | null = null;
  for (const log of logs) {
    if (!statuses.includes(log.tripStatus)) continue;
    if (!found || tripTimeMs(log.timeStamp) >= tripTimeMs(found.timeStamp)) found = log;
  }
  return found?.timeStamp ?? null;
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
