import { describe, expect, it } from 'vitest';
import { CARGO_TYPES, type CargoType } from './cargo';
import { TRIP_STATUSES, type TripStatus } from './contracts/trip';
import {
  NEEDS_RESOURCES_BEFORE,
  TIMELINE_STEPS,
  TRIP_STATUS_LABELS,
  allowedNextStatuses,
  canMoveTo,
  hasEmptyDropOff,
  DELAYED_WORDS,
  isBeforeLoaded,
  isDelivered,
  isFinalStatus,
  isOngoingTrip,
  isReturningEmpty,
  nextTripStatus,
  offloadDate,
  offloadStatus,
  ongoingStatus,
  previousTripStatus,
  timelineSteps,
  tripStatusLabel,
  tripStatusWords,
  tripTimeline,
  type TripStatusLogEntry,
} from './trip-status';

const EXPECTED_TIMELINES: Record<CargoType, TripStatus[]> = {
  IMPORT_SHIPPER_OWNED: ['STARTED', 'AT_PICKUP_LOCATION', 'LOADED', 'AT_DELIVERY_LOCATION', 'DELIVERED'],
  IMPORT_LINER_OWNED: [
    'STARTED',
    'AT_PICKUP_LOCATION',
    'LOADED',
    'AT_DELIVERY_LOCATION',
    'DELIVERED',
    'EMPTY_DROP_OFF',
  ],
  EMPTY_CONTAINER: ['STARTED', 'AT_PICKUP_LOCATION', 'LOADED', 'AT_DELIVERY_LOCATION', 'DELIVERED'],
  EXPORT: ['STARTED', 'AT_WAREHOUSE_LOCATION', 'LOADED', 'AT_DROP_OFF_LOCATION', 'DELIVERED'],
  GENERAL_CARGO: [
    'STARTED',
    'AT_PICKUP_LOCATION',
    'LOADED',
    'AT_DELIVERY_LOCATION',
    'DELIVERED',
    'EMPTY_DROP_OFF',
  ],
};

const LABELS = [
  'Trip Started',
  'At Pick-Up Location',
  'Container(s) Loaded',
  'At Delivery Location',
  'Delivered',
  'Empty Dropped Off',
];

const SHOWS_EMPTY_DROP_OFF: Record<CargoType, boolean> = {
  IMPORT_SHIPPER_OWNED: false,
  IMPORT_LINER_OWNED: true,
  EMPTY_CONTAINER: false,
  EXPORT: false,
  GENERAL_CARGO: true,
};

const STATUSES_OR_NONE: (TripStatus | null)[] = [null, ...TRIP_STATUSES];

/** One log per status of the timeline, an hour apart, starting at 08:00 UTC on 1 March 2025. */
function logsUpTo(cargoType: CargoType, count: number): TripStatusLogEntry[] {
  return tripTimeline(cargoType)
    .slice(0, count)
    .map((tripStatus, i) => ({
      tripStatus,
      timeStamp: new Date(Date.UTC(2025, 2, 1, 8 + i)).toISOString(),
    }));
}

