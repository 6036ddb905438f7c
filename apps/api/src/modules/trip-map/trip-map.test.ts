import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const MAP = '/api/v1/trips/map?sabiPort=false&bargeTrip=false';

describe('GET /api/v1/trips/map', () => {
  let t: TestApp;
  let w: TripWorld;
  let moving: { id: string; tripNumber: string };
  let plate: string;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    moving = await w.newTrip();
    plate = (await w.assignFleet(moving.id)).truck.registrationNumber;
    await w.walkTo(moving.id, 'STARTED');
    await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${moving.id}/status`,
      { tripStatus: 'AT_PICKUP_LOCATION', location: { state: 'Lagos', lga: 'Apapa' } },
      { token: w.transporter.accessToken },
    );
    await call(
      t.app,
      'POST',
      `/api/v1/trips/${moving.id}/issues`,
      { issueType: 'PORT_CONGESTION', description: 'Long queue at the gate' },
      { token: w.transporter.accessToken },
    );
    // Not on the map: a trip not yet started and a completed one.
    await w.newTrip();
    const done = await w.newTrip({ cargoType: 'IMPORT_SHIPPER_OWNED' });
    await w.assignFleet(done.id);
    await w.walkTo(done.id, 'DELIVERED');
  }, 120_000);
  afterAll(() => t.close());

  it('shows each party its started live trips with the last reported place, the truck and open issues', async () => {
    for (const token of [w.customer.accessToken, w.transporter.accessToken, w.fleetManager.accessToken]) {
      const res = await call(t.app, 'GET', MAP, undefined, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        expect.objectContaining({
          id: moving.id,
          tripNumber: moving.tripNumber,
          cargoType: 'IMPORT_LINER_OWNED',
          latestTripStatus: expect.objectContaining({ tripStatus: 'AT_PICKUP_LOCATION' }),
          currentLocation: { state: 'Lagos', lga: 'Apapa', description: null },
          truckRegistrationNumber: plate,
          hasOpenIssue: true,
        }),
      ]);
    }
  });

  it('shows another company none of them, and an admin all', async () => {
    const others = await call(t.app, 'GET', MAP, undefined, { token: w.otherTransporter.accessToken });
    expect(others.body).toEqual([]);
    const admin = await call(t.app, 'GET', MAP, undefined, { token: w.admin.accessToken });
    expect(admin.body.map((r: { id: string }) => r.id)).toContain(moving.id);
  });

  it('answers an empty map for barge and port call-up trips, which the platform does not carry', async () => {
    for (const q of ['sabiPort=true&bargeTrip=false', 'sabiPort=false&bargeTrip=true']) {
      const res = await call(t.app, 'GET', `/api/v1/trips/map?${q}`, undefined, {
        token: w.customer.accessToken,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('refuses a malformed flag (400) and a caller without a session (401)', async () => {
    const bad = await call(t.app, 'GET', '/api/v1/trips/map?sabiPort=maybe', undefined, {
      token: w.customer.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toContain('sabiPort');
    expect((await call(t.app, 'GET', MAP)).status).toBe(401);
  });

  it('answers the installation’s map tiles to anyone, and lets the pages load them (CSP)', async () => {
    const res = await call(t.app, 'GET', '/api/v1/map-settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(res.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org",
    );
    const custom = await createTestApp({ MAP_TILE_URL: 'https://{s}.tiles.example.ng/{z}/{x}/{y}.png' });
    try {
      const answer = await call(custom.app, 'GET', '/api/v1/map-settings');
      expect(answer.body.tileUrl).toBe('https://{s}.tiles.example.ng/{z}/{x}/{y}.png');
      expect(answer.headers['content-security-policy']).toContain('https://*.tiles.example.ng');
    } finally {
      await custom.close();
    }
  });
});
