import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { truckLatestPositions, truckPositions } from '../../db/schema';

export type NewTruckPosition = typeof truckPositions.$inferInsert;

/**
 * Rows as one JSON parameter read back by json_to_recordset: a batch of any size is one short statement
 * with one parameter, on PostgreSQL and PGlite alike.
 */
const recordset = (rows: object[]) => sql`json_to_recordset(${JSON.stringify(rows)}::json)`;

export type NewLatestPosition = typeof truckLatestPositions.$inferInsert;

export interface StoredPositions {
  /** The truck and time of each position stored now (one already stored for the same truck and time is skipped). */
  inserted: { truckId: string; recordedAt: Date }[];
  /**
   * The trucks whose latest position moved forward, with the place it showed before (null for a truck's
   * first position): an older position arriving late never replaces a newer one.
   */
  moved: { truckId: string; before: { lga: string | null; state: string | null } | null }[];
}

/**
 * Stores positions and moves each truck's latest position forward, in one statement: a batch costs one
 * round trip whatever its size. The rows go as JSON parameters: building and parsing a statement of
 * thousands of VALUES tuples would cost more than storing them. `old` reads the latest positions as they
 * were before the statement, so each moved truck comes back with the place it showed before.
 */
export async function storePositions(
  db: Executor,
  positions: NewTruckPosition[],
  latest: NewLatestPosition[],
): Promise<StoredPositions> {
  if (positions.length === 0) return { inserted: [], moved: [] };
  const result = await db.execute(sql`
    WITH ins AS (
      INSERT INTO ${truckPositions} (truck_id, company_id, recorded_at, latitude, longitude, speed_kmh,
                                     heading, accuracy_m, source, address)
      SELECT truck_id, company_id, recorded_at, latitude, longitude, speed_kmh, heading, accuracy_m, source,
             address
      FROM ${recordset(
        positions.map((p) => ({
          truck_id: p.truckId,
          company_id: p.companyId,
          recorded_at: p.recordedAt.toISOString(),
          latitude: p.latitude,
          longitude: p.longitude,
          speed_kmh: p.speedKmh ?? null,
          heading: p.heading ?? null,
          accuracy_m: p.accuracyM ?? null,
          source: p.source,
          address: p.address ?? null,
        })),
      )} AS x(truck_id uuid, company_id uuid, recorded_at timestamptz, latitude float8, longitude float8,
              speed_kmh real, heading real, accuracy_m real, source text, address text)
      ON CONFLICT (truck_id, recorded_at) DO NOTHING
      RETURNING truck_id, recorded_at
    ),
    incoming AS (
      SELECT * FROM ${recordset(
        latest.map((r) => ({
          truck_id: r.truckId,
          company_id: r.companyId,
          recorded_at: r.recordedAt.toISOString(),
          latitude: r.latitude,
          longitude: r.longitude,
          speed_kmh: r.speedKmh ?? null,
          heading: r.heading ?? null,
          source: r.source,
          lga: r.lga ?? null,
          state: r.state ?? null,
        })),
      )} AS y(truck_id uuid, company_id uuid, recorded_at timestamptz, latitude float8, longitude float8,
              speed_kmh real, heading real, source text, lga text, state text)
    ),
    old AS (
      SELECT truck_id, lga, state FROM ${truckLatestPositions}
      WHERE truck_id IN (SELECT truck_id FROM incoming)
    ),
    up AS (
      INSERT INTO ${truckLatestPositions} (truck_id, company_id, recorded_at, latitude, longitude, speed_kmh,
                                           heading, source, lga, state)
      SELECT truck_id, company_id, recorded_at, latitude, longitude, speed_kmh, heading, source, lga, state
      FROM incoming
      ON CONFLICT (truck_id) DO UPDATE SET
        recorded_at = excluded.recorded_at, latitude = excluded.latitude, longitude = excluded.longitude,
        speed_kmh = excluded.speed_kmh, heading = excluded.heading, source = excluded.source,
        lga = excluded.lga, state = excluded.state, updated_at = now()
      WHERE ${truckLatestPositions.recordedAt} < excluded.recorded_at
      RETURNING truck_id
    )
    SELECT 'stored' AS kind, truck_id AS "truckId", recorded_at AS "recordedAt", false AS known,
           NULL AS lga, NULL AS state
    FROM ins
    UNION ALL
    SELECT 'moved', up.truck_id, NULL, old.truck_id IS NOT NULL, old.lga, old.state
    FROM up LEFT JOIN old ON old.truck_id = up.truck_id`);
  const rows = (
    result as unknown as {
      rows: {
        kind: 'stored' | 'moved';
        truckId: string;
        recordedAt: Date | string | null;
        known: boolean;
        lga: string | null;
        state: string | null;
      }[];
    }
  ).rows;
  return {
    inserted: rows
      .filter((r) => r.kind === 'stored')
      .map((r) => ({ truckId: r.truckId, recordedAt: new Date(r.recordedAt!) })),
    moved: rows
      .filter((r) => r.kind === 'moved')
      .map((r) => ({ truckId: r.truckId, before: r.known ? { lga: r.lga, state: r.state } : null })),
  };
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
