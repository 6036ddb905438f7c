import { tripActionRefusal, type NoteSide, type TripAction, type TripActionState } from '@freightlane/domain';
import { AppError } from '../../errors';
import type { TripRecord } from './trip-access.service';

/** The parts of a trip row the action rules read. */
export function tripActionState(trip: TripRecord): TripActionState {
  return { latestStatus: trip.latestStatus, completed: trip.completed, cancelled: trip.cancelledAt !== null };
}

/**
 * Refuses an action the caller's side may not take on the trip now, by the same rule that decides the
 * `actions` of the trip detail: 403 for the wrong side, 409 when the trip's state rules it out.
 */
export function assertTripAction(side: NoteSide, trip: TripRecord, action: TripAction): void {
  const refusal = tripActionRefusal(side, tripActionState(trip), action);
  if (refusal) throw new AppError(refusal.code, refusal.message);
}
