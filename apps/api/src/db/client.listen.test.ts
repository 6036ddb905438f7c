import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { trips } from './schema';
import { openDatabase, type Database } from './client';
import { eventually } from '../test/event-stream';
import { createTestApp, type TestApp } from '../test/test-app';
import { tripWorld } from '../test/trip-world';

const onPostgres = process.env.TEST_DB === 'postgres';

/** A LISTEN that records what it hears. */
async function recordingListener(database: Database, channel: string) {
  const heard: string[] = [];
  let resyncs = 0;
  const stop = await database.listen(channel, {
    onNotify: (payload) => heard.push(payload),
    onResync: () => {
      resyncs += 1;
    },
  });
  return { heard, resyncs: () => resyncs, stop };
}

describe('Database.listen', () => {
  let t: TestApp;
  let tripId: string;
  let customerCompanyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const world = await tripWorld(t);
    tripId = (await world.newTrip()).id;
    customerCompanyId = world.customer.company.id;
  });
  afterAll(() => t.close());

  /** Touches the trip, which its trigger announces on trip_changed. */
  const touchTrip = () => t.ctx.db.update(trips).set({ updatedAt: new Date() }).where(eq(trips.id, tripId));
  const payload = () => `${tripId},${customerCompanyId}`;

  it('hears a committed trip change as "<trip id>,<customer company id>"', async () => {
    const listener = await recordingListener(t.ctx.database, 'trip_changed');
    try {
      await touchTrip();
      await eventually(
        () => listener.heard,
        (heard) => heard.length > 0,
      );
      expect(listener.heard).toEqual([payload()]);
    } finally {
      await listener.stop();
    }
  });

  it('announces a change only at commit, and nothing for a rolled-back one', async () => {
    const listener = await recordingListener(t.ctx.database, 'listen_test');
    try {
      await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_notify('listen_test', 'committed')`);
        expect(listener.heard).toEqual([]);
      });
      await t.ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_notify('listen_test', 'rolled back')`);
          throw new Error('abandon');
        })
        .catch(() => undefined);
      // Notifications arrive in commit order: once the marker is heard, the rolled-back one never will be.
      await t.ctx.db.execute(sql`SELECT pg_notify('listen_test', 'marker')`);
      await eventually(
        () => listener.heard,
        (heard) => heard.includes('marker'),
      );
      expect(listener.heard).toEqual(['committed', 'marker']);
    } finally {
      await listener.stop();
    }
  });

  it('keeps payloads exactly, and hears only its own channel', async () => {
    const listener = await recordingListener(t.ctx.database, 'listen_test');
    try {
      await t.ctx.db.execute(sql`SELECT pg_notify('listen_other', 'not for us')`);
      await t.ctx.db.execute(sql`SELECT pg_notify('listen_test', 'Apapa, Lagos — 40ft')`);
      await eventually(
        () => listener.heard,
        (heard) => heard.length > 0,
      );
      expect(listener.heard).toEqual(['Apapa, Lagos — 40ft']);
    } finally {
      await listener.stop();
    }
  });

  it('hears nothing more once stopped', async () => {
    const stopped = await recordingListener(t.ctx.database, 'listen_test');
    const witness = await recordingListener(t.ctx.database, 'listen_test');
    try {
      await stopped.stop();
      await t.ctx.db.execute(sql`SELECT pg_notify('listen_test', 'after stop')`);
      await eventually(
        () => witness.heard,
        (heard) => heard.length > 0,
      );
      expect(witness.heard).toEqual(['after stop']);
      expect(stopped.heard).toEqual([]);
    } finally {
      await witness.stop();
    }
  });

  describe.runIf(onPostgres)('on PostgreSQL', () => {
    /** The backends LISTENing on `channel` in this test's database. */
    const listeningBackends = async (channel: string) => {
      const result = await t.ctx.db.execute(sql`
        SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE ${`LISTEN "${channel}"`}`);
      return (result as unknown as { rows: { pid: number }[] }).rows.length;
    };
    const killListeners = (channel: string) =>
      t.ctx.db.execute(sql`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE ${`LISTEN "${channel}"`}`);

    it('hears changes committed through another pool, as a second instance would', async () => {
      const other = await openDatabase({ url: t.databaseUrl!, poolSize: 1 });
      const listener = await recordingListener(other, 'trip_changed');
      try {
        await touchTrip();
        await eventually(
          () => listener.heard,
          (heard) => heard.length > 0,
        );
        expect(listener.heard).toEqual([payload()]);
      } finally {
        await listener.stop();
        await other.close();
      }
    });

    it('holds one dedicated connection, and closes it on stop', async () => {
      const listener = await recordingListener(t.ctx.database, 'listen_solo');
      expect(await listeningBackends('listen_solo')).toBe(1);
      await listener.stop();
      await eventually(
        () => listeningBackends('listen_solo'),
        (n) => n === 0,
      );
    });

    it('reconnects after its backend is killed, asks for a resync, then hears new changes', async () => {
      const listener = await recordingListener(t.ctx.database, 'trip_changed');
      try {
        const killed = await killListeners('trip_changed');
        // The app's own TripEvents listens on the same channel: both backends go.
        expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
        await eventually(
          () => listener.resyncs(),
          (n) => n === 1,
          10_000,
        );
        await touchTrip();
        await eventually(
          () => listener.heard,
          (heard) => heard.length > 0,
        );
        expect(listener.heard).toEqual([payload()]);
        expect(listener.resyncs()).toBe(1);
      } finally {
        await listener.stop();
      }
    });

    it('leaves no connection behind when stopped while waiting to reconnect', async () => {
      const listener = await recordingListener(t.ctx.database, 'listen_dropped');
      await killListeners('listen_dropped');
      await listener.stop();
      // Longer than the first reconnect delay (1 s): a retry that escaped the stop would have connected.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await listeningBackends('listen_dropped')).toBe(0);
      expect(listener.resyncs()).toBe(0);
    });
  });
});