describe.each(CARGO_TYPES)('trip status rules for %s', (cargoType) => {
  const timeline = tripTimeline(cargoType);
  const last = timeline[timeline.length - 1];

  it('follows the spec timeline for the cargo type', () => {
    expect(timeline).toEqual(EXPECTED_TIMELINES[cargoType]);
    expect(hasEmptyDropOff(cargoType)).toBe(SHOWS_EMPTY_DROP_OFF[cargoType]);
    expect(last).toBe(SHOWS_EMPTY_DROP_OFF[cargoType] ? 'EMPTY_DROP_OFF' : 'DELIVERED');
  });

  it('walks from no status to the end of the timeline one step at a time', () => {
    const walk: TripStatus[] = [];
    let current = nextTripStatus(cargoType, null);
    while (current !== null && walk.length <= TRIP_STATUSES.length) {
      walk.push(current);
      current = nextTripStatus(cargoType, current);
    }
    expect(walk).toEqual([...timeline]);
    expect(walk[0]).toBe(NEEDS_RESOURCES_BEFORE);
  });

  it('allows a move only to the next status, for every pair of statuses', () => {
    for (const from of STATUSES_OR_NONE) {
      const next = nextTripStatus(cargoType, from);
      for (const to of TRIP_STATUSES) {
        expect(canMoveTo(cargoType, from, to), `${String(from)} -> ${to}`).toBe(to === next);
      }
      expect(allowedNextStatuses(cargoType, from)).toEqual(next === null ? [] : [next]);
    }
  });

  it('has nothing after the last status and nothing from a status off its timeline', () => {
    expect(nextTripStatus(cargoType, last ?? null)).toBeNull();
    expect(allowedNextStatuses(cargoType, last ?? null)).toEqual([]);
    for (const status of TRIP_STATUSES.filter((s) => !timeline.includes(s))) {
      expect(nextTripStatus(cargoType, status)).toBeNull();
      expect(previousTripStatus(cargoType, status)).toBeNull();
    }
  });

  it('is final only at the last status of its timeline', () => {
    for (const status of STATUSES_OR_NONE) {
      expect(isFinalStatus(cargoType, status), String(status)).toBe(status === last);
    }
  });

  it('undoes exactly what a move did', () => {
    for (const from of [null, ...timeline.slice(0, -1)]) {
      const next = nextTripStatus(cargoType, from);
      expect(next).not.toBeNull();
      expect(previousTripStatus(cargoType, next)).toBe(from);
    }
    for (const status of timeline) {
      expect(nextTripStatus(cargoType, previousTripStatus(cargoType, status))).toBe(status);
    }
    expect(previousTripStatus(cargoType, null)).toBeNull();
    expect(previousTripStatus(cargoType, 'STARTED')).toBeNull();
  });

  it('shows the spec labels, hiding Empty Dropped Off where the cargo type has no empty return', () => {
    const steps = timelineSteps(cargoType, []);
    const expected = SHOWS_EMPTY_DROP_OFF[cargoType] ? LABELS : LABELS.slice(0, 5);
    expect(steps.map((s) => s.label)).toEqual(expected);
    expect(steps.at(-1)?.label).toBe(SHOWS_EMPTY_DROP_OFF[cargoType] ? 'Empty Dropped Off' : 'Delivered');
    expect(steps.every((s) => !s.done && s.timeStamp === null)).toBe(true);
  });

  it('ticks each step once its status is logged, with that log time', () => {
    for (let count = 0; count <= timeline.length; count++) {
      const logs = logsUpTo(cargoType, count);
      const steps = timelineSteps(cargoType, logs);
      expect(steps).toHaveLength(timeline.length);
      steps.forEach((step, i) => {
        expect(step.done, `${step.label} after ${count} logs`).toBe(i < count);
        expect(step.timeStamp).toBe(i < count ? (logs[i]?.timeStamp ?? null) : null);
      });
    }
  });

  it('takes its offload date from the right log', () => {
    const status = offloadStatus(cargoType);
    expect(status).toBe(cargoType === 'IMPORT_LINER_OWNED' ? 'EMPTY_DROP_OFF' : 'DELIVERED');
    expect(offloadDate(cargoType, [])).toBeNull();
    const logs: TripStatusLogEntry[] = [
      { tripStatus: 'STARTED', timeStamp: '2025-03-01T08:00:00.000Z' },
      { tripStatus: 'DELIVERED', timeStamp: '2025-03-02T10:00:00.000Z' },
    ];
    expect(offloadDate(cargoType, logs)).toBe(
      cargoType === 'IMPORT_LINER_OWNED' ? null : '2025-03-02T10:00:00.000Z',
    );
    logs.push({ tripStatus: 'EMPTY_DROP_OFF', timeStamp: '2025-03-03T12:00:00.000Z' });
    expect(offloadDate(cargoType, logs)).toBe(
      cargoType === 'IMPORT_LINER_OWNED' ? '2025-03-03T12:00:00.000Z' : '2025-03-02T10:00:00.000Z',
    );
  });
});

describe('timeline steps', () => {
  it('lists the six steps of the spec in order', () => {
    expect(TIMELINE_STEPS.map((s) => s.label)).toEqual(LABELS);
    expect(new Set(TIMELINE_STEPS.map((s) => s.key)).size).toBe(6);
  });

  it('gives every trip status exactly one step', () => {
    for (const status of TRIP_STATUSES) {
      expect(
        TIMELINE_STEPS.filter((s) => s.statuses.includes(status)),
        status,
      ).toHaveLength(1);
    }
  });

  it('ticks the same steps for the EXPORT variants as for their import twins', () => {
    const stepOf = (status: TripStatus) => TIMELINE_STEPS.find((s) => s.statuses.includes(status))?.key;
    expect(stepOf('AT_WAREHOUSE_LOCATION')).toBe(stepOf('AT_PICKUP_LOCATION'));
    expect(stepOf('AT_DROP_OFF_LOCATION')).toBe(stepOf('AT_DELIVERY_LOCATION'));

    const exportSteps = timelineSteps('EXPORT', logsUpTo('EXPORT', 5));
    const importSteps = timelineSteps('IMPORT_SHIPPER_OWNED', logsUpTo('IMPORT_SHIPPER_OWNED', 5));
    expect(exportSteps).toEqual(importSteps);
    expect(exportSteps.every((s) => s.done)).toBe(true);
  });

  it('shows the latest time when a status was logged twice, e.g. after an undo', () => {
    const steps = timelineSteps('GENERAL_CARGO', [
      { tripStatus: 'STARTED', timeStamp: '2025-03-01T09:00:00.000Z' },
      { tripStatus: 'STARTED', timeStamp: '2025-03-01T08:00:00.000Z' },
      { tripStatus: 'STARTED', timeStamp: 'not a date' },
    ]);
    expect(steps[0]).toEqual({
      key: 'STARTED',
      label: 'Trip Started',
      done: true,
      timeStamp: '2025-03-01T09:00:00.000Z',
    });
  });
});

