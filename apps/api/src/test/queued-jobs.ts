import { and, eq, sql } from 'drizzle-orm';
import { jobs } from '../db/schema';
import type { TestApp } from './test-app';

/** The job of `kind` whose payload's `key` is `value` (a send job by its message id). */
export async function queuedJobOf(t: TestApp, kind: string, key: string, value: string) {
  const [job] = await t.ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>${key} = ${value}`));
  if (!job) throw new Error(`No ${kind} job with ${key} ${value}`);
  return job;
}

/** Makes a job waiting for its retry due now, as time passing would. */
export async function makeJobDue(t: TestApp, jobId: number): Promise<void> {
  await t.ctx.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.id, jobId));
}
