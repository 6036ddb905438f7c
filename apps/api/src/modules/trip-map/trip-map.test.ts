import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripMapItemSchema, type TripMapItem } from '@freightlane/domain';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { recordTruckPositions } from '../telematics/truck-position.service';
import { TripMapCache } from './trip-map-cache';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const MAP = '/api/v1/trips/map?sabiPort=false&bargeTrip=false';

describe('GET /api/v1/trips/map', () => {
  let t: TestApp;
  let w: TripWorld;
  let moving: { id: string; tripNumber: string };
  let plate: string;
  let truckId: string;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    moving = await w.newTrip();
    const fleet = await w.assignFleet(moving.id);
    plate = fleet.truck.registrationNumber;
    truckId = fleet.truck.id;
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

  it('answers exactly the documented items, with an ETag that a repeat sends back for a 304', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: MAP,
      headers: { authorization: `Bearer ${w.customer.accessToken}` },
    });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(z.array(tripMapItemSchema.strict()).parse(res.json())).toEqual(res.json());
    const etag = res.headers.etag as string;
    const again = await t.app.inject({
      method: 'GET',
      url: MAP,
      headers: { authorization: `Bearer ${w.customer.accessToken}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const gzipped = await t.app.inject({
      method: 'GET',
      url: MAP,
      headers: { authorization: `Bearer ${w.customer.accessToken}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(res.json());
  });

  it('reuses a company’s answer for MAP_CACHE_SECONDS, and never across companies', async () => {
    const kept = t.ctx.tripMaps;
    let now = Date.now();
    t.ctx.tripMaps = new TripMapCache(30_000, undefined, () => now);
    try {
      const positionOf = async (token: string) =>
        ((await call(t.app, 'GET', MAP, undefined, { token })).body as TripMapItem[]).find(
          (r) => r.id === moving.id,
        )?.position?.latitude;
      const before = await positionOf(w.customer.accessToken);
      await recordTruckPositions(t.ctx, [
        {
          truckId,
          companyId: (await w.tripRow(moving.id)).transporterCompanyId,
          recordedAt: new Date(),
          latitude: 6.4531,
          longitude: 3.3958,
          speedKmh: 12,
          heading: 90,
          accuracyM: 8,
          source: 'DRIVER_PHONE',
          address: null,
        },
      ]);
      // The customer's answer is a moment old; the transporter's is read now.
      expect(await positionOf(w.customer.accessToken)).toBe(before);
      expect(await positionOf(w.transporter.accessToken)).toBe(6.4531);
      expect(
        (await call(t.app, 'GET', MAP, undefined, { token: w.otherTransporter.accessToken })).body,
      ).toEqual([]);
      now += 30_000 * 10;
      expect(await positionOf(w.customer.accessToken)).toBe(6.4531);
    } finally {
      t.ctx.tripMaps = kept;
    }
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
