import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripCounts, trips } from '../db/schema';
import { awardedOrder, setTripState } from '../test/awarded-trips';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  referenceIds,
} from '../test/marketplace';
import { call, createTestApp, type TestApp } from '../test/test-app';
import { countTripsInScope } from './trip-count.repository';

/** trip_counts must always equal a count over the trips themselves, whatever writes them. */
describe('trip counts', () => {
  let t: TestApp;
  let linerId = '';
  beforeAll(async () => {
    t = await createTestApp();
    linerId = (await referenceIds(t)).linerId;
  });
  afterAll(() => t.close());

  /** Every (company, side, bucket) of the trips, counted the slow way, against trip_counts. */
  async function expectCountsExact() {
    const bucket = (side: 'customer' | 'transporter') =>
      sql`SELECT ${sql.raw(`${side}_company_id`)} AS company_id, ${side} AS side, completed,
        cancelled_at IS NOT NULL AS cancelled, latest_status IS NOT NULL AS started, count(*)::int AS trips
        FROM trips GROUP BY 1, 2, 3, 4, 5`;
    const counted = await t.ctx.db.execute(sql`${bucket('customer')} UNION ALL ${bucket('transporter')}`);
    const kept = await t.ctx.db.select().from(tripCounts);
    const key = (r: Record<string, unknown>) =>
      `${String(r.company_id ?? r.companyId)} ${String(r.side)} ${String(r.completed)} ${String(r.cancelled)} ${String(r.started)}`;
    const expected = Object.fromEntries(
      (counted as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => [key(r), Number(r.trips)]),
    );
    // A bucket is the sum of its slots (one per connection that wrote it).
    const summed = new Map<string, number>();
    for (const r of kept) summed.set(key(r), (summed.get(key(r)) ?? 0) + r.trips);
    const actual = Object.fromEntries([...summed].filter(([, trips]) => trips !== 0));
    expect(actual).toEqual(expected);
  }

  it('stay exact through award, status, completion, cancellation and deletion', async () => {
    const customer = await createVerifiedCustomer(t);
    const transporter = await createVerifiedTransporter(t);
    const { order } = await awardedOrder(t, customer, transporter, { containers: containerRows(4, linerId) });
    const ids = order.trips.map((trip: { id: string }) => trip.id);
    await expectCountsExact();
    const scope = { side: 'customer', companyId: customer.company.id } as const;
    expect(await countTripsInScope(t.ctx.db, scope, {})).toBe(4);

    await setTripState(t, ids.slice(0, 3), { latestStatus: 'STARTED' });
    await setTripState(t, ids.slice(0, 1), { latestStatus: 'DELIVERED', completed: true });
    await setTripState(t, ids.slice(1, 2), { cancelled: true });
    // An update that moves no trip between buckets leaves the counts alone.
    await t.ctx.db.update(trips).set({ updatedAt: new Date() }).where(inArray(trips.id, ids));
    await expectCountsExact();
    expect(await countTripsInScope(t.ctx.db, scope, { completed: true })).toBe(1);
    expect(await countTripsInScope(t.ctx.db, scope, { completed: false })).toBe(2);
    expect(await countTripsInScope(t.ctx.db, scope, { completed: false, started: true })).toBe(1);
    expect(await countTripsInScope(t.ctx.db, scope, { started: false })).toBe(1);
    expect(
      await countTripsInScope(t.ctx.db, { side: 'transporter', companyId: transporter.company.id }, {}),
    ).toBe(4);

    await t.ctx.db.delete(trips).where(eq(trips.id, ids[3]!));
    await expectCountsExact();
    expect(await countTripsInScope(t.ctx.db, scope, {})).toBe(3);
  });

  it('give the trip list the same totals as counting its rows', async () => {
    const customer = await createVerifiedCustomer(t);
    const transporter = await createVerifiedTransporter(t);
    const { order } = await awardedOrder(t, customer, transporter, { containers: containerRows(3, linerId) });
    const ids = order.trips.map((trip: { id: string }) => trip.id);
    await setTripState(t, ids.slice(0, 2), { latestStatus: 'STARTED' });
    await setTripState(t, ids.slice(0, 1), { latestStatus: 'DELIVERED', completed: true });
    for (const [query, total] of [
      ['', 3],
      ['completed=true', 1],
      ['completed=false', 2],
      ['completed=false&started=true', 1],
      ['started=false', 1],
    ] as const) {
      const res = await call(t.app, 'GET', `/api/v1/trips?size=1&${query}`, undefined, {
        token: customer.accessToken,
      });
      expect(res.body, query).toMatchObject({ totalElements: total, totalPages: total });
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'let trips of one company complete at once on two connections, neither waiting for the other',
    async () => {
      const customer = await createVerifiedCustomer(t);
      const transporter = await createVerifiedTransporter(t);
      const { order } = await awardedOrder(t, customer, transporter, {
        containers: containerRows(2, linerId),
      });
      const [first, second] = order.trips.map((trip: { id: string }) => trip.id) as [string, string];
      await setTripState(t, [first, second], { latestStatus: 'STARTED' });
      const complete = (tx: Parameters<Parameters<typeof t.ctx.db.transaction>[0]>[0], id: string) =>
        tx.update(trips).set({ latestStatus: 'DELIVERED', completed: true }).where(eq(trips.id, id));
      const slotOf = async (tx: Parameters<Parameters<typeof t.ctx.db.transaction>[0]>[0]) => {
        const result = await tx.execute(sql`SELECT trip_count_slot() AS slot`);
        return Number((result as unknown as { rows: { slot: number }[] }).rows[0]!.slot);
      };

      let releaseFirst!: () => void;
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstSlot = -1;
      let firstDone!: () => void;
      const firstCompleted = new Promise<void>((resolve) => (firstDone = resolve));
      // The first completion holds its transaction open, with its count rows written and locked.
      const holding = t.ctx.db.transaction(async (tx) => {
        firstSlot = await slotOf(tx);
        await complete(tx, first);
        firstDone();
        await firstHeld;
      });
      await firstCompleted;
      // Three other connections at once; one of another slot completes the second trip, which must not
      // wait for the first's commit (it would fail on the lock timeout).
      let completedBy = -1;
      let claimed = false;
      await Promise.all(
        [0, 1, 2].map(() =>
          t.ctx.db.transaction(async (tx) => {
            const slot = await slotOf(tx);
            await new Promise((resolve) => setTimeout(resolve, 50));
            if (slot === firstSlot || claimed) return;
            claimed = true;
            await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
            await complete(tx, second);
            completedBy = slot;
          }),
        ),
      );
      releaseFirst();
      await holding;
      expect(completedBy).not.toBe(-1);
      expect(completedBy).not.toBe(firstSlot);
      await expectCountsExact();
      const scope = { side: 'customer', companyId: customer.company.id } as const;
      expect(await countTripsInScope(t.ctx.db, scope, { completed: true })).toBe(2);
    },
  );
});
