import type { Db, Executor } from '../db/client';
import {
  claimNextJob,
  insertJob,
  markJobDone,
  markJobFailed,
  retryJobLater,
} from '../queries/job.repository';

export type JobHandler = (payload: unknown) => Promise<void>;

const MAX_ATTEMPTS = 5;
/** A job locked longer than this is taken to belong to an instance that died. */
const STALE_LOCK_SECONDS = 300;

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
    await insertJob(executor, { kind, payload, ...(runAt ? { runAt } : {}) });
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

  private async runOne(): Promise<boolean> {
    const job = await claimNextJob(this.db, STALE_LOCK_SECONDS);
    if (!job) return false;
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload);
      await markJobDone(this.db, job.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
      if (job.attempts >= MAX_ATTEMPTS) {
        await markJobFailed(this.db, job.id, message);
      } else {
        // Back off 2, 4, 8, 16 seconds between tries.
        await retryJobLater(this.db, job.id, message, 2 ** job.attempts);
      }
    }
    return true;
  }
}
