import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * How far the primary's write-ahead log reaches now, as a byte position: every transaction committed before
 * this read began lies below it. The insert position, not the write position (pg_current_wal_lsn): with
 * synchronous_commit off a commit returns before its record is written out, though it is already inserted.
 */
export async function primaryWalPosition(db: Executor): Promise<bigint> {
  const [row] = rowsOf<{ position: string }>(
    await db.execute(sql`SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::text AS position`),
  );
  return BigInt(row!.position.split('.')[0]!);
}

/**
 * How far a standby has applied the log it received, as a byte position; null when the server is no standby
 * (promoted, or a primary given by mistake), whose answers then cannot be placed in the primary's history.
 */
export async function replayedWalPosition(db: Executor): Promise<bigint | null> {
  const [row] = rowsOf<{ position: string | null }>(
    await db.execute(
      sql`SELECT CASE WHEN pg_is_in_recovery() THEN (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::text END AS position`,
    ),
  );
  return row?.position ? BigInt(row.position.split('.')[0]!) : null;
}
