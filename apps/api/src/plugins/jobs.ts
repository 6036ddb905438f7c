import type { Db, Executor } from '../db/client';
import { BackgroundLoop } from '../lib/background-loop';
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
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly db: Db,
    pollMs: number,
    private readonly log: { error: (obj: object, msg: string) => void },
  ) {
    this.loop = new BackgroundLoop(
      () => this.runOne(),
      pollMs,
      (err) => this.log.error({ err }, 'job worker failed to claim work'),
    );
  }

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  async enqueue(executor: Executor, kind: string, payload: unknown, runAt?: Date): Promise<void> {
    await insertJob(executor, { kind, payload, ...(runAt ? { runAt } : {}) });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Asks the worker to look now, after a transaction that enqueued work has committed. */
  kick(): void {
    this.loop.kick();
  }

  /** Runs every due job to the end; tests and the CLI use it instead of waiting for the poll. */
  async drain(): Promise<number> {
    return this.loop.drain();
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
