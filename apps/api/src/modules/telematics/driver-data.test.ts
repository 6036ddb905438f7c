import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { lagosToday, tripTimeline } from '@freightlane/domain';
import { auditLog, tripRoutes, tripStatusLogs, truckPositions } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { DRIVER_DATA_EXPORT_LIMIT, driverOnLiveTrip, locationHistoryErased } from './driver-data.service';
import { keepFinishedRoutes } from './position-history.service';
import { recordTruckPositions } from './truck-position.service';

const MINUTE = 60_000;

describe('a driver’s data: the copy and the erasure of where they went', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  /** A trip with its truck and driver, set off 30 minutes ago, with three positions since. */
  async function drivenTrip() {
    const trip = await w.newTrip();
    const fleet = await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'STARTED');
    await t.ctx.db
      .update(tripStatusLogs)
      .set({ at: new Date(Date.now() - 30 * MINUTE) })
      .where(and(eq(tripStatusLogs.tripId, trip.id), eq(tripStatusLogs.status, 'STARTED')));
    await recordTruckPositions(
      t.ctx,
      [6.444, 6.468, 6.489].map((latitude, i) => ({
        truckId: fleet.truck.id,
        companyId: fleet.truck.companyId,
        recordedAt: new Date(Date.now() - (20 - i * 5) * MINUTE),
        latitude,
        longitude: 3.37,
        speedKmh: 30,
        heading: 10,
        accuracyM: 5,
        source: 'SIMULATOR' as const,
        address: null,
      })),
    );
    return { trip, ...fleet };
  }

  const finish = async (tripId: string) =>
    w.walkTo(tripId, tripTimeline((await w.tripRow(tripId)).cargoType).at(-1)!);
  const dataOf = (driverId: string, token = w.transporter.accessToken) =>
    call(t.app, 'GET', `/api/v1/fleet/drivers/${driverId}/data`, undefined, { token });
  const erase = (driverId: string, token = w.transporter.accessToken) =>
    call(t.app, 'POST', `/api/v1/fleet/drivers/${driverId}/location-history/erasure`, undefined, { token });
  const positionsOf = async (truckId: string) =>
    (await t.ctx.db.select().from(truckPositions).where(eq(truckPositions.truckId, truckId))).length;

  it('gives the transporter a file of the driver’s record, trips, positions and reports, and nobody else', async () => {
    const { trip, driver } = await drivenTrip();
    const other = await drivenTrip();
    const res = await dataOf(driver.id, w.fleetManager.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `freightlane-driver-data-${driver.lastName.toLowerCase()}-${lagosToday()}.json`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.driver).toMatchObject({ id: driver.id, firstName: driver.firstName });
    expect(res.body.positionColumns).toEqual(['recordedAt', 'latitude', 'longitude', 'speedKmh', 'heading']);
    expect(res.body.trips).toHaveLength(1);
    expect(res.body.trips[0]).toMatchObject({
      tripNumber: trip.tripNumber,
      status: 'STARTED',
      endedAt: null,
      positionsFrom: 'RECORDED',
    });
    expect(res.body.trips[0].positions.map((p: unknown[]) => p.slice(1, 3))).toEqual([
      [6.444, 3.37],
      [6.468, 3.37],
      [6.489, 3.37],
    ]);
    // Not the other driver's trip.
    expect(JSON.stringify(res.body)).not.toContain(other.trip.tripNumber);

    // Another transporter cannot tell the driver exists; a customer has no fleet at all.
    expect((await dataOf(driver.id, w.otherTransporter.accessToken)).status).toBe(404);
    expect((await dataOf(driver.id, w.customer.accessToken)).status).toBe(403);
    expect((await dataOf('not-a-driver')).status).toBe(400);
  });

  it('erases where the driver went once their trip has ended, keeping the trip and its length', async () => {
    const { trip, truck, driver } = await drivenTrip();
    const other = await drivenTrip();

    // On the road: the customer's tracking needs the positions until the trip ends.
    const refused = await erase(driver.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      driverOnLiveTrip(`${driver.firstName} ${driver.lastName}`, trip.tripNumber),
    );
    // Only the owner account erases.
    expect((await erase(driver.id, w.fleetManager.accessToken)).status).toBe(403);
    expect((await erase(driver.id, w.otherTransporter.accessToken)).status).toBe(404);
    expect((await erase(driver.id, w.customer.accessToken)).status).toBe(403);
    const badId = await erase('not-a-driver');
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/id/i);

    await finish(trip.id);
    await keepFinishedRoutes(t.ctx);
    const [kept] = await t.ctx.db.select().from(tripRoutes).where(eq(tripRoutes.tripId, trip.id));
    expect(kept!.points).toHaveLength(3);

    const res = await erase(driver.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'Successful',
      message: locationHistoryErased(`${driver.firstName} ${driver.lastName}`, 3, 1),
      trips: 1,
      positions: 3,
    });
    expect(await positionsOf(truck.id)).toBe(0);
    const [after] = await t.ctx.db.select().from(tripRoutes).where(eq(tripRoutes.tripId, trip.id));
    expect(after!.points).toEqual([]);
    expect(after!.distanceKm).toBe(kept!.distanceKm);
    // The trip page's map has nothing left to draw; the other driver's trip keeps its positions.
    const route = await call(t.app, 'GET', `/api/v1/trips/${trip.id}/route`, undefined, {
      token: w.customer.accessToken,
    });
    expect(route.body.positions).toEqual([]);
    expect(await positionsOf(other.truck.id)).toBe(3);
    const data = await dataOf(driver.id);
    expect(data.body.trips[0]).toMatchObject({ positionsFrom: 'NONE', positions: [] });
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, driver.id), eq(auditLog.action, 'driver.location_history_erased')));
    expect(row!.data).toMatchObject({ positions: 3, trips: 1 });

    // Nothing is left to erase a second time.
    expect((await erase(driver.id)).body).toMatchObject({ trips: 0, positions: 0 });
  });

  it('allows a few copies an hour per driver', async () => {
    const { driver } = await drivenTrip();
    for (let i = 0; i < DRIVER_DATA_EXPORT_LIMIT.max; i++) expect((await dataOf(driver.id)).status).toBe(200);
    expect((await dataOf(driver.id)).status).toBe(429);
    await t.ctx.db.execute(sql`DELETE FROM rate_limit_hits`);
  });
});
