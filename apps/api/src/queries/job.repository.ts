import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { jobs } from '../db/schema';

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
}

/** One job, queued by most writes: a kept statement, so its SQL is written and planned once. */
export async function insertJob(
  db: Executor,
  values: { kind: string; payload: unknown; runAt?: Date },
): Promise<void> {
  await prepared(db, 'job_insert', (d) =>
    d.insert(jobs).values({
      kind: sql.placeholder('kind'),
      payload: sql`${sql.placeholder('payload')}::jsonb`,
      runAt: sql`coalesce(${sql.placeholder('runAt')}::timestamptz, now())`,
    }),
  ).execute({
    kind: values.kind,
    payload: JSON.stringify(values.payload),
    runAt: values.runAt?.toISOString() ?? null,
  });
}

/** Many jobs of one kind in one statement: a fan-out to a thousand people is one insert, not a thousand. */
export async function insertJobs(
  db: Executor,
  kind: string,
  payloads: readonly unknown[],
  runAt?: Date,
): Promise<void> {
  if (payloads.length === 0) return;
  await db.insert(jobs).values(payloads.map((payload) => ({ kind, payload, ...(runAt ? { runAt } : {}) })));
}

/**
 * Takes up to `limit` due jobs, counting each one's attempt, in the order they fell due. FOR UPDATE SKIP
 * LOCKED lets instances sharing one PostgreSQL claim at once without taking the same job; a lock not
 * renewed for `leaseSeconds` is taken to belong to an instance that died.
 */
export async function claimDueJobs(db: Executor, leaseSeconds: number, limit: number): Promise<ClaimedJob[]> {
  const result = await db.execute(sql`
    UPDATE jobs SET locked_at = now(), attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
        AND (locked_at IS NULL OR locked_at < now() - make_interval(secs => ${leaseSeconds}))
      ORDER BY run_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT ${limit}
    )
    RETURNING id, kind, payload, attempts, run_at`);
  const rows = (result as unknown as { rows: (ClaimedJob & { run_at: string | Date })[] }).rows;
  return rows
    .map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      dueAt: new Date(row.run_at).getTime(),
    }))
    .sort((a, b) => a.dueAt - b.dueAt || a.id - b.id)
    .map(({ dueAt: _dueAt, ...job }) => job);
}

/**
 * Extends the lease of a claimed job; false when the job is no longer this claim's. The attempt count is
 * the claim's token: a claim by another instance counts one more, so a lapsed claim cannot renew it.
 */
export async function renewJobLease(db: Executor, job: ClaimedJob): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE jobs SET locked_at = now()
    WHERE id = ${job.id} AND attempts = ${job.attempts} AND locked_at IS NOT NULL
      AND done_at IS NULL AND failed_at IS NULL
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length === 1;
}

export async function markJobDone(db: Executor, jobId: number): Promise<void> {
  await db.execute(sql`UPDATE jobs SET done_at = now(), locked_at = NULL WHERE id = ${jobId}`);
}

export async function markJobFailed(db: Executor, jobId: number, message: string): Promise<void> {
  await db.execute(
    sql`UPDATE jobs SET failed_at = now(), locked_at = NULL, last_error = ${message} WHERE id = ${jobId}`,
  );
}

export async function retryJobLater(
  db: Executor,
  jobId: number,
  message: string,
  delaySeconds: number,
): Promise<void> {
  await db.execute(sql`
    UPDATE jobs SET locked_at = NULL, last_error = ${message},
      run_at = now() + make_interval(secs => ${delaySeconds})
    WHERE id = ${jobId}`);
}

/** Queues a job of `kind` at `runAt` unless one of that kind is still waiting (a recurring job's next run). */
export async function insertJobUnlessPending(
  db: Executor,
  values: { kind: string; payload: unknown; runAt: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO jobs (kind, payload, run_at)
    SELECT ${values.kind}, ${JSON.stringify(values.payload)}::jsonb, ${values.runAt.toISOString()}::timestamptz
    WHERE NOT EXISTS (
      SELECT 1 FROM jobs WHERE kind = ${values.kind} AND done_at IS NULL AND failed_at IS NULL
    )`);
}
