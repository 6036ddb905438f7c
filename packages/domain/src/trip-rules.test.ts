import { describe, expect, it } from 'vitest';
import type { TripStatus } from './contracts/trip';
import { TRIP_ACTIONS } from './contracts/trip-detail';
import { tripActionRefusal, tripActionsFor, type TripActionState } from './trip-rules';

const state = (latestStatus: TripStatus | null, extra: Partial<TripActionState> = {}): TripActionState => ({
  latestStatus,
  completed: false,
  cancelled: false,
  ...extra,
});

describe('tripActionsFor', () => {
  it('lets the transporter run a new trip and edit or cancel it before loading', () => {
    expect(tripActionsFor('TRANSPORTER', state(null))).toEqual([
      'CHANGE_STATUS',
      'CANCEL',
      'ASSIGN_RESOURCES',
      'EDIT_CONSIGNMENT',
      'SET_EXPECTED_DELIVERY',
    ]);
  });

  it('lets the customer only cancel and edit the consignment before loading', () => {
    expect(tripActionsFor('CUSTOMER', state(null))).toEqual(['CANCEL', 'EDIT_CONSIGNMENT']);
    expect(tripActionsFor('CUSTOMER', state('AT_PICKUP_LOCATION'))).toEqual(['CANCEL', 'EDIT_CONSIGNMENT']);
    expect(tripActionsFor('CUSTOMER', state('AT_WAREHOUSE_LOCATION'))).toEqual([
      'CANCEL',
      'EDIT_CONSIGNMENT',
    ]);
  });

  it('takes cancel and consignment edits from both parties once the cargo is loaded', () => {
    expect(tripActionsFor('CUSTOMER', state('LOADED'))).toEqual([]);
    expect(tripActionsFor('TRANSPORTER', state('LOADED'))).toEqual([
      'CHANGE_STATUS',
      'ASSIGN_RESOURCES',
      'SET_EXPECTED_DELIVERY',
    ]);
  });

  it('lets an admin do everything on a started trip, cancel included after loading', () => {
    expect(tripActionsFor('ADMIN', state('AT_DELIVERY_LOCATION'))).toEqual([
      'CHANGE_STATUS',
      'UNDO_STATUS',
      'CANCEL',
      'ASSIGN_RESOURCES',
      'EDIT_CONSIGNMENT',
      'SET_EXPECTED_DELIVERY',
    ]);
  });

  it('gives an admin nothing to undo before the first status', () => {
    expect(tripActionsFor('ADMIN', state(null))).not.toContain('UNDO_STATUS');
  });

  it('leaves only the admin undo on a completed trip', () => {
    const done = state('DELIVERED', { completed: true });
    expect(tripActionsFor('ADMIN', done)).toEqual(['UNDO_STATUS']);
    expect(tripActionsFor('TRANSPORTER', done)).toEqual([]);
    expect(tripActionsFor('CUSTOMER', done)).toEqual([]);
  });

  it('leaves nothing to anyone on a cancelled trip', () => {
    for (const side of ['ADMIN', 'TRANSPORTER', 'CUSTOMER'] as const) {
      expect(tripActionsFor(side, state('STARTED', { cancelled: true }))).toEqual([]);
    }
  });
});

describe('tripActionRefusal', () => {
  it('answers FORBIDDEN for the wrong side and CONFLICT for the wrong state', () => {
    expect(tripActionRefusal('CUSTOMER', state(null), 'CHANGE_STATUS')).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the transporter can change the trip status',
    });
    expect(tripActionRefusal('TRANSPORTER', state('STARTED', { cancelled: true }), 'CHANGE_STATUS')).toEqual({
      code: 'CONFLICT',
      message: 'This trip was cancelled; it takes no further change',
    });
    expect(tripActionRefusal('TRANSPORTER', state('LOADED'), 'CANCEL')).toEqual({
      code: 'FORBIDDEN',
      message: 'Only an admin can cancel a trip after loading',
    });
    expect(tripActionRefusal('ADMIN', state('DELIVERED', { completed: true }), 'CANCEL')).toEqual({
      code: 'CONFLICT',
      message: 'A completed trip cannot be cancelled',
    });
    expect(tripActionRefusal('ADMIN', state(null), 'UNDO_STATUS')?.code).toBe('CONFLICT');
    expect(tripActionRefusal('TRANSPORTER', state('STARTED'), 'UNDO_STATUS')?.code).toBe('FORBIDDEN');
    expect(tripActionRefusal('CUSTOMER', state(null), 'SET_EXPECTED_DELIVERY')?.code).toBe('FORBIDDEN');
    expect(tripActionRefusal('CUSTOMER', state(null), 'ASSIGN_RESOURCES')?.code).toBe('FORBIDDEN');
  });

  it('agrees with tripActionsFor everywhere', () => {
    const states = [null, 'STARTED', 'LOADED', 'DELIVERED'] as const;
    for (const side of ['ADMIN', 'TRANSPORTER', 'CUSTOMER'] as const) {
      for (const latest of states) {
        for (const flags of [{}, { completed: true }, { cancelled: true }]) {
          const trip = state(latest, flags);
          const allowed = tripActionsFor(side, trip);
          for (const action of TRIP_ACTIONS) {
            expect(tripActionRefusal(side, trip, action) === null).toBe(allowed.includes(action));
          }
        }
      }
    }
  });
});
