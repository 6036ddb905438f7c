import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { trips, tripStatusLogs } from '../../db/schema';
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

  /** Positions along the Apapa–Oshodi road, a tenth of a second apart, ending `endsAt`. */
  async function drive(
    truck: { id: string; companyId: string },
    points: [number, number][],
    endsAt = new Date(),
  ) {
    const now = endsAt.getTime();
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
    await setOffAgo(trip.id, 60);
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

  /** The trip set off `minutes` ago, so positions since fall within it however fast the setup ran. */
  async function setOffAgo(tripId: string, minutes: number) {
    await t.ctx.db
      .update(tripStatusLogs)
      .set({ at: new Date(Date.now() - minutes * 60_000) })
      .where(and(eq(tripStatusLogs.tripId, tripId), eq(tripStatusLogs.status, 'STARTED')));
  }

  const routeOf = async (tripId: string) =>
    (
      await call(t.app, 'GET', `/api/v1/trips/${tripId}/route`, undefined, {
        token: w.customer.accessToken,
      })
    ).body as { truckRegistrationNumber: string | null; positions: { latitude: number }[] };

  it('never shows where the truck drove before the trip set off, or before it was put on the trip', async () => {
    const trip = await w.newTrip();
    const { truck } = await w.assignFleet(trip.id);
    // Awarded three hours ago, as trips are, days before they set off.
    await t.ctx.db
      .update(trips)
      .set({ createdAt: new Date(Date.now() - 180 * 60_000) })
      .where(eq(trips.id, trip.id));
    // Two hours ago, on another job: none of the customer's business.
    await drive(truck, [[6.6, 3.35]], new Date(Date.now() - 120 * 60_000));
    expect((await routeOf(trip.id)).positions).toEqual([]);
    await w.walkTo(trip.id, 'STARTED');
    await setOffAgo(trip.id, 60);
    await drive(truck, [[6.444, 3.368]], new Date(Date.now() - 30 * 60_000));
    expect((await routeOf(trip.id)).positions.map((p) => p.latitude)).toEqual([6.444]);

    // The truck breaks down and another takes over; it drove someone else's trip an hour ago.
    const replacement = await w.spareTruck(trip.id);
    await drive(replacement, [[6.7, 3.4]], new Date(Date.now() - 50 * 60_000));
    await w.replaceTruck(trip.id, replacement.id);
    // Reported from the moment after the swap on.
    await drive(
      replacement,
      [
        [6.489, 3.346],
        [6.517, 3.339],
      ],
      new Date(Date.now() + 1_000),
    );
    const route = await routeOf(trip.id);
    expect(route.truckRegistrationNumber).toBe(replacement.registrationNumber);
    expect(route.positions.map((p) => p.latitude)).toEqual([6.489, 6.517]);
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
