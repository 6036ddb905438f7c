import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

export interface TripRecordCheckRow {
  links: number;
  head: string | null;
  brokenSeq: number | null;
  brokenKind: string | null;
  problem: string | null;
}

/** The database's check of the trip's record chain (migration 0042): its first problem, or none. */
export async function checkTripRecordRow(db: Executor, tripId: string): Promise<TripRecordCheckRow> {
  const result = (await db.execute(
    sql`SELECT links, head, broken_seq, broken_kind, problem FROM check_trip_record(${tripId}::uuid)`,
  )) as unknown as {
    rows: {
      links: number | string;
      head: string | null;
      broken_seq: number | string | null;
      broken_kind: string | null;
      problem: string | null;
    }[];
  };
  const row = result.rows[0]!;
  return {
    links: Number(row.links),
    head: row.head,
    brokenSeq: row.broken_seq === null ? null : Number(row.broken_seq),
    brokenKind: row.broken_kind,
    problem: row.problem,
  };
}
