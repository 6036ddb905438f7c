import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { truckLatestPositions, truckPositions } from '../../db/schema';

export type NewTruckPosition = typeof truckPositions.$inferInsert;
export type LatestPositionRow = typeof truckLatestPositions.$inferSelect;

/** Stores positions; one already stored for the same truck and time is skipped. Returns how many were new. */
export async function insertPositions(db: Executor, positions: NewTruckPosition[]): Promise<number> {
  if (positions.length === 0) return 0;
  const rows = await db
    .insert(truckPositions)
    .values(positions)
    .onConflictDoNothing({ target: [truckPositions.truckId, truckPositions.recordedAt] })
    .returning({ id: truckPositions.id });
  return rows.length;
}

export async function latestPositionsOf(db: Executor, truckIds: string[]): Promise<LatestPositionRow[]> {
  if (truckIds.length === 0) return [];
  return db.select().from(truckLatestPositions).where(inArray(truckLatestPositions.truckId, truckIds));
}

/** Keeps each truck's latest position; an older one arriving late never replaces a newer one. */
export async function upsertLatestPositions(
  db: Executor,
  rows: (typeof truckLatestPositions.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(truckLatestPositions)
    .values(rows)
    .onConflictDoUpdate({
      target: truckLatestPositions.truckId,
      set: {
        recordedAt: sql`excluded.recorded_at`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        speedKmh: sql`excluded.speed_kmh`,
        heading: sql`excluded.heading`,
        source: sql`excluded.source`,
        lga: sql`excluded.lga`,
        state: sql`excluded.state`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${truckLatestPositions.recordedAt} < excluded.recorded_at`,
    });
}

/** A truck's positions between two times, newest first, at most `limit` (the latest ones). */
export async function positionsOfTruck(db: Executor, truckId: string, from: Date, to: Date, limit: number) {
  return db
    .select({
      latitude: truckPositions.latitude,
      longitude: truckPositions.longitude,
      recordedAt: truckPositions.recordedAt,
      speedKmh: truckPositions.speedKmh,
      heading: truckPositions.heading,
    })
    .from(truckPositions)
    .where(
      and(
        eq(truckPositions.truckId, truckId),
        gte(truckPositions.recordedAt, from),
        lte(truckPositions.recordedAt, to),
      ),
    )
    .orderBy(desc(truckPositions.recordedAt))
    .limit(limit);
}

/**
 * Thins the positions that turned older than `olderThanDays` in the last few days to one per truck per
 * `everyMinutes`, at most `batch` deleted per call, so each run touches only the slice that just aged
 * (and the days a missed run left). Returns how many were deleted.
 */
export async function thinOldPositions(
  db: Executor,
  olderThanDays: number,
  everyMinutes: number,
  batch: number,
): Promise<number> {
  const result = await db.execute(sql`
    WITH aged AS (
      SELECT id,
             row_number() OVER (
               PARTITION BY truck_id, floor(extract(epoch FROM recorded_at) / (${everyMinutes} * 60))
               ORDER BY recorded_at
             ) AS nth
      FROM ${truckPositions}
      WHERE recorded_at < now() - make_interval(days => ${olderThanDays})
        AND recorded_at >= now() - make_interval(days => ${olderThanDays + 7})
    ),
    doomed AS (SELECT id FROM aged WHERE nth > 1 LIMIT ${batch})
    DELETE FROM ${truckPositions} WHERE id IN (SELECT id FROM doomed)
    RETURNING id
  `);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
