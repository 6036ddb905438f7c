import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { jobs } from '../db/schema';

export type JobHandler = (payload: unknown) => Promise<void>;

const MAX_ATTEMPTS = 5;
/** A job locked longer than this is taken to belong to an instance that died. */
const STALE_LOCK_SECONDS = 300;

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
}

/**
 * Side effects (mail, push) are written as jobs in the same transaction as the change that
 * causes them, then run here. Claiming uses FOR UPDATE SKIP LOCKED so instances sharing one
 * PostgreSQL never run a job twice.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly pollMs: number,
    private readonly log: { error: (obj: object, msg: string) => void },
  ) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  async enqueue(executor: Executor, kind: string, payload: unknown, runAt?: Date): Promise<void> {
    await executor.insert(jobs).values({ kind, payload, ...(runAt ? { runAt } : {}) });
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Asks the worker to look now, after a transaction that enqueued work has committed. */
  kick(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  /** Runs every due job to the end; tests and the CLI use it instead of waiting for the poll. */
  async drain(): Promise<number> {
    await this.running;
    let count = 0;
    while (await this.runOne()) count++;
    return count;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.loop().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.pollMs);
      });
    }, delay);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    try {
      while (!this.stopped && (await this.runOne()));
    } catch (err) {
      this.log.error({ err }, 'job worker failed to claim work');
    }
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const result = await this.db.execute(sql`
      UPDATE jobs SET locked_at = now(), attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
          AND (locked_at IS NULL OR locked_at < now() - make_interval(secs => ${STALE_LOCK_SECONDS}))
        ORDER BY run_at, id
        FOR UPDATE SKIP LOCKED
        LIMIT 1
      )
      RETURNING id, kind, payload, attempts`);
    const row = (result as unknown as { rows: ClaimedJob[] }).rows[0];
    return row ? { ...row, id: Number(row.id) } : undefined;
  }

  private async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload);
      await this.db.execute(sql`UPDATE jobs SET done_at = now(), locked_at = NULL WHERE id = ${job.id}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
      if (job.attempts >= MAX_ATTEMPTS) {
        await this.db.execute(
          sql`UPDATE jobs SET failed_at = now(), locked_at = NULL, last_error = ${message} WHERE id = ${job.id}`,
        );
      } else {
        // Back off 2, 4, 8, 16 seconds between tries.
        const delay = 2 ** job.attempts;
        await this.db.execute(sql`
          UPDATE jobs SET locked_at = NULL, last_error = ${message},
            run_at = now() + make_interval(secs => ${delay})
          WHERE id = ${job.id}`);
      }
    }
    return true;
  }
}
