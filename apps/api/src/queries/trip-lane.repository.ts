import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { trips, tripStatusLogs } from '../db/schema';

/**
 * A lane end: the terminal, or the state and LGA of an address. The same expressions as the
 * trips_lane_idx index (migration 0009), so the planner reads a lane's past trips off it.
 */
const pickupEnd = sql`(coalesce(${trips.pickupTerminalId}::text, (${trips.pickupAddress}->>'state') || '/' || (${trips.pickupAddress}->>'lga')))`;
const deliveryEnd = sql`(coalesce(${trips.recipientTerminalId}::text, (${trips.recipientAddress}->>'state') || '/' || (${trips.recipientAddress}->>'lga')))`;

/** Where a truck was loaded and where it arrived to deliver, on a past trip. */
export interface PastLaneTrip {
  tripId: string;
  truckId: string | null;
  loadedAt: Date;
  arrivedAt: Date;
}

/**
 * The latest completed trips on the same lane as `tripId` (the same pickup and delivery ends), with when
 * each was loaded and when it reached its delivery: their routes widen the corridor, their durations give
 * an ETA.
 */
export async function pastTripsOnLaneOf(
  db: Executor,
  tripId: string,
  limit: number,
): Promise<PastLaneTrip[]> {
  const loaded = sql`(SELECT max(l.at) FROM ${tripStatusLogs} l WHERE l.trip_id = ${trips.id} AND l.status = 'LOADED' AND l.undone_at IS NULL)`;
  const arrived = sql`(SELECT max(l.at) FROM ${tripStatusLogs} l WHERE l.trip_id = ${trips.id} AND l.status IN ('AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION') AND l.undone_at IS NULL)`;
  const rows = await db
    .select({
      tripId: trips.id,
      truckId: trips.truckId,
      loadedAt: sql<Date | null>`${loaded}`.mapWith(tripStatusLogs.at),
      arrivedAt: sql<Date | null>`${arrived}`.mapWith(tripStatusLogs.at),
    })
    .from(trips)
    .where(
      and(
        eq(trips.completed, true),
        ne(trips.id, tripId),
        isNull(trips.cancelledAt),
        sql`${pickupEnd} = (SELECT ${pickupEnd} FROM ${trips} WHERE ${trips.id} = ${tripId})`,
        sql`${deliveryEnd} = (SELECT ${deliveryEnd} FROM ${trips} WHERE ${trips.id} = ${tripId})`,
      ),
    )
    .orderBy(sql`${trips.latestStatusAt} DESC NULLS LAST`)
    .limit(limit);
  return rows.flatMap((r) =>
    r.loadedAt && r.arrivedAt && r.arrivedAt > r.loadedAt
      ? [{ tripId: r.tripId, truckId: r.truckId, loadedAt: r.loadedAt, arrivedAt: r.arrivedAt }]
      : [],
  );
}
