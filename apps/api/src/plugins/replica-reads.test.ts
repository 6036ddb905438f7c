import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { ChangeTimes } from '../lib/change-times';
import { primaryWalPosition, replayedWalPosition } from '../queries/replica.repository';
import { signedInAccount } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';
import { EVERY_COMPANY } from './company-answers';
import { ReplicaReads, type WalPositions } from './replica-reads';

// The decisions of plugins/replica-reads.ts on a clock and log positions the test moves by hand. The same
// reads against a real standby made with pg_basebackup -R are proved by `npm run cluster` (e2e/cluster).

const primary = { name: 'primary' } as unknown as Db;
const replica = { name: 'replica' } as unknown as Db;

function setUp(options: { maxLagMs?: number } = {}) {
  let now = 1_000_000;
  const clock = () => now;
  const log = { primary: 100n, replayed: 100n as bigint | null, fails: false };
  const positions: WalPositions = {
    primary: async () => log.primary,
    replayed: async () => {
      if (log.fails)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
      return log.replayed;
    },
  };
  const changeTimes = new ChangeTimes(600_000, 10_000, clock);
  const heard = { caughtUp: async () => true, changeTimes };
  const reads = new ReplicaReads(
    primary,
    replica,
    heard,
    { maxLagMs: options.maxLagMs ?? 5_000, now: clock },
    positions,
  );
  const served = async (owner: string) =>
    reads.read(owner, async (db) => (db as unknown as { name: string }).name);
  return {
    reads,
    log,
    heard,
    changeTimes,
    served,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('reads from the replica', () => {
  it('go to the replica once it has replayed what the primary held, and never before the first check', async () => {
    const t = setUp();
    expect(await t.served('company-a')).toBe('primary');
    expect((await t.reads.route('company-a')).reason).toBe('down');
    t.advance(10);
    await t.reads.check();
    expect(await t.served('company-a')).toBe('replica');
    expect(await t.served(EVERY_COMPANY)).toBe('replica');
  });

  it("show a company's own change: read from the primary until the replica has replayed past it", async () => {
    const t = setUp();
    await t.reads.check();
    t.advance(10);
    // Company A writes: the primary's log moves on and the announcement is heard; the replica lags.
    t.log.primary = 200n;
    t.changeTimes.heard('company-a');
    t.advance(10);
    await t.reads.check();
    expect(await t.reads.route('company-a')).toEqual({ target: 'primary', reason: 'own_write' });
    // Another company's reads are not held back by A's write; the admin's, over every company, are.
    expect(await t.served('company-b')).toBe('replica');
    expect((await t.reads.route(EVERY_COMPANY)).reason).toBe('own_write');
    // The replica replays up to the position noted after the write was heard: A reads it again.
    t.log.replayed = 200n;
    t.advance(10);
    await t.reads.check();
    expect(await t.served('company-a')).toBe('replica');
    expect(await t.served(EVERY_COMPANY)).toBe('replica');
  });

  it('replayed up to a position noted before the change was heard is not enough', async () => {
    const t = setUp();
    t.log.primary = 150n;
    await t.reads.check();
    t.advance(5);
    t.changeTimes.heard('company-a');
    // The note of 150 was taken before A's change was heard: replaying it proves nothing about A's change.
    t.log.replayed = 150n;
    t.log.primary = 160n;
    t.advance(5);
    await t.reads.check();
    expect((await t.reads.route('company-a')).reason).toBe('own_write');
    t.log.replayed = 160n;
    t.advance(5);
    await t.reads.check();
    expect((await t.reads.route('company-a')).target).toBe('replica');
  });

  it('fall back to the primary while the replica lags past the bound, and come back when it catches up', async () => {
    const t = setUp({ maxLagMs: 2_000 });
    await t.reads.check();
    // Replay stops while the primary goes on writing.
    for (let i = 1; i <= 5; i++) {
      t.advance(500);
      t.log.primary += 10n;
      await t.reads.check();
    }
    expect(t.reads.lagMs()).toBe(2_500);
    expect(await t.reads.route('company-b')).toEqual({ target: 'primary', reason: 'lagging' });
    t.log.replayed = t.log.primary;
    t.advance(100);
    await t.reads.check();
    expect(t.reads.lagMs()).toBe(0);
    expect(await t.served('company-b')).toBe('replica');
  });

  it('an idle primary costs no lag', async () => {
    const t = setUp({ maxLagMs: 1_000 });
    for (let i = 0; i < 5; i++) {
      t.advance(800);
      await t.reads.check();
    }
    expect(t.reads.lagMs()).toBe(0);
  });

  it('fall back to the primary when the replica is down or no standby, and when a read on it fails', async () => {
    const t = setUp();
    await t.reads.check();
    t.log.fails = true;
    t.advance(10);
    await t.reads.check();
    expect(await t.reads.route('company-b')).toEqual({ target: 'primary', reason: 'down' });
    t.log.fails = false;
    await t.reads.check();
    expect(await t.served('company-b')).toBe('replica');
    // Promoted, or a primary named by mistake: its answers cannot be placed in the primary's history.
    t.log.replayed = null;
    await t.reads.check();
    expect((await t.reads.route('company-b')).reason).toBe('down');

    t.log.replayed = 100n;
    await t.reads.check();
    const tried: string[] = [];
    const answer = await t.reads.read('company-b', async (db) => {
      const name = (db as unknown as { name: string }).name;
      tried.push(name);
      if (name === 'replica')
        throw Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        });
      return 'answer';
    });
    expect(answer).toBe('answer');
    expect(tried).toEqual(['replica', 'primary']);
    expect((await t.reads.route('company-b')).reason).toBe('down');
    // A query's own error is the caller's: it is not run again on the primary.
    await t.reads.check();
    await expect(
      t.reads.read('company-b', async () => {
        throw Object.assign(new Error('division by zero'), { code: '22012' });
      }),
    ).rejects.toThrow('division by zero');
  });

  it('read the primary while the instance cannot tell that it heard every change', async () => {
    const t = setUp();
    await t.reads.check();
    t.heard.caughtUp = async () => false;
    expect(await t.reads.route('company-b')).toEqual({ target: 'primary', reason: 'unheard' });
  });

  it('without a replica, every read is the primary and nothing is checked', async () => {
    const changeTimes = new ChangeTimes(600_000);
    const reads = new ReplicaReads(
      primary,
      null,
      { caughtUp: async () => true, changeTimes },
      { maxLagMs: 5_000 },
    );
    reads.start();
    expect(await reads.route('company-a')).toEqual({ target: 'primary', reason: 'no_replica' });
    expect(reads.lagMs()).toBe(0);
    reads.stop();
  });
});

