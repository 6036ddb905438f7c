import type { CargoType } from './cargo';
import type { TripStatus } from './contracts/trip';
import { tripTimeMs } from './lagos-time';

/** One entry of a trip's status log, as far as the timeline and the ongoing table need it. */
export interface TripStatusLogEntry {
  tripStatus: TripStatus;
  timeStamp: string;
}

/** A status in words: the spec's timeline labels, the export variants naming a warehouse and a drop-off. */
export const TRIP_STATUS_LABELS: Record<TripStatus, string> = {
  STARTED: 'Trip Started',
  AT_PICKUP_LOCATION: 'At Pick-Up Location',
  AT_WAREHOUSE_LOCATION: 'At Warehouse Location',
  LOADED: 'Container(s) Loaded',
  AT_DELIVERY_LOCATION: 'At Delivery Location',
  AT_DROP_OFF_LOCATION: 'At Drop-Off Location',
  DELIVERED: 'Delivered',
  EMPTY_DROP_OFF: 'Empty Dropped Off',
};

/** A trip cannot start until a truck and driver are assigned, so resources are checked before this status. */
export const NEEDS_RESOURCES_BEFORE: TripStatus = 'STARTED';

/** Only these cargo types return an empty container after delivery (spec section 4: the step is hidden otherwise). */
const HAS_EMPTY_DROP_OFF: ReadonlySet<CargoType> = new Set<CargoType>([
  'IMPORT_LINER_OWNED',
  'GENERAL_CARGO',
]);

export function hasEmptyDropOff(cargoType: CargoType): boolean {
  return HAS_EMPTY_DROP_OFF.has(cargoType);
}

const TIMELINES: Record<CargoType, readonly TripStatus[]> = buildTimelines();

function buildTimelines(): Record<CargoType, readonly TripStatus[]> {
  const of = (cargoType: CargoType): readonly TripStatus[] => {
    const exportTrip = cargoType === 'EXPORT';
    const statuses: TripStatus[] = [
      'STARTED',
      exportTrip ? 'AT_WAREHOUSE_LOCATION' : 'AT_PICKUP_LOCATION',
      'LOADED',
      exportTrip ? 'AT_DROP_OFF_LOCATION' : 'AT_DELIVERY_LOCATION',
      'DELIVERED',
    ];
    if (hasEmptyDropOff(cargoType)) statuses.push('EMPTY_DROP_OFF');
    return Object.freeze(statuses);
  };
  return {
    IMPORT_SHIPPER_OWNED: of('IMPORT_SHIPPER_OWNED'),
    IMPORT_LINER_OWNED: of('IMPORT_LINER_OWNED'),
    EMPTY_CONTAINER: of('EMPTY_CONTAINER'),
    EXPORT: of('EXPORT'),
    GENERAL_CARGO: of('GENERAL_CARGO'),
  };
}

/** The statuses a trip of this cargo type moves through, in order; the last one completes the trip. */
export function tripTimeline(cargoType: CargoType): readonly TripStatus[] {
  return TIMELINES[cargoType];
}

/**
 * The status a trip moves to next: STARTED when it has none yet, null once it is complete.
 * A status that is not on the cargo type's timeline (e.g. AT_PICKUP_LOCATION on an EXPORT trip) has no next.
 */
export function nextTripStatus(cargoType: CargoType, latest: TripStatus | null): TripStatus | null {
  const timeline = tripTimeline(cargoType);
  if (latest === null) return timeline[0] ?? null;
  const index = timeline.indexOf(latest);
  if (index === -1) return null;
  return timeline[index + 1] ?? null;
}

/** Moves only go forward one step, so there is at most one. */
export function allowedNextStatuses(cargoType: CargoType, latest: TripStatus | null): TripStatus[] {
  const next = nextTripStatus(cargoType, latest);
  return next === null ? [] : [next];
}

export function canMoveTo(cargoType: CargoType, latest: TripStatus | null, to: TripStatus): boolean {
  return nextTripStatus(cargoType, latest) === to;
}

