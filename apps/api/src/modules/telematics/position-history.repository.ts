import { eq, inArray, sql } from 'drizzle-orm';
import type { KeptRoutePoint } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { setOffOfTripRow } from './trip-watch.repository';
import { trips, tripRoutes, tripRoutesPending } from '../../db/schema';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One key for every instance: two that start together never make the same day's partition at once. */
const PARTITIONS_LOCK = 340_041;

/** Makes the position partitions missing for the UTC days `from`..`to` (migration 0033); returns how many. */
export async function ensurePositionPartitions(db: Executor, from: string, to: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITIONS_LOCK})`);
    const [row] = rowsOf<{ made: number }>(
      await tx.execute(sql`SELECT ensure_truck_position_partitions(${from}::date, ${to}::date) AS made`),
    );
    return Number(row?.made ?? 0);
  });
}

/** The names of truck_positions' partitions, the default one included. */
export async function positionPartitionNames(db: Executor): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'truck_positions'::regclass ORDER BY c.relname`),
  );
  return rows.map((r) => r.name);
}

/**
 * Drops one partition. The name comes from positionPartitionNames and is checked against the partition
 * naming by the caller; a short lock timeout keeps a drop from queueing positions behind it for long (the
 * next run tries again).
 */
export async function dropPositionPartition(db: Executor, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL lock_timeout = '5s'`);
    await tx.execute(sql`DROP TABLE ${sql.identifier(name)}`);
  });
}

/** Deletes positions older than `before` that wait in the default partition; returns how many. */
export async function deleteAgedDefaultPositions(db: Executor, before: Date): Promise<number> {
  const rows = rowsOf<unknown>(
    await db.execute(sql`
      DELETE FROM truck_positions_default WHERE recorded_at < ${before.toISOString()}::timestamptz
      RETURNING 1`),
  );
  return rows.length;
}

/** A finished trip whose route is to be kept, with what bounds its route. */
export interface PendingRoute {
  tripId: string;
  truckId: string | null;
  truckAssignedAt: Date | null;
  cancelledAt: Date | null;
  completed: boolean;
  latestStatusAt: Date | null;
  setOffAt: Date | null;
}

/** The earliest finished trips still waiting for their route to be kept, at most `limit`. */
/** The columns of a trip that bound its route in time (routeSpan, position-history.service.ts). */
export function routeSpanColumns() {
  return {
    truckId: trips.truckId,
    truckAssignedAt: trips.truckAssignedAt,
    cancelledAt: trips.cancelledAt,
    completed: trips.completed,
    latestStatusAt: trips.latestStatusAt,
    setOffAt: setOffOfTripRow(),
  };
}

export async function pendingRoutes(db: Executor, limit: number): Promise<PendingRoute[]> {
  return db
    .select({ tripId: tripRoutesPending.tripId, ...routeSpanColumns() })
    .from(tripRoutesPending)
    .innerJoin(trips, eq(trips.id, tripRoutesPending.tripId))
    .orderBy(tripRoutesPending.finishedAt, tripRoutesPending.tripId)
    .limit(limit);
}

/** A route to keep: its chosen points, how many raw positions it had and its length. */
export interface KeptRoute {
  tripId: string;
  points: KeptRoutePoint[];
  rawPoints: number;
  distanceKm: number | null;
}

/**
 * Stores the kept routes and takes their trips, and those with nothing to keep, off the waiting list, in
 * one transaction: a route is kept exactly once, and a failure leaves it waiting for the next run.
 */
export async function keepRoutes(db: Executor, kept: KeptRoute[], nothingToKeep: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (kept.length > 0) {
      await tx
        .insert(tripRoutes)
        .values(kept)
        .onConflictDoUpdate({
          target: tripRoutes.tripId,
          set: {
            points: sql`excluded.points`,
            rawPoints: sql`excluded.raw_points`,
            distanceKm: sql`excluded.distance_km`,
            keptAt: sql`now()`,
          },
        });
    }
    const done = [...kept.map((k) => k.tripId), ...nothingToKeep];
    if (done.length > 0) await tx.delete(tripRoutesPending).where(inArray(tripRoutesPending.tripId, done));
  });
}

/** How many finished trips wait for their route to be kept. */
export async function countPendingRoutes(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tripRoutesPending);
  return row?.n ?? 0;
}

/** The kept route of each of the trips that has one. */
export async function keptRoutesOf(
  db: Executor,
  tripIds: string[],
): Promise<Map<string, { points: KeptRoutePoint[]; distanceKm: number | null }>> {
  if (tripIds.length === 0) return new Map();
  const rows = await db
    .select({ tripId: tripRoutes.tripId, points: tripRoutes.points, distanceKm: tripRoutes.distanceKm })
    .from(tripRoutes)
    .where(inArray(tripRoutes.tripId, tripIds));
  return new Map(rows.map((r) => [r.tripId, { points: r.points, distanceKm: r.distanceKm }]));
}
