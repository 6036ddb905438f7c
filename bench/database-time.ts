/**
 * Where the database's time goes during a load (BENCH_PG_STATS=1, on a throwaway PostgreSQL server): the
 * statements by total time (pg_stat_statements, nested ones included, so a trigger's statements show), the
 * functions by total time (track_functions, triggers included), and what the active connections were
 * doing, sampled every 100 ms (running, or waiting on a lock, the WAL, the client). Printed after the load;
 * it costs the load a little, so the figures of such a run are not the ones to report.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';

export const DATABASE_TIME_ENABLED = process.env.BENCH_PG_STATS === '1';

/** The server settings a throwaway server needs for it. */
export const DATABASE_TIME_SETTINGS = DATABASE_TIME_ENABLED
  ? [
      '-c shared_preload_libraries=pg_stat_statements',
      '-c pg_stat_statements.track=all',
      '-c track_functions=all',
    ]
  : [];

const SAMPLE_EVERY_MS = 100;

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Starts counting (from zero) and sampling; the function it answers stops both and prints the figures. */
export async function watchDatabaseTime(database: Database): Promise<() => Promise<void>> {
  if (!DATABASE_TIME_ENABLED || database.kind !== 'postgres') return async () => undefined;
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
  await database.db.execute(sql`SELECT pg_stat_statements_reset(), pg_stat_reset()`);
  const states = new Map<string, number>();
  let samples = 0;
  const sampler = setInterval(() => {
    samples += 1;
    void rows<{ state: string }>(
      database,
      sql`SELECT coalesce(wait_event_type || ':' || wait_event, 'running') || ' | '
            || left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 70) AS state
          FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()`,
    ).then((active) => {
      for (const { state } of active) states.set(state, (states.get(state) ?? 0) + 1);
    });
  }, SAMPLE_EVERY_MS);
  return async () => {
    clearInterval(sampler);
    console.info(`Active connections over ${samples} samples, by what they were doing:`);
    console.table(
      [...states]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([state, n]) => ({ state, n })),
    );
    console.info('Statements by total time:');
    console.table(
      await rows(
        database,
        sql`SELECT calls, round(total_exec_time) AS total_ms, round(mean_exec_time::numeric, 3) AS mean_ms, rows,
              left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) AS statement
            FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 30`,
      ),
    );
    console.info('Functions (triggers included) by total time:');
    console.table(
      await rows(
        database,
        sql`SELECT funcname AS function, calls, round(total_time) AS total_ms, round(self_time) AS self_ms
            FROM pg_stat_user_functions WHERE calls > 0 ORDER BY total_time DESC LIMIT 15`,
      ),
    );
  };
}
