import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The jobs due and not yet done, by kind: how many, and how long the oldest has waited (s). */
export async function waitingJobs(
  db: Executor,
): Promise<{ kind: string; waiting: number; oldest: number }[]> {
  const rows = rowsOf<{ kind: string; waiting: number | string; oldest: number | string }>(
    await db.execute(sql`
      SELECT kind, count(*) AS waiting, extract(epoch FROM now() - min(run_at)) AS oldest
      FROM jobs
      WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
      GROUP BY kind`),
  );
  return rows.map((r) => ({
    kind: r.kind,
    waiting: Number(r.waiting),
    oldest: Math.max(0, Number(r.oldest)),
  }));
}

/**
 * How late the poller is on each kind of tracking provider: the seconds since the most overdue active
 * account was due to be read (0 when none is overdue).
 */
export async function trackingPollLag(db: Executor): Promise<{ provider: string; lag: number }[]> {
  const rows = rowsOf<{ provider: string; lag: number | string }>(
    await db.execute(sql`
      SELECT tc.kind AS provider, greatest(0, extract(epoch FROM now() - min(c.next_poll_at))) AS lag
      FROM tracking_credentials c JOIN tracking_companies tc ON tc.id = c.tracking_company_id
      WHERE c.active
      GROUP BY tc.kind`),
  );
  return rows.map((r) => ({ provider: r.provider, lag: Number(r.lag) }));
}
