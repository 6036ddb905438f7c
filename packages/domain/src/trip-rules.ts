import type { TripStatus } from './contracts/trip';
import type { NoteSide } from './contracts/trip';
import { TRIP_ACTIONS, type TripAction } from './contracts/trip-detail';
import { isBeforeLoaded } from './trip-status';

/** What the action rules look at on a trip. */
export interface TripActionState {
  latestStatus: TripStatus | null;
  completed: boolean;
  cancelled: boolean;
}

/**
 * Why a side may not take an action on a trip now: FORBIDDEN when the side may not (or no longer may) take
 * it, CONFLICT when the trip's state rules it out for everyone. Null when the action is allowed.
 */
export interface TripActionRefusal {
  code: 'FORBIDDEN' | 'CONFLICT';
  message: string;
}

const forbidden = (message: string): TripActionRefusal => ({ code: 'FORBIDDEN', message });
const conflict = (message: string): TripActionRefusal => ({ code: 'CONFLICT', message });

const CANCELLED = conflict('This trip was cancelled; it takes no further change');
const COMPLETED = conflict('This trip is completed; it takes no further change');

/** The transporter runs the trip; an admin may step in for it. */
const RUNS_TRIP: ReadonlySet<NoteSide> = new Set<NoteSide>(['TRANSPORTER', 'ADMIN']);

/** A live trip: neither cancelled nor completed. */
function liveRefusal(trip: TripActionState): TripActionRefusal | null {
  if (trip.cancelled) return CANCELLED;
  if (trip.completed) return COMPLETED;
  return null;
}

/** The one rule the web (which buttons to show) and the API (what to refuse) both follow. */
export function tripActionRefusal(
  side: NoteSide,
  trip: TripActionState,
  action: TripAction,
): TripActionRefusal | null {
  switch (action) {
    case 'CHANGE_STATUS':
      if (!RUNS_TRIP.has(side)) return forbidden('Only the transporter can change the trip status');
      return liveRefusal(trip);
    case 'UNDO_STATUS':
      if (side !== 'ADMIN') return forbidden('Only an admin can undo a status change');
      if (trip.cancelled) return CANCELLED;
      if (trip.latestStatus === null) return conflict('This trip has no status to undo');
      return null;
    case 'CANCEL':
      if (trip.cancelled) return conflict('This trip is already cancelled');
      if (trip.completed) return conflict('A completed trip cannot be cancelled');
      // Once the cargo is on the truck, stopping the trip has costs the parties must settle through an admin.
      if (side !== 'ADMIN' && !isBeforeLoaded(trip.latestStatus)) {
        return forbidden('Only an admin can cancel a trip after loading');
      }
      return null;
    case 'ASSIGN_RESOURCES':
      if (!RUNS_TRIP.has(side)) return forbidden('Only the transporter can assign the truck and driver');
      return liveRefusal(trip);
    case 'EDIT_CONSIGNMENT': {
      const refusal = liveRefusal(trip);
      if (refusal) return refusal;
      // The container on the truck is what it is; after loading only an admin corrects the record.
      if (side !== 'ADMIN' && !isBeforeLoaded(trip.latestStatus)) {
        return forbidden('Only an admin can change the consignment after loading');
      }
      return null;
    }
    case 'SET_EXPECTED_DELIVERY':
      if (!RUNS_TRIP.has(side)) return forbidden('Only the transporter can set the expected delivery date');
      return liveRefusal(trip);
  }
}

/** The actions a side may take on a trip now, in TRIP_ACTIONS order. */
export function tripActionsFor(side: NoteSide, trip: TripActionState): TripAction[] {
  return TRIP_ACTIONS.filter((action) => tripActionRefusal(side, trip, action) === null);
}
