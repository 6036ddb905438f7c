import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { trips } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { thinRoute } from './trip-route.service';
import { recordTruckPositions } from './truck-position.service';

const MAP = '/api/v1/trips/map?sabiPort=false&bargeTrip=false';

describe('the route and the map position of a trip’s truck', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  /** Positions along the Apapa–Oshodi road, a tenth of a second apart, ending now. */
  async function drive(truck: { id: string; companyId: string }, points: [number, number][]) {
    const now = Date.now();
    await recordTruckPositions(
      t.ctx,
      points.map(([latitude, longitude], i) => ({
        truckId: truck.id,
        companyId: truck.companyId,
        recordedAt: new Date(now - (points.length - 1 - i) * 100),
        latitude,
        longitude,
        speedKmh: 30,
        heading: 0,
        accuracyM: 5,
        source: 'SIMULATOR',
        address: null,
      })),
    );
  }

  it('answers the truck’s positions since the trip began, oldest first, to both parties only', async () => {
    const trip = await w.newTrip();
    const { truck } = await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'STARTED');
    // The trip began an hour ago, so every position below falls within it however fast the setup ran.
    await t.ctx.db
      .update(trips)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(trips.id, trip.id));
    await drive(truck, [
      [6.444, 3.368],
      [6.468, 3.373],
      [6.489, 3.346],
    ]);
    for (const token of [w.customer.accessToken, w.transporter.accessToken, w.admin.accessToken]) {
      const res = await call(t.app, 'GET', `/api/v1/trips/${trip.id}/route`, undefined, { token });
      expect(res.status).toBe(200);
      expect(res.body.truckRegistrationNumber).toBe(truck.registrationNumber);
      expect(res.body.positions.map((p: { latitude: number }) => p.latitude)).toEqual([6.444, 6.468, 6.489]);
    }
    const map = await call(t.app, 'GET', MAP, undefined, { token: w.customer.accessToken });
    const item = map.body.find((i: { id: string }) => i.id === trip.id);
    expect(item.position).toMatchObject({ latitude: 6.489, longitude: 3.346, speedKmh: 30 });
    expect(item.currentLocation).toMatchObject({ state: 'Lagos' });

    const others = await call(t.app, 'GET', `/api/v1/trips/${trip.id}/route`, undefined, {
      token: w.otherTransporter.accessToken,
    });
    expect(others.status).toBe(404);
    expect((await call(t.app, 'GET', `/api/v1/trips/${trip.id}/route`)).status).toBe(401);
    expect(
      (
        await call(t.app, 'GET', '/api/v1/trips/not-a-trip/route', undefined, {
          token: w.customer.accessToken,
        })
      ).status,
    ).toBe(400);
  });

  it('answers an empty route for a trip without a truck, and no position on the map before one arrives', async () => {
    const trip = await w.newTrip();
    const res = await call(t.app, 'GET', `/api/v1/trips/${trip.id}/route`, undefined, {
      token: w.customer.accessToken,
    });
    expect(res.body).toEqual({ truckRegistrationNumber: null, positions: [] });
    const started = await w.newTrip();
    await w.assignFleet(started.id);
    await w.walkTo(started.id, 'STARTED');
    const map = await call(t.app, 'GET', MAP, undefined, { token: w.customer.accessToken });
    expect(map.body.find((i: { id: string }) => i.id === started.id).position).toBeNull();
  });

  it('thins a long route to at most the limit, keeping where the truck is now', () => {
    const points = Array.from({ length: 2500 }, (_, i) => i);
    const thinned = thinRoute(points, 1000);
    expect(thinned.length).toBeLessThanOrEqual(1000);
    expect(thinned[0]).toBe(0);
    expect(thinned.at(-1)).toBe(2499);
    expect(thinRoute([1, 2, 3], 1000)).toEqual([1, 2, 3]);
  });
});