describe('labels, resources and cancelling', () => {
  it('labels every trip status', () => {
    expect(Object.keys(TRIP_STATUS_LABELS).sort()).toEqual([...TRIP_STATUSES].sort());
    expect(TRIP_STATUS_LABELS.STARTED).toBe('Trip Started');
    expect(TRIP_STATUS_LABELS.LOADED).toBe('Container(s) Loaded');
    expect(TRIP_STATUS_LABELS.AT_WAREHOUSE_LOCATION).toBe('At Warehouse Location');
    expect(TRIP_STATUS_LABELS.AT_DROP_OFF_LOCATION).toBe('At Drop-Off Location');
    expect(TRIP_STATUS_LABELS.EMPTY_DROP_OFF).toBe('Empty Dropped Off');
  });

  it('needs resources before the trip starts', () => {
    expect(NEEDS_RESOURCES_BEFORE).toBe('STARTED');
  });

  it('lets either party cancel only before the cargo is loaded', () => {
    const before: (TripStatus | null)[] = [null, 'STARTED', 'AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION'];
    for (const status of STATUSES_OR_NONE) {
      expect(isBeforeLoaded(status), String(status)).toBe(before.includes(status));
    }
  });
});

describe('ongoing table status', () => {
  it('is DELAYED when the latest trip issue has a status', () => {
    expect(
      ongoingStatus({
        latestTripIssue: { issueStatus: 'OPEN' },
        latestTripStatus: { tripStatusDescription: 'Loaded' },
      }),
    ).toBe('DELAYED');
    expect(ongoingStatus({ latestTripIssue: { issueStatus: 'RESOLVED' }, latestTripStatus: null })).toBe(
      'DELAYED',
    );
  });

  it('is the latest status description when the issue has no status', () => {
    expect(
      ongoingStatus({
        latestTripIssue: { issueStatus: null },
        latestTripStatus: { tripStatusDescription: 'At delivery location' },
      }),
    ).toBe('At delivery location');
    expect(
      ongoingStatus({ latestTripIssue: null, latestTripStatus: { tripStatusDescription: 'Loaded' } }),
    ).toBe('Loaded');
  });

  it('is N/A with neither', () => {
    expect(ongoingStatus({})).toBe('N/A');
    expect(ongoingStatus({ latestTripIssue: null, latestTripStatus: null })).toBe('N/A');
    expect(ongoingStatus({ latestTripIssue: {}, latestTripStatus: { tripStatusDescription: null } })).toBe(
      'N/A',
    );
    expect(ongoingStatus({ latestTripStatus: { tripStatusDescription: '  ' } })).toBe('N/A');
  });
});

