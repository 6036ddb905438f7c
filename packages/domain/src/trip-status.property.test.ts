import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARGO_TYPES, type CargoType } from './cargo';
import { TRIP_STATUSES, type TripStatus } from './contracts/trip';
import {
  allowedNextStatuses,
  canMoveTo,
  isBeforeLoaded,
  isFinalStatus,
  nextTripStatus,
  previousTripStatus,
  timelineSteps,
  tripTimeline,
} from './trip-status';

/** What a user can try on a trip: move to any status at all, or (an admin) undo the last step. */
type Attempt = { kind: 'move'; to: TripStatus } | { kind: 'undo' };

const attempt: fc.Arbitrary<Attempt> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRIP_STATUSES).map((to): Attempt => ({ kind: 'move', to })) },
  { weight: 1, arbitrary: fc.constant<Attempt>({ kind: 'undo' }) },
);

/**
 * Plays the attempts the way the API does: a move is written only when the rules allow it, an undo takes
 * the last log back. The result is the list of live logs.
 */
function play(cargoType: CargoType, attempts: readonly Attempt[]): TripStatus[] {
  const logs: TripStatus[] = [];
  for (const a of attempts) {
    const latest = logs.at(-1) ?? null;
    if (a.kind === 'undo') {
      if (logs.length > 0) {
        logs.pop();
        expect(logs.at(-1) ?? null).toBe(previousTripStatus(cargoType, latest));
      }
    } else if (canMoveTo(cargoType, latest, a.to)) {
      logs.push(a.to);
    }
  }
  return logs;
}

const cargoType = fc.constantFrom(...CARGO_TYPES);
const attempts = fc.array(attempt, { maxLength: 60 });

describe('trip status rules hold for any sequence of attempts, for every cargo type', () => {
  it('keeps the live logs a prefix of the cargo type timeline: no step skipped, repeated or reordered', () => {
    fc.assert(
      fc.property(cargoType, attempts, (type, list) => {
        const logs = play(type, list);
        expect(logs).toEqual(tripTimeline(type).slice(0, logs.length));
      }),
    );
  });

  it('allows exactly one next status until the last step, and none after it', () => {
    fc.assert(
      fc.property(cargoType, attempts, (type, list) => {
        const logs = play(type, list);
        const latest = logs.at(-1) ?? null;
        const allowed = allowedNextStatuses(type, latest);
        const complete = logs.length === tripTimeline(type).length;
        expect(isFinalStatus(type, latest)).toBe(complete);
        expect(allowed).toEqual(complete ? [] : [tripTimeline(type)[logs.length]]);
        for (const status of TRIP_STATUSES) {
          expect(canMoveTo(type, latest, status)).toBe(allowed.includes(status));
        }
      }),
    );
  });

  it('never lets a trip reach a status from another cargo type timeline', () => {
    fc.assert(
      fc.property(cargoType, attempts, (type, list) => {
        for (const status of play(type, list)) expect(tripTimeline(type)).toContain(status);
      }),
    );
  });

  it('undoes a move exactly: move then undo leaves the trip where it was', () => {
    fc.assert(
      fc.property(cargoType, attempts, (type, list) => {
        const before = play(type, list);
        const next = nextTripStatus(type, before.at(-1) ?? null);
        fc.pre(next !== null);
        const after = play(type, [...list, { kind: 'move', to: next! }, { kind: 'undo' }]);
        expect(after).toEqual(before);
      }),
    );
  });

  it('lets either party cancel exactly while the cargo is not yet loaded', () => {
    fc.assert(
      fc.property(cargoType, attempts, (type, list) => {
        const logs = play(type, list);
        expect(isBeforeLoaded(logs.at(-1) ?? null)).toBe(!logs.includes('LOADED'));
      }),
    );
  });

  it('ticks exactly the timeline steps whose status has a live log', () => {
    fc.assert(
      fc.property(cargoType, attempts, (type, list) => {
        const logs = play(type, list);
        const steps = timelineSteps(
          type,
          logs.map((tripStatus, i) => ({
            tripStatus,
            timeStamp: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
          })),
        );
        expect(steps.filter((s) => s.done)).toHaveLength(logs.length);
      }),
    );
  });
});
