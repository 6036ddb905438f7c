import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  KEPT_ROUTE_POINTS,
  lagosDateInDays,
  pathLengthKm,
  tripTimeline,
  type LatLon,
} from '@freightlane/domain';
import { tripRoutes, tripRoutesPending, trips, tripStatusLogs, truckPositions } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { ensurePositionPartitions, positionPartitionNames } from './position-history.repository';
import {
  maintainPositionHistory,
  partitionEnd,
  PARTITION_DAYS_AHEAD,
  retentionCutoff,
} from './position-history.service';

const DAY = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const dayName = (at: Date) => `truck_positions_p${utcDay(at).replaceAll('-', '')}`;
const monthName = (at: Date) => `truck_positions_p${utcDay(at).slice(0, 7).replace('-', '')}`;

describe('truck positions by day', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const count = async (table: string, where = sql`true`) => {
    const result = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('has a partition for each day a position may arrive in, and for the days ahead', async () => {
    const names = await positionPartitionNames(t.ctx.db);
    expect(names).toContain('truck_positions_default');
    for (let d = -8; d <= PARTITION_DAYS_AHEAD; d++)
      expect(names).toContain(dayName(new Date(Date.now() + d * DAY)));
  });

  it('makes a day when it is missing, moving the positions the default partition held for it', async () => {
    const truck = await w.spareTruck((await w.newTrip()).id);
    const later = new Date(Date.now() + 40 * DAY);
    // Written straight to the table: the ingest refuses a position from the future.
    await t.ctx.db.insert(truckPositions).values({
      truckId: truck.id,
      companyId: truck.companyId,
      recordedAt: later,
      latitude: 6.45,
      longitude: 3.39,
      source: 'SIMULATOR',
    });
    expect(await count('truck_positions_default', sql`truck_id = ${truck.id}`)).toBe(1);

    expect(await ensurePositionPartitions(t.ctx.db, utcDay(later), utcDay(later))).toBe(1);
    expect(await count('truck_positions_default', sql`truck_id = ${truck.id}`)).toBe(0);
    expect(await count(dayName(later), sql`truck_id = ${truck.id}`)).toBe(1);
    expect(await ensurePositionPartitions(t.ctx.db, utcDay(later), utcDay(later))).toBe(0);
  });

  it('makes a day once when two instances ask for it at the same moment', async () => {
    const day = utcDay(new Date(Date.now() + 50 * DAY));
    const made = await Promise.all([
      ensurePositionPartitions(t.ctx.db, day, day),
      ensurePositionPartitions(t.ctx.db, day, day),
    ]);
    expect(made.sort()).toEqual([0, 1]);
  });

  it('keeps a history from months ago in one partition per month', async () => {
    const old = new Date(Date.now() - 200 * DAY);
    expect(await ensurePositionPartitions(t.ctx.db, utcDay(old), utcDay(old))).toBe(1);
    const names = await positionPartitionNames(t.ctx.db);
    expect(names).toContain(monthName(old));
    expect(names).not.toContain(dayName(old));
    // Any other day of that month is already covered.
    const sameMonth = new Date(Date.UTC(old.getUTCFullYear(), old.getUTCMonth(), 1));
    expect(await ensurePositionPartitions(t.ctx.db, utcDay(sameMonth), utcDay(sameMonth))).toBe(0);
  });

  it('reads where a partition ends from its name, and the first day still kept', () => {
    expect(partitionEnd('truck_positions_p20261231')).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(partitionEnd('truck_positions_p202612')).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(partitionEnd('truck_positions_p202602')).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(partitionEnd('truck_positions_default')).toBeNull();
    expect(retentionCutoff(new Date('2026-12-03T15:30:00Z'), 90)).toEqual(new Date('2026-09-04T00:00:00Z'));
  });

  it('keeps a finished trip’s route, then drops its days, and the map and the truck report still have it', async () => {
    const trip = await w.newTrip();
    const { truck } = await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'STARTED');
    // The trip ran 130 days ago: set off then, its truck put on the day before.
    const setOff = Math.floor((Date.now() - 130 * DAY) / 1000) * 1000;
    await t.ctx.db
      .update(tripStatusLogs)
      .set({ at: new Date(setOff) })
      .where(and(eq(tripStatusLogs.tripId, trip.id), eq(tripStatusLogs.status, 'STARTED')));
    await t.ctx.db
      .update(trips)
      .set({ truckAssignedAt: new Date(setOff - DAY) })
      .where(eq(trips.id, trip.id));
    // 1,200 positions 30 s apart along a winding road north of Apapa, into the month's partition.
    const raw: (LatLon & { recordedAt: Date })[] = Array.from({ length: 1200 }, (_, i) => ({
      latitude: 6.44 + i * 0.0008,
      longitude: 3.37 + 0.01 * Math.sin(i / 40),
      recordedAt: new Date(setOff + 60_000 + i * 30_000),
    }));
    await ensurePositionPartitions(t.ctx.db, utcDay(new Date(setOff)), utcDay(new Date(setOff + DAY)));
    await t.ctx.db.insert(truckPositions).values(
      raw.map((p) => ({
        ...p,
        truckId: truck.id,
        companyId: truck.companyId,
        source: 'SIMULATOR' as const,
      })),
    );
    const timeline = tripTimeline((await w.tripRow(trip.id)).cargoType);
    await w.walkTo(trip.id, timeline.at(-1)!);
    expect((await w.tripRow(trip.id)).completed).toBe(true);
    // Completing the trip put it on the list of routes to keep.
    expect(
      await t.ctx.db.select().from(tripRoutesPending).where(eq(tripRoutesPending.tripId, trip.id)),
    ).toHaveLength(1);

    const routeOf = async () =>
      (
        await call(t.app, 'GET', `/api/v1/trips/${trip.id}/route`, undefined, {
          token: w.customer.accessToken,
        })
      ).body.positions as { latitude: number; longitude: number; recordedAt: string }[];
    const truckReport = async () => {
      const range = `from=${lagosDateInDays(-1)}&to=${lagosDateInDays(0)}`;
      const res = await call(t.app, 'GET', `/api/v1/reports/truck?${range}&size=100`, undefined, {
        token: w.transporter.accessToken,
      });
      expect(res.status).toBe(200);
      return res.body.page.content.find((r: { truck: string }) => r.truck === truck.registrationNumber);
    };
    const before = await routeOf();
    // Read from the raw positions, every other one of them.
    expect(before).toHaveLength(600);
    const reportedBefore = await truckReport();
    expect(reportedBefore.distance).toBe(Math.round(pathLengthKm(raw) * 10) / 10);

    const outcome = await maintainPositionHistory(t.ctx);
    expect(outcome.heldBack).toBe(false);
    expect(outcome.kept).toBeGreaterThanOrEqual(1);
    expect(outcome.dropped).toContain(monthName(new Date(setOff)));
    expect(outcome.dropped).not.toContain(dayName(new Date()));
    expect(await t.ctx.db.select().from(truckPositions).where(eq(truckPositions.truckId, truck.id))).toEqual(
      [],
    );
    expect(
      await t.ctx.db.select().from(tripRoutesPending).where(eq(tripRoutesPending.tripId, trip.id)),
    ).toEqual([]);

    const [kept] = await t.ctx.db.select().from(tripRoutes).where(eq(tripRoutes.tripId, trip.id));
    expect(kept!.rawPoints).toBe(1200);
    expect(kept!.distanceKm).toBeCloseTo(pathLengthKm(raw), 6);

    // The map draws the kept route: its two ends, in order, and the bends of the road.
    const after = await routeOf();
    expect(after.length).toBeLessThanOrEqual(KEPT_ROUTE_POINTS);
    expect(after.length).toBeGreaterThan(50);
    expect(after[0]).toMatchObject({
      latitude: 6.44,
      longitude: 3.37,
      recordedAt: raw[0]!.recordedAt.toISOString(),
    });
    expect(after.at(-1)!.recordedAt).toBe(raw.at(-1)!.recordedAt.toISOString());
    const times = after.map((p) => Date.parse(p.recordedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Cut to a few hundred points, the road is still within a few per cent of its length.
    expect(pathLengthKm(after) / pathLengthKm(raw)).toBeGreaterThan(0.97);

    const reportedAfter = await truckReport();
    expect(reportedAfter.distance).toBe(reportedBefore.distance);
  });
});
