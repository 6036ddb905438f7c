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
  isBeforeLoaded,
  isFinalStatus,
  nextTripStatus,
  offloadDate,
  offloadStatus,
  ongoingStatus,
  previousTripStatus,
  timelineSteps,
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