/** The trip is complete at the last step of its timeline. */
export function isFinalStatus(cargoType: CargoType, status: TripStatus | null): boolean {
  if (status === null) return false;
  const timeline = tripTimeline(cargoType);
  return timeline[timeline.length - 1] === status;
}

/** How far a trip has gone, as the definition of ongoing reads it. */
export interface TripProgress {
  cargoType: CargoType;
  latestStatus: TripStatus | null;
  cancelled: boolean;
}

/**
 * Ongoing: started, not finished by its cargo type's last step, and not cancelled. An Import LOC or general
 * cargo trip that is delivered is still ongoing until its empty is dropped off: the truck is still working.
 * The trips list's Ongoing tab, the map and the dashboards count this (the API's SQL twin is ongoingTripSql,
 * over the `completed` flag that every status change sets from isFinalStatus); the public ongoing table keeps
 * its own rule (tracking.ts).
 */
export function isOngoingTrip({ cargoType, latestStatus, cancelled }: TripProgress): boolean {
  return !cancelled && latestStatus !== null && !isFinalStatus(cargoType, latestStatus);
}

/**
 * The cargo has been handed over: Delivered or a step after it. The schedule shows such a trip's delivery as
 * made, on the day it was made, no longer as expected.
 */
export function isDelivered(latest: TripStatus | null): boolean {
  return latest === 'DELIVERED' || latest === 'EMPTY_DROP_OFF';
}

/** Delivered, and the trip goes on to return the empty: Import LOC and general cargo between those steps. */
export function isReturningEmpty(cargoType: CargoType, latest: TripStatus | null): boolean {
  return latest === 'DELIVERED' && nextTripStatus(cargoType, latest) === 'EMPTY_DROP_OFF';
}

/**
 * The status an admin undo goes back to. Null both when the trip has no status and when undoing STARTED,
 * which leaves the trip with no status again; a status off the cargo type's timeline has nothing to go back to.
 */
export function previousTripStatus(cargoType: CargoType, latest: TripStatus | null): TripStatus | null {
  if (latest === null) return null;
  const timeline = tripTimeline(cargoType);
  const index = timeline.indexOf(latest);
  if (index <= 0) return null;
  return timeline[index - 1] ?? null;
}

const BEFORE_LOADED: ReadonlySet<TripStatus | null> = new Set<TripStatus | null>([
  null,
  'STARTED',
  'AT_PICKUP_LOCATION',
  'AT_WAREHOUSE_LOCATION',
]);

/** Either party may cancel a trip until the cargo is loaded. */
export function isBeforeLoaded(latest: TripStatus | null): boolean {
  return BEFORE_LOADED.has(latest);
}

export const TIMELINE_STEP_KEYS = [
  'STARTED',
  'AT_PICKUP',
  'LOADED',
  'AT_DELIVERY',
  'DELIVERED',
  'EMPTY_DROP_OFF',
] as const;
export type TimelineStepKey = (typeof TIMELINE_STEP_KEYS)[number];

export interface TimelineStepDefinition {
  key: TimelineStepKey;
  label: string;
  /** The log statuses that tick this step; the EXPORT variants tick the same steps as their import twins. */
  statuses: readonly TripStatus[];
}

/** The Shipment Progress steps, with the spec's labels, in order. */
export const TIMELINE_STEPS: readonly TimelineStepDefinition[] = [
  { key: 'STARTED', label: 'Trip Started', statuses: ['STARTED'] },
  {
    key: 'AT_PICKUP',
    label: 'At Pick-Up Location',
    statuses: ['AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION'],
  },
  { key: 'LOADED', label: 'Container(s) Loaded', statuses: ['LOADED'] },
  {
    key: 'AT_DELIVERY',
    label: 'At Delivery Location',
    statuses: ['AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION'],
  },
  { key: 'DELIVERED', label: 'Delivered', statuses: ['DELIVERED'] },
  { key: 'EMPTY_DROP_OFF', label: 'Empty Dropped Off', statuses: ['EMPTY_DROP_OFF'] },
];

export interface TimelineStep {
  key: TimelineStepKey;
  label: string;
  done: boolean;
  timeStamp: string | null;
}

