import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { renewJobLease } from '../queries/job.repository';
import { JobQueue } from './jobs';

const quiet = { error() {} };

describe('JobQueue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(jobs);
  });

  async function jobRow(id: number) {
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, id));
    return row!;
  }

  async function onlyJobId(kind: string): Promise<number> {
    const rows = await t.ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, kind));
    expect(rows).toHaveLength(1);
    return rows[0]!.id;
  }

  it('runs an enqueued job once on drain and marks it done', async () => {
    const seen: unknown[] = [];
    t.ctx.jobs.handle('test.once', async (payload) => {
      seen.push(payload);
    });
    await t.ctx.jobs.enqueue(t.ctx.db, 'test.once', { orderId: 'ord-1', amountKobo: 150_000 });
    const id = await onlyJobId('test.once');

    expect(await t.ctx.jobs.drain()).toBe(1);
    expect(seen).toEqual([{ orderId: 'ord-1', amountKobo: 150_000 }]);
    const row = await jobRow(id);
    expect(row.attempts).toBe(1);
    expect(row.doneAt).toBeInstanceOf(Date);
    expect(row.lockedAt).toBeNull();
    expect(row.failedAt).toBeNull();
    expect(row.lastError).toBeNull();

    expect(await t.ctx.jobs.drain()).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('runs jobs of a parallel kind side by side, and any other kind alone in the order they fell due', async () => {
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const slow = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      log.push(`end ${name}`);
      running -= 1;
    };
    t.ctx.jobs.handle('test.message', (payload) => slow(`message ${(payload as { n: number }).n}`)(), {
      parallel: true,
    });
    t.ctx.jobs.handle('test.in-order', (payload) => slow(`in-order ${(payload as { n: number }).n}`)());
    const dueAt = (seconds: number) => new Date(Date.now() - 60_000 + seconds * 1000);
    await t.ctx.jobs.enqueueMany(t.ctx.db, 'test.message', [{ n: 1 }, { n: 2 }, { n: 3 }], dueAt(1));
    await t.ctx.jobs.enqueue(t.ctx.db, 'test.in-order', { n: 1 }, dueAt(2));
    await t.ctx.jobs.enqueue(t.ctx.db, 'test.in-order', { n: 2 }, dueAt(3));

    expect(await t.ctx.jobs.drain()).toBe(5);
    expect(most).toBe(3);
    // The three messages overlapped; each job kept to its own turn after them.
    expect(log.slice(0, 3).every((entry) => entry.startsWith('start message'))).toBe(true);
    expect(log.slice(6)).toEqual([
      'start in-order 1',
      'end in-order 1',
      'start in-order 2',
      'end in-order 2',
    ]);
    const rows = await t.ctx.db.select().from(jobs);
    expect(rows.every((row) => row.doneAt !== null && row.attempts === 1)).toBe(true);
  });

  it('leaves a job scheduled for later alone until it is due', async () => {
    let calls = 0;
    t.ctx.jobs.handle('test.later', async () => {
      calls++;
    });
    await t.ctx.jobs.enqueue(t.ctx.db, 'test.later', {}, new Date(Date.now() + 60 * 60 * 1000));
    expect(await t.ctx.jobs.drain()).toBe(0);
    expect(calls).toBe(0);

    await t.ctx.db.update(jobs).set({ runAt: sql`now()` });
    expect(await t.ctx.jobs.drain()).toBe(1);
    expect(calls).toBe(1);
  });

  it('does not write a job whose transaction rolls back', async () => {
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.ctx.jobs.enqueue(tx, 'test.rolled-back', { n: 1 });
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    expect(await t.ctx.db.select().from(jobs)).toEqual([]);
  });

  it('retries a failing job later with backoff, then gives up after 5 attempts', async () => {
    let calls = 0;
    const queue = new JobQueue(t.ctx.db, 1000, quiet);
    queue.handle('test.flaky', async () => {
      calls++;
      throw new Error(`mail server said no (${calls})`);
    });
    await queue.enqueue(t.ctx.db, 'test.flaky', { to: 'ops@example.com' });
    const id = await onlyJobId('test.flaky');

    for (let attempt = 1; attempt <= 4; attempt++) {
      const before = await jobRow(id);
      expect(await queue.drain()).toBe(1);
      const row = await jobRow(id);
      expect(calls).toBe(attempt);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe(`mail server said no (${attempt})`);
      expect(row.failedAt).toBeNull();
      expect(row.doneAt).toBeNull();
      expect(row.lockedAt).toBeNull();
      // Backoff of 2^attempt seconds from the time of the failure.
      const pushedBy = (row.runAt.getTime() - before.runAt.getTime()) / 1000;
      expect(pushedBy).toBeGreaterThanOrEqual(2 ** attempt - 0.5);
      expect(pushedBy).toBeLessThan(2 ** attempt + 10);

      // Not due yet: another drain leaves it alone.
      expect(await queue.drain()).toBe(0);
      expect(calls).toBe(attempt);

      await t.ctx.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, id));
    }

    expect(await queue.drain()).toBe(1);
    const failed = await jobRow(id);
    expect(calls).toBe(5);
    expect(failed.attempts).toBe(5);
    expect(failed.failedAt).toBeInstanceOf(Date);
    expect(failed.lastError).toBe('mail server said no (5)');
    expect(failed.doneAt).toBeNull();
    expect(failed.lockedAt).toBeNull();

    // A failed job is never picked up again, even when due.
    await t.ctx.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 hour'` })
      .where(eq(jobs.id, id));
    expect(await queue.drain()).toBe(0);
    expect(calls).toBe(5);
  });

  it('fails a job whose kind has no handler, storing why', async () => {
    const queue = new JobQueue(t.ctx.db, 1000, quiet);
    await queue.enqueue(t.ctx.db, 'test.nobody', {});
    const id = await onlyJobId('test.nobody');
    expect(await queue.drain()).toBe(1);
    const row = await jobRow(id);
    expect(row.lastError).toBe('No handler for job kind test.nobody');
    expect(row.attempts).toBe(1);
    expect(row.doneAt).toBeNull();
  });

  it('picks up a job whose lock went stale, but not one locked a moment ago', async () => {
    let calls = 0;
    const queue = new JobQueue(t.ctx.db, 1000, quiet);
    queue.handle('test.locked', async () => {
      calls++;
    });
    await queue.enqueue(t.ctx.db, 'test.locked', {});
    const id = await onlyJobId('test.locked');

    await t.ctx.db
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '10 seconds'` })
      .where(eq(jobs.id, id));
    expect(await queue.drain()).toBe(0);

    await t.ctx.db
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '10 minutes'` })
      .where(eq(jobs.id, id));
    expect(await queue.drain()).toBe(1);
    expect(calls).toBe(1);
    expect((await jobRow(id)).doneAt).toBeInstanceOf(Date);
  });

  it('renews the lease of a job while it runs, so another instance never takes a long job', async () => {
    const leaseSeconds = 1;
    let calls = 0;
    const a = new JobQueue(t.ctx.db, 1000, quiet, leaseSeconds);
    const b = new JobQueue(t.ctx.db, 1000, quiet, leaseSeconds);
    let finish!: () => void;
    const slow = async () => {
      calls++;
      await new Promise<void>((resolve) => (finish = resolve));
    };
    a.handle('test.long', slow);
    b.handle('test.long', async () => {
      calls++;
    });
    await a.enqueue(t.ctx.db, 'test.long', {});
    const running = a.drain();
    // Three leases long: without renewal, b would take the job after the first.
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await b.drain()).toBe(0);
    }
    finish();
    expect(await running).toBe(1);
    expect(calls).toBe(1);
    const row = await jobRow(await onlyJobId('test.long'));
    expect(row.attempts).toBe(1);
    expect(row.doneAt).toBeInstanceOf(Date);
  });

  it('runs a job of an instance that died again once its lease ran out, and only once', async () => {
    const leaseSeconds = 1;
    let calls = 0;
    const queue = new JobQueue(t.ctx.db, 1000, quiet, leaseSeconds);
    queue.handle('test.orphan', async () => {
      calls++;
    });
    await queue.enqueue(t.ctx.db, 'test.orphan', {});
    const id = await onlyJobId('test.orphan');
    // Claimed by an instance that was killed halfway through the job: its lease is never renewed.
    await t.ctx.db
      .update(jobs)
      .set({ lockedAt: sql`now()`, attempts: 1 })
      .where(eq(jobs.id, id));
    expect(await queue.drain()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, leaseSeconds * 1000 + 200));
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    expect(calls).toBe(1);
    const row = await jobRow(id);
    expect(row.attempts).toBe(2);
    expect(row.doneAt).toBeInstanceOf(Date);
    // The dead instance's claim (attempt 1) can no longer renew the lease of the job.
    expect(await renewJobLease(t.ctx.db, { id, kind: 'test.orphan', payload: {}, attempts: 1 })).toBe(false);
  });

  it('runs each job exactly once when two queues drain the same jobs at the same time', async () => {
    const calls = new Map<number, number>();
    const ranBy = { a: 0, b: 0 };
    const handler = (who: 'a' | 'b') => async (payload: unknown) => {
      const n = (payload as { n: number }).n;
      calls.set(n, (calls.get(n) ?? 0) + 1);
      ranBy[who]++;
      // Yield so the other queue gets to claim while this job is in flight.
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const a = new JobQueue(t.ctx.db, 1000, quiet);
    const b = new JobQueue(t.ctx.db, 1000, quiet);
    a.handle('test.shared', handler('a'));
    b.handle('test.shared', handler('b'));
    for (let n = 0; n < 20; n++) await a.enqueue(t.ctx.db, 'test.shared', { n });

    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);

    expect(ranA + ranB).toBe(20);
    expect(ranA).toBe(ranBy.a);
    expect(ranB).toBe(ranBy.b);
    expect([...calls.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect([...calls.values()].every((c) => c === 1)).toBe(true);
    const rows = await t.ctx.db.select().from(jobs);
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.doneAt !== null && r.attempts === 1 && r.failedAt === null)).toBe(true);
  });
});
