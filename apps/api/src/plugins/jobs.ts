import type { Db, Executor } from '../db/client';
import { BackgroundLoop } from '../lib/background-loop';
import { jobsRun } from '../lib/metrics';
import { inSpan, tracingOn } from '../lib/tracing';
import {
  type ClaimedJob,
  claimDueJobs,
  insertJob,
  insertJobs,
  insertJobUnlessPending,
  markJobDone,
  markJobFailed,
  renewJobLease,
  retryJobLater,
} from '../queries/job.repository';

/** `final` is true on the last try the queue will make: a handler may record the failure then. */
export type JobHandler = (payload: unknown, attempt: { number: number; final: boolean }) => Promise<void>;

export interface JobKindOptions {
  /** Tries before the job is marked failed (5 unless given). */
  maxAttempts?: number;
  /** Seconds to wait after failed try number `attempt` (2, 4, 8, 16 unless given). */
  backoffSeconds?: (attempt: number) => number;
  /**
   * Jobs of this kind may run beside each other (one message to one phone): their order among themselves
   * does not matter, and most of their time is spent waiting on a provider across the network.
   */
  parallel?: boolean;
}

/**
 * Due jobs one claim takes. Jobs of kinds that run in parallel run together; any other job runs alone,
 * after those claimed before it, so the order jobs fell due still holds for them.
 */
export const JOBS_PER_CLAIM = 32;

const MAX_ATTEMPTS = 5;
/**
 * How long a claimed job stays its instance's without word from it (JOBS_LEASE_SECONDS). A running job
 * renews its lease three times a lease, so only a job whose instance died (or lost the database for a
 * whole lease) is taken by another; it then runs again after at most this long.
 */
export const DEFAULT_JOB_LEASE_SECONDS = 60;

/**
 * Side effects (mail, push) are written as jobs in the same transaction as the change that
 * causes them, then run here. Claiming uses FOR UPDATE SKIP LOCKED so instances sharing one
 * PostgreSQL never run a job twice.
 */
export class JobQueue {
  private readonly handlers = new Map<string, { run: JobHandler; options: JobKindOptions }>();
  /** Kinds that run again and again: when each next run is due, after a given moment. */
  private readonly recurring = new Map<string, (after: Date) => Date>();
  private readonly loop: BackgroundLoop;
  /** Jobs this instance has run, for drain's answer. */
  private jobsRun = 0;

  constructor(
    private readonly db: Db,
    pollMs: number,
    private readonly log: { error: (obj: object, msg: string) => void },
    private readonly leaseSeconds = DEFAULT_JOB_LEASE_SECONDS,
  ) {
    this.loop = new BackgroundLoop(
      () => this.runOne(),
      pollMs,
      (err) => this.log.error({ err }, 'job worker failed to claim work'),
    );
  }

  handle(kind: string, handler: JobHandler, options: JobKindOptions = {}): void {
    this.handlers.set(kind, { run: handler, options });
  }

  /**
   * A job that runs on a schedule (a daily sweep): one run is always waiting, queued at start when none
   * is, and the next is queued when a run finishes. Instances share it, so it runs once, not once each.
   */
  every(kind: string, next: (after: Date) => Date, handler: () => Promise<void>): void {
    this.recurring.set(kind, next);
    this.handle(kind, () => handler());
  }

  async enqueue(executor: Executor, kind: string, payload: unknown, runAt?: Date): Promise<void> {
    await insertJob(executor, { kind, payload, ...(runAt ? { runAt } : {}) });
  }

  /** Queues many jobs of one kind in one statement. */
  async enqueueMany(
    executor: Executor,
    kind: string,
    payloads: readonly unknown[],
    runAt?: Date,
  ): Promise<void> {
    await insertJobs(executor, kind, payloads, runAt);
  }

  start(): void {
    void this.queueRecurring().finally(() => this.loop.start());
  }

  /** Makes sure every recurring kind has its next run waiting. */
  async queueRecurring(): Promise<void> {
    for (const [kind, next] of this.recurring) {
      await insertJobUnlessPending(this.db, { kind, payload: {}, runAt: next(new Date()) }).catch(
        (err: unknown) => this.log.error({ err, kind }, 'could not queue a recurring job'),
      );
    }
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
    const before = this.jobsRun;
    await this.loop.drain();
    return this.jobsRun - before;
  }

  /**
   * Claims the due jobs and runs them; answers whether there were any. Jobs of parallel kinds claimed one
   * after another run together; every other job runs alone, in the order jobs fell due, which one person's
   * successive e-mails and notifications rely on.
   */
  private async runOne(): Promise<boolean> {
    const claimed = await claimDueJobs(this.db, this.leaseSeconds, JOBS_PER_CLAIM);
    if (claimed.length === 0) return false;
    const renewals = claimed.map((job) => this.keepLease(job));
    try {
      let together: ClaimedJob[] = [];
      const runTogether = async () => {
        const outcomes = await Promise.allSettled(together.map((job) => this.run(job)));
        together = [];
        const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
        if (failed) throw failed.reason;
      };
      for (const job of claimed) {
        if (this.handlers.get(job.kind)?.options.parallel) {
          together.push(job);
          continue;
        }
        await runTogether();
        await this.run(job);
      }
      await runTogether();
    } finally {
      for (const renewal of renewals) clearInterval(renewal);
    }
    return true;
  }

  /** Renews the lease on `job` while it runs, so no other instance takes a long job as abandoned. */
  private keepLease(job: ClaimedJob): NodeJS.Timeout {
    const timer = setInterval(
      () => {
        renewJobLease(this.db, job).then(
          (kept) => {
            if (!kept) this.log.error({ jobId: job.id, kind: job.kind }, 'job lease was lost to another try');
          },
          // The database is away: the lease lapses only if it stays away for a whole lease.
          (err: unknown) => this.log.error({ err, jobId: job.id }, 'could not renew a job lease'),
        );
      },
      (this.leaseSeconds * 1000) / 3,
    );
    timer.unref();
    return timer;
  }

  private async run(job: ClaimedJob): Promise<void> {
    this.jobsRun += 1;
    const handler = this.handlers.get(job.kind);
    const maxAttempts = handler?.options.maxAttempts ?? MAX_ATTEMPTS;
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      const attempt = { number: job.attempts, final: job.attempts >= maxAttempts };
      await (tracingOn()
        ? inSpan(`job ${job.kind}`, { 'job.kind': job.kind, 'job.attempt': job.attempts }, () =>
            handler.run(job.payload, attempt),
          )
        : handler.run(job.payload, attempt));
      await markJobDone(this.db, job.id);
      jobsRun.inc({ kind: job.kind, outcome: 'done' });
      const next = this.recurring.get(job.kind);
      if (next)
        await insertJobUnlessPending(this.db, { kind: job.kind, payload: {}, runAt: next(new Date()) });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
      jobsRun.inc({ kind: job.kind, outcome: job.attempts >= maxAttempts ? 'failed' : 'retry' });
      if (job.attempts >= maxAttempts) {
        await markJobFailed(this.db, job.id, message);
        const next = this.recurring.get(job.kind);
        if (next)
          await insertJobUnlessPending(this.db, { kind: job.kind, payload: {}, runAt: next(new Date()) });
      } else {
        // Back off 2, 4, 8, 16 seconds between tries unless the kind says otherwise.
        const delay = handler?.options.backoffSeconds?.(job.attempts) ?? 2 ** job.attempts;
        await retryJobLater(this.db, job.id, message, delay);
      }
    }
  }
}
