import { TRIP_STATUS_LABELS, type ProgressStep, type TripStatus } from '@freightlane/domain/public-tracking';

/**
 * UI.md: one colour per trip status everywhere (badge, timeline, table). The names are Mantine's colours
 * for the signed-in app and the `tone-*` classes of the public pages, which is why this module imports
 * neither Mantine nor zod: the light public bundle reads it too.
 */
export type StatusTone = 'blue' | 'violet' | 'teal' | 'green' | 'gray' | 'orange' | 'red';

const STATUS_TONES: Record<TripStatus, StatusTone> = {
  STARTED: 'blue',
  AT_PICKUP_LOCATION: 'violet',
  AT_WAREHOUSE_LOCATION: 'violet',
  LOADED: 'teal',
  AT_DELIVERY_LOCATION: 'violet',
  AT_DROP_OFF_LOCATION: 'violet',
  DELIVERED: 'green',
  EMPTY_DROP_OFF: 'gray',
};

export const CANCELLED_TONE: StatusTone = 'red';
export const DELAYED_TONE: StatusTone = 'orange';
/** A trip not started yet, or a status the page does not know. */
export const NO_STATUS_TONE: StatusTone = 'gray';

/** The status each Shipment Progress step stands for (the export variants share their import twin's colour). */
const STEP_STATUS: Record<ProgressStep['key'], TripStatus> = {
  STARTED: 'STARTED',
  AT_PICKUP: 'AT_PICKUP_LOCATION',
  LOADED: 'LOADED',
  AT_DELIVERY: 'AT_DELIVERY_LOCATION',
  DELIVERED: 'DELIVERED',
  EMPTY_DROP_OFF: 'EMPTY_DROP_OFF',
};

const TONE_BY_DESCRIPTION = new Map<string, StatusTone>(
  (Object.keys(TRIP_STATUS_LABELS) as TripStatus[]).map((status) => [
    TRIP_STATUS_LABELS[status],
    STATUS_TONES[status],
  ]),
);

/** A trip's colour: red once cancelled, grey until its first status, else its latest status's colour. */
export function tripStatusTone(trip: {
  cancelled: boolean;
  latestTripStatus: { tripStatus: TripStatus } | null;
}): StatusTone {
  if (trip.cancelled) return CANCELLED_TONE;
  return trip.latestTripStatus ? STATUS_TONES[trip.latestTripStatus.tripStatus] : NO_STATUS_TONE;
}

export function stepTone(key: ProgressStep['key']): StatusTone {
  return STATUS_TONES[STEP_STATUS[key]];
}

/** The Trip Status cell of the ongoing table: DELAYED orange, a status description its status's colour. */
export function ongoingStatusTone(text: string): StatusTone {
  if (text === 'DELAYED') return DELAYED_TONE;
  return TONE_BY_DESCRIPTION.get(text) ?? NO_STATUS_TONE;
}