/**
 * The most recent log entry with one of the statuses; a step redone after an admin undo shows when it was
 * last reached. Unparsable timestamps lose to parsable ones, and ties keep the later entry in the list.
 */
function latestLogOf(
  logs: readonly TripStatusLogEntry[],
  statuses: readonly TripStatus[],
): TripStatusLogEntry | null {
  let found: TripStatusLogEntry | null = null;
  for (const log of logs) {
    if (!statuses.includes(log.tripStatus)) continue;
    if (found === null || timeValue(log.timeStamp) >= timeValue(found.timeStamp)) found = log;
  }
  return found;
}

function timeValue(text: string): number {
  const ms = tripTimeMs(text);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** The visible timeline of a trip: a step is ticked once a log with one of its statuses exists. */
export function timelineSteps(cargoType: CargoType, logs: readonly TripStatusLogEntry[]): TimelineStep[] {
  return TIMELINE_STEPS.filter((step) => step.key !== 'EMPTY_DROP_OFF' || hasEmptyDropOff(cargoType)).map(
    (step) => {
      const log = latestLogOf(logs, step.statuses);
      return { key: step.key, label: step.label, done: log !== null, timeStamp: log?.timeStamp ?? null };
    },
  );
}

export interface OngoingStatusInput {
  latestTripIssue?: { issueStatus?: string | null } | null;
  latestTripStatus?: { tripStatusDescription?: string | null } | null;
}

/** The Trip Status column of the ongoing table: an open issue outranks the trip's own progress. */
export function ongoingStatus({ latestTripIssue, latestTripStatus }: OngoingStatusInput): string {
  if (latestTripIssue?.issueStatus) return 'DELAYED';
  const description = latestTripStatus?.tripStatusDescription;
  return description?.trim() ? description : 'N/A';
}

/** A liner-owned import is only offloaded once its empty is back at the holding bay. */
export function offloadStatus(cargoType: CargoType): TripStatus {
  return cargoType === 'IMPORT_LINER_OWNED' ? 'EMPTY_DROP_OFF' : 'DELIVERED';
}

/** The Offload Date of the ongoing table, or null while the trip has not reached it. */
export function offloadDate(cargoType: CargoType, logs: readonly TripStatusLogEntry[]): string | null {
  return latestLogOf(logs, [offloadStatus(cargoType)])?.timeStamp ?? null;
}

/** A step's words for the cargo type: general cargo has no container, so it is "Loaded". */
export function tripStatusLabel(cargoType: CargoType, status: TripStatus): string {
  if (status === 'LOADED' && cargoType === 'GENERAL_CARGO') return 'Loaded';
  return TRIP_STATUS_LABELS[status];
}

/** The words for a trip with an open issue, as the spec's ongoing table writes them. */
export const DELAYED_WORDS = 'DELAYED';

export interface TripStatusWordsInput {
  cargoType: CargoType;
  latestTripStatus: { tripStatus: TripStatus } | null;
  /** Absent: not cancelled (the map shows live trips only). */
  cancelled?: boolean;
  /** Whether any of the trip's issues is open. */
  hasOpenIssue: boolean;
}

/**
 * A trip's status in words, the same on the trips list, the map and the trip page: Cancelled; the finished
 * step's label once the trip is finished (an issue left open cannot hold up a trip that is done); DELAYED
 * while an issue is open, as the ongoing table says it; Awaiting start before the first step; a delivered
 * trip still returning its empty says so; otherwise the step's label.
 */
export function tripStatusWords({
  cargoType,
  latestTripStatus,
  cancelled = false,
  hasOpenIssue,
}: TripStatusWordsInput): string {
  if (cancelled) return 'Cancelled';
  const latest = latestTripStatus?.tripStatus ?? null;
  if (latest !== null && isFinalStatus(cargoType, latest)) return tripStatusLabel(cargoType, latest);
  if (hasOpenIssue) return DELAYED_WORDS;
  if (latest === null) return 'Awaiting start';
  if (isReturningEmpty(cargoType, latest)) return `${TRIP_STATUS_LABELS.DELIVERED} · returning empty`;
  return tripStatusLabel(cargoType, latest);
}
