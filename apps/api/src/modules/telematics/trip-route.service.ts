import { MAX_ROUTE_POINTS, POSITION_CLOCK_SKEW_MS, type TripRoute } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { loadTripFor } from '../trip';
import { findTruckPlate } from './driver-phone.repository';
import { positionsOfTruck } from './truck-position.repository';
import { setOffAtOfTrip } from './trip-watch.repository';

/** Rows the route reads before thinning: a truck reporting every 30 s for 10 days. */
const ROUTE_READ_LIMIT = 30_000;

/** Every n-th point so at most `max` remain, always keeping the last (where the truck is now). */
export function thinRoute<T>(points: T[], max: number): T[] {
  if (points.length <= max) return points;
  const step = Math.ceil(points.length / max);
  const kept = points.filter((_, i) => i % step === 0);
  if (kept.at(-1) !== points.at(-1)) kept[kept.length - 1] = points.at(-1)!;
  return kept;
}

/**
 * The route the trip's truck travelled on the trip, for the trip page's map: from when the trip set off
 * (or the truck was put on it, if later) until it ended (or now). Never where the truck drove before,
 * which may be another company's trip. Either party of the trip (and admins) may read it.
 */
export async function tripRouteFor(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
): Promise<TripRoute> {
  const { trip } = await loadTripFor(ctx.db, principal, tripId);
  if (!trip.truckId) return { truckRegistrationNumber: null, positions: [] };
  const truckRegistrationNumber = await findTruckPlate(ctx.db, trip.truckId);
  const setOff = await setOffAtOfTrip(ctx.db, trip.id);
  if (!setOff) return { truckRegistrationNumber, positions: [] };
  const from = new Date(Math.max(setOff.getTime(), trip.truckAssignedAt?.getTime() ?? 0));
  const ended = trip.cancelledAt ?? (trip.completed ? trip.latestStatusAt : null);
  // A live trip's route runs to the newest position, timed by a clock a little ahead of the server's.
  const until = ended ?? new Date(Date.now() + POSITION_CLOCK_SKEW_MS);
  const rows = await positionsOfTruck(ctx.db, trip.truckId, from, until, ROUTE_READ_LIMIT);
  return {
    truckRegistrationNumber,
    positions: thinRoute(rows.reverse(), MAX_ROUTE_POINTS).map((p) => ({
      ...p,
      recordedAt: p.recordedAt.toISOString(),
    })),
  };
}
