import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

type Rows<T> = { rows: T[] };

/** Counts one hit in the (key, window) row and answers the new count. */
export async function countHit(db: Executor, key: string, windowStart: Date): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO rate_limit_hits (key, window_start, count) VALUES (${key}, ${windowStart.toISOString()}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_hits.count + 1
    RETURNING count`);
  return Number((result as unknown as Rows<{ count: number }>).rows[0]?.count ?? 0);
}

/** The hits counted in the (key, window) row so far; 0 when there is none. */
export async function readHits(db: Executor, key: string, windowStart: Date): Promise<number> {
  const result = await db.execute(
    sql`SELECT count FROM rate_limit_hits WHERE key = ${key} AND window_start = ${windowStart.toISOString()}`,
  );
  return Number((result as unknown as Rows<{ count: number }>).rows[0]?.count ?? 0);
}

/**
 * Adds each key's hits to its shared row in one statement and answers every key's total, so an
 * instance learns what all instances counted in the window.
 */
export async function addHits(
  db: Executor,
  batch: { key: string; windowStart: Date; hits: number }[],
): Promise<Map<string, number>> {
  if (batch.length === 0) return new Map();
  const rows = sql.join(
    batch.map((b) => sql`(${b.key}, ${b.windowStart.toISOString()}::timestamptz, ${b.hits}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    INSERT INTO rate_limit_hits (key, window_start, count) VALUES ${rows}
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_hits.count + excluded.count
    RETURNING key, count`);
  return new Map(
    (result as unknown as Rows<{ key: string; count: number }>).rows.map((r) => [r.key, Number(r.count)]),
  );
}

/** Drops windows that ended long ago. */
export async function pruneHits(db: Executor): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE window_start < now() - interval '2 days'`);
}
