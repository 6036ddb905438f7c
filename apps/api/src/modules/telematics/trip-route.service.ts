import { fromKeptPoint, MAX_ROUTE_POINTS, type TripRoute } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { loadTripFor } from '../trip';
import { findTruckPlate } from './driver-phone.repository';
import { keptRoutesOf } from './position-history.repository';
import { routeSpan } from './position-history.service';
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
 * which may be another company's trip. A finished trip's kept route is read when there is one, so the
 * map outlives the raw positions (decision 041). Either party of the trip (and admins) may read it.
 */
export async function tripRouteFor(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
): Promise<TripRoute> {
  const { trip } = await loadTripFor(ctx.db, principal, tripId);
  if (!trip.truckId) return { truckRegistrationNumber: null, positions: [] };
  const truckRegistrationNumber = await findTruckPlate(ctx.db, trip.truckId);
  const span = routeSpan({ ...trip, setOffAt: await setOffAtOfTrip(ctx.db, trip.id) });
  if (!span) return { truckRegistrationNumber, positions: [] };
  const finished = trip.completed || trip.cancelledAt !== null;
  const kept = finished ? (await keptRoutesOf(ctx.db, [trip.id])).get(trip.id) : undefined;
  const path = kept
    ? kept.points.map(fromKeptPoint)
    : (await positionsOfTruck(ctx.db, trip.truckId, span.from, span.until, ROUTE_READ_LIMIT)).reverse();
  return {
    truckRegistrationNumber,
    positions: thinRoute(path, MAX_ROUTE_POINTS).map((p) => ({
      latitude: p.latitude,
      longitude: p.longitude,
      recordedAt: p.recordedAt.toISOString(),
      speedKmh: p.speedKmh,
      heading: p.heading,
    })),
  };
}