describe('change times', () => {
  it('forget old changes only when there are many, and count everything as changed in a storm', () => {
    let now = 0;
    const times = new ChangeTimes(1_000, 3, () => now);
    times.heard('a');
    now = 500;
    times.heard('b');
    now = 2_000;
    times.heard('c');
    times.heard('d');
    // 'a' and 'b' are older than a second and went; what is forgotten reads as never changed.
    expect(times.lastChangeOf('a')).toBe(0);
    expect(times.lastChangeOf('d')).toBe(2_000);
    times.heard('e');
    times.heard('f');
    expect(times.lastChangeOf('zzz')).toBe(2_000);
    expect(times.lastChange()).toBe(2_000);
  });
});

describe('log positions on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("the primary's position moves on with a write, and a primary named as the replica is never read", async () => {
    const before = await primaryWalPosition(t.ctx.db);
    await signedInAccount(t);
    expect(await primaryWalPosition(t.ctx.db)).toBeGreaterThan(before);
    expect(await replayedWalPosition(t.ctx.db)).toBeNull();

    const reads = new ReplicaReads(t.ctx.db, t.ctx.db, t.ctx.answers, { maxLagMs: 5_000 });
    await reads.check();
    expect(await reads.route('company-a')).toEqual({ target: 'primary', reason: 'down' });
  });
});
