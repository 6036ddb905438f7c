import { beforeAll, describe, expect, it } from 'vitest';
import { call, twoInstances, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

/** Asks until `check` holds, for at most `ms`: another instance hears of a change a moment after commit. */
async function eventually(check: () => Promise<boolean>, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('public pages served by two API instances', () => {
  const instances = twoInstances();
  let w: TripWorld;
  beforeAll(async () => {
    w = await tripWorld(instances.a);
  });

  const get = (t: TestApp, url: string) => call(t.app, 'GET', url);

  it("drops the other instance's cached page when a trip moves", async () => {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'STARTED');
    const url = `/api/v1/trips/open-access/${trip.trackingId}`;
    expect((await get(instances.b, url)).body.tripStatusLogs).toHaveLength(1);
    await w.walkTo(trip.id, 'AT_PICKUP_LOCATION');
    expect(await eventually(async () => (await get(instances.b, url)).body.tripStatusLogs.length === 2)).toBe(
      true,
    );
  });

  it('stops serving a revoked link on the other instance', async () => {
    const trip = await w.newTrip();
    const url = `/api/v1/trips/open-access/${trip.trackingId}`;
    expect((await get(instances.b, url)).status).toBe(200);
    const revoke = await call(
      instances.a.app,
      'POST',
      `/api/v1/trips/${trip.id}/tracking-link/revoke`,
      undefined,
      {
        token: w.customer.accessToken,
      },
    );
    expect(revoke.status).toBe(200);
    expect(await eventually(async () => (await get(instances.b, url)).status === 404)).toBe(true);
    expect((await get(instances.b, `/api/v1/trips/open-access/${revoke.body.trackingId}`)).status).toBe(200);
  });

  it('kills a rotated share id on the other instance, though rotation changes no trip', async () => {
    const link = await call(instances.a.app, 'GET', '/api/v1/trips/ongoing-link', undefined, {
      token: w.customer.accessToken,
    });
    const url = `/api/v1/trips/open-access/ongoing/${link.body.shareId}`;
    expect((await get(instances.b, url)).status).toBe(200);
    const rotated = await call(instances.a.app, 'POST', '/api/v1/trips/ongoing-link/rotate', undefined, {
      token: w.customer.accessToken,
    });
    expect(rotated.status).toBe(200);
    expect(await eventually(async () => (await get(instances.b, url)).status === 404)).toBe(true);
    expect((await get(instances.b, `/api/v1/trips/open-access/ongoing/${rotated.body.shareId}`)).status).toBe(
      200,
    );
  });
});