describe('one definition of ongoing', () => {
  const progress = (cargoType: CargoType, latestStatus: TripStatus | null, cancelled = false) => ({
    cargoType,
    latestStatus,
    cancelled,
  });

  it('is not ongoing before the first step, nor once cancelled at any step', () => {
    for (const cargoType of CARGO_TYPES) {
      expect(isOngoingTrip(progress(cargoType, null))).toBe(false);
      for (const status of tripTimeline(cargoType)) {
        expect(isOngoingTrip(progress(cargoType, status, true)), `${cargoType} ${status}`).toBe(false);
      }
    }
  });

  it('is ongoing from the first step until the last step of the cargo type, and finished at it', () => {
    for (const cargoType of CARGO_TYPES) {
      const timeline = tripTimeline(cargoType);
      for (const [index, status] of timeline.entries()) {
        const last = index === timeline.length - 1;
        expect(isOngoingTrip(progress(cargoType, status)), `${cargoType} ${status}`).toBe(!last);
      }
    }
  });

  it('keeps a delivered Import LOC trip ongoing until its empty is dropped off', () => {
    expect(isOngoingTrip(progress('IMPORT_LINER_OWNED', 'DELIVERED'))).toBe(true);
    expect(isOngoingTrip(progress('IMPORT_LINER_OWNED', 'EMPTY_DROP_OFF'))).toBe(false);
    expect(isOngoingTrip(progress('GENERAL_CARGO', 'DELIVERED'))).toBe(true);
  });

  it('finishes a delivered trip of the cargo types without an empty return', () => {
    for (const cargoType of ['IMPORT_SHIPPER_OWNED', 'EMPTY_CONTAINER', 'EXPORT'] as const) {
      expect(isOngoingTrip(progress(cargoType, 'DELIVERED')), cargoType).toBe(false);
    }
  });

  it('counts a trip delivered from Delivered on, whatever its cargo type', () => {
    for (const status of STATUSES_OR_NONE) {
      expect(isDelivered(status), String(status)).toBe(status === 'DELIVERED' || status === 'EMPTY_DROP_OFF');
    }
  });

  it('calls a trip returning empty only between Delivered and Empty Dropped Off', () => {
    for (const cargoType of CARGO_TYPES) {
      for (const status of STATUSES_OR_NONE) {
        const expected = status === 'DELIVERED' && hasEmptyDropOff(cargoType);
        expect(isReturningEmpty(cargoType, status), `${cargoType} ${status}`).toBe(expected);
      }
    }
  });
});

describe('status words', () => {
  const words = (
    cargoType: CargoType,
    status: TripStatus | null,
    extra: { cancelled?: boolean; hasOpenIssue?: boolean } = {},
  ) =>
    tripStatusWords({
      cargoType,
      latestTripStatus: status ? { tripStatus: status } : null,
      hasOpenIssue: extra.hasOpenIssue ?? false,
      ...(extra.cancelled === undefined ? {} : { cancelled: extra.cancelled }),
    });

  it('says the step label, general cargo being Loaded without containers', () => {
    expect(words('IMPORT_SHIPPER_OWNED', 'LOADED')).toBe('Container(s) Loaded');
    expect(words('GENERAL_CARGO', 'LOADED')).toBe('Loaded');
    expect(tripStatusLabel('GENERAL_CARGO', 'LOADED')).toBe('Loaded');
    expect(words('EXPORT', 'AT_WAREHOUSE_LOCATION')).toBe('At Warehouse Location');
    expect(words('IMPORT_SHIPPER_OWNED', 'DELIVERED')).toBe('Delivered');
    expect(words('IMPORT_LINER_OWNED', 'EMPTY_DROP_OFF')).toBe('Empty Dropped Off');
  });

  it('says plainly that a delivered trip is still returning its empty', () => {
    expect(words('IMPORT_LINER_OWNED', 'DELIVERED')).toBe('Delivered · returning empty');
    expect(words('GENERAL_CARGO', 'DELIVERED')).toBe('Delivered · returning empty');
    expect(words('EXPORT', 'DELIVERED')).toBe('Delivered');
  });

  it('says DELAYED while an issue is open, as the ongoing table does, before any step too', () => {
    expect(DELAYED_WORDS).toBe(ongoingStatus({ latestTripIssue: { issueStatus: 'OPEN' } }));
    expect(words('IMPORT_LINER_OWNED', 'LOADED', { hasOpenIssue: true })).toBe('DELAYED');
    expect(words('IMPORT_LINER_OWNED', 'DELIVERED', { hasOpenIssue: true })).toBe('DELAYED');
    expect(words('EXPORT', null, { hasOpenIssue: true })).toBe('DELAYED');
  });

  it('keeps the last step of a finished trip and Cancelled over an open issue', () => {
    expect(words('IMPORT_SHIPPER_OWNED', 'DELIVERED', { hasOpenIssue: true })).toBe('Delivered');
    expect(words('IMPORT_LINER_OWNED', 'EMPTY_DROP_OFF', { hasOpenIssue: true })).toBe('Empty Dropped Off');
    expect(words('IMPORT_LINER_OWNED', 'LOADED', { cancelled: true, hasOpenIssue: true })).toBe('Cancelled');
    expect(words('IMPORT_LINER_OWNED', null, { cancelled: true })).toBe('Cancelled');
  });

  it('awaits the start before the first step, and reads an absent cancelled as live', () => {
    expect(words('GENERAL_CARGO', null)).toBe('Awaiting start');
    expect(words('GENERAL_CARGO', 'STARTED', { cancelled: false })).toBe('Trip Started');
  });
});
