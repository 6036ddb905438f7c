import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { tripWorld } from '../test/trip-world';
import type { Executor } from './client';
import { rowsAsJson } from './rows-as-json';
import { companies, drivers, trips, trucks } from './schema';

describe('rows as JSON inside another statement', () => {
  let t: TestApp;
  let tripIds: string[];

  /** Every column type the schema uses: uuid, text, enums, integers, booleans, timestamps, dates, jsonb. */
  const tripsWithFleet = (db: Executor, ids: string[]) =>
    db
      .select({
        trip: trips,
        truck: trucks,
        driverLicenceExpiresOn: drivers.licenceExpiresOn,
        label: sql<string>`${trips.tripNumber} || ' / ' || coalesce(${trucks.registrationNumber}, 'no truck')`,
        tripsOfCustomer: sql<number>`(SELECT count(*) FROM ${trips} t2
          WHERE t2.customer_company_id = ${trips.customerCompanyId})`.mapWith(Number),
      })
      .from(trips)
      .leftJoin(trucks, eq(trucks.id, trips.truckId))
      .leftJoin(drivers, eq(drivers.id, trips.driverId))
      .where(inArray(trips.id, ids))
      .orderBy(desc(trips.tripNumber));

  /** The rows of `query`, read as one value of a statement over one company row. */
  const asOneValue = async <R>(query: Parameters<typeof rowsAsJson<R>>[0]) => {
    const [row] = await t.ctx.db
      .select({ rows: rowsAsJson(query) })
      .from(companies)
      .limit(1);
    return row!.rows;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const w = await tripWorld(t);
    const [withFleet, withoutFleet, moved] = await w.newTrips(3);
    await w.assignFleet(withFleet!.id);
    await w.assignFleet(moved!.id);
    await w.walkTo(moved!.id, 'LOADED');
    await t.ctx.db
      .update(trips)
      .set({ currentLocation: { state: 'Lagos', lga: 'Apapa', description: 'Tin Can Island gate' } })
      .where(eq(trips.id, moved!.id));
    tripIds = [withFleet!.id, withoutFleet!.id, moved!.id];
  }, 120_000);
  afterAll(() => t.close());

  it('decodes every value as the query alone does, in its order, a left-joined table of nulls as null', async () => {
    const alone = await tripsWithFleet(t.ctx.db, tripIds);
    expect(alone).toHaveLength(3);
    expect(alone.some((r) => r.truck === null)).toBe(true);
    expect(alone.some((r) => r.trip.currentLocation !== null)).toBe(true);
    const together = await asOneValue(tripsWithFleet(t.ctx.db, tripIds));
    expect(together).toEqual(alone);
    expect(together[0]!.trip.createdAt).toBeInstanceOf(Date);
  });

  it('answers an empty list for no rows, and maps each row when given a mapping', async () => {
    expect(await asOneValue(tripsWithFleet(t.ctx.db, ['00000000-0000-4000-8000-000000000000']))).toEqual([]);
    const [row] = await t.ctx.db
      .select({ numbers: rowsAsJson(tripsWithFleet(t.ctx.db, tripIds), (r) => r.trip.tripNumber) })
      .from(companies)
      .limit(1);
    expect(row!.numbers).toEqual([...row!.numbers].sort().reverse());
    expect(row!.numbers).toHaveLength(3);
  });

  it('refuses a query of more columns than PostgreSQL passes to one function', () => {
    const wide = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, sql<number>`${i}`]));
    expect(() => rowsAsJson(t.ctx.db.select(wide).from(companies))).toThrow(/101 columns/);
  });
});
