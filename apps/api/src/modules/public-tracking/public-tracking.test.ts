import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingTripSchema } from '@freightlane/domain';
import { consignments, orders, tripStatusLogs, trips } from '../../db/schema';
import { LAGOS_ADDRESS, referenceIds } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { changesHeard } from '../../test/changes-heard';
import { TRIP_NOT_FOUND } from './public-tracking.service';

const TRACKING_KEYS = [
  'orderNumber',
  'containerNumbers',
  'cargoType',
  'tripNumber',
  'pickupTerminal',
  'pickupAddress',
  'recipientTerminal',
  'recipientAddress',
  'tripStatusLogs',
];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const LAGOS_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const STRONG_ETAG = /^"[A-Za-z0-9_-]{27}"$/;

describe('public tracking', () => {
  let t: TestApp;
  let w: TripWorld;
  let apapa: { operator: string; city: string };

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    const { terminal } = await referenceIds(t);
    apapa = { operator: terminal.operator, city: terminal.city };
  });
  afterAll(() => t.close());

  const track = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/trips/open-access/${id}`, headers });

  /** A trip with its fleet on it, moved by its transporter through the API up to `status`. */
  async function tripAt(status: Parameters<TripWorld['walkTo']>[1], overrides: Record<string, unknown> = {}) {
    const trip = await w.newTrip(overrides);
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, status);
    // On PostgreSQL the walk's changes reach the read model a moment after commit; a lookup made before
    // they are heard would be dropped from memory when they arrive.
    await changesHeard(t, trip.id);
    return trip;
  }

  it("answers the spec's tracking object with the trip's real values and nothing more", async () => {
    const trip = await tripAt('LOADED');
    const row = await w.tripRow(trip.id);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, row.orderId));
    const consignment = await w.consignmentOf(trip.id);

    const res = await track(trip.trackingId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(STRONG_ETAG);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const body = res.json();
    expect(trackingTripSchema.parse(body)).toEqual(body);
    expect(Object.keys(body)).toEqual(TRACKING_KEYS);
    expect(body).toMatchObject({
      orderNumber: order!.orderNumber,
      containerNumbers: [consignment.containerNumber],
      cargoType: 'IMPORT_LINER_OWNED',
      tripNumber: trip.tripNumber,
      pickupTerminal: apapa,
      pickupAddress: null,
      recipientTerminal: null,
      recipientAddress: { city: LAGOS_ADDRESS.city, state: LAGOS_ADDRESS.state },
    });
    expect(body.tripStatusLogs.map((l: { tripStatus: string }) => l.tripStatus)).toEqual([
      'STARTED',
      'AT_PICKUP_LOCATION',
      'LOADED',
    ]);
    for (const log of body.tripStatusLogs) {
      expect(Object.keys(log)).toEqual(['tripStatus', 'timeStamp']);
      expect(log.timeStamp).toMatch(LAGOS_TEXT);
    }
    // No internal id, phone number or price anywhere in what the public reads.
    expect(res.body).not.toMatch(UUID);
    expect(res.body).not.toMatch(/\+234|\b0[789]0\d{8}\b/);
    expect(res.body).not.toMatch(/kobo|amount|price|42500000|425000/i);
    expect(res.body).not.toContain(row.handoverCode);
  });

  it('sends the cached JSON text as it is, without serialising it again', async () => {
    const trip = await tripAt('STARTED');
    const res = await track(trip.trackingId);
    const doc = await t.ctx.publicTracking.cache.tracking.lookup(trip.trackingId);
    expect(res.body).toBe(doc.body);
    expect(res.headers.etag).toBe(doc.etag);
    expect(doc.tripIds).toEqual([trip.id]);
  });

  it("shows each step's time as the Lagos wall clock, 'YYYY-MM-DD HH:mm:ss'", async () => {
    const trip = await tripAt('AT_PICKUP_LOCATION');
    await t.ctx.db
      .update(tripStatusLogs)
      .set({ at: new Date('2026-11-20T13:05:09Z') })
      .where(and(eq(tripStatusLogs.tripId, trip.id), eq(tripStatusLogs.status, 'STARTED')));
    await t.ctx.db
      .update(tripStatusLogs)
      .set({ at: new Date('2026-11-20T23:30:00Z') })
      .where(and(eq(tripStatusLogs.tripId, trip.id), eq(tripStatusLogs.status, 'AT_PICKUP_LOCATION')));
    const body = (await track(trip.trackingId)).json();
    expect(body.tripStatusLogs).toEqual([
      { tripStatus: 'STARTED', timeStamp: '2026-11-20 14:05:09' },
      // 23:30 UTC is already the next day in Lagos.
      { tripStatus: 'AT_PICKUP_LOCATION', timeStamp: '2026-11-21 00:30:00' },
    ]);
  });

  it('leaves out a step an admin undid', async () => {
    const trip = await tripAt('AT_PICKUP_LOCATION');
    const res = await call(
      t.app,
      'POST',
      `/api/v1/trips/${trip.id}/status/undo`,
      { reason: 'Pressed by mistake at the gate' },
      { token: w.admin.accessToken },
    );
    expect(res.status).toBe(200);
    const body = (await track(trip.trackingId)).json();
    expect(body.tripStatusLogs.map((l: { tripStatus: string }) => l.tripStatus)).toEqual(['STARTED']);
  });

  it('answers EXPORT trips with their own statuses, an address pickup and a terminal delivery', async () => {
    const { terminalId } = await referenceIds(t);
    const trip = await tripAt('AT_DROP_OFF_LOCATION', {
      cargoType: 'EXPORT',
      pickup: { kind: 'ADDRESS', address: { ...LAGOS_ADDRESS } },
      recipient: { kind: 'TERMINAL', terminalId },
    });
    const body = (await track(trip.trackingId)).json();
    expect(trackingTripSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      cargoType: 'EXPORT',
      pickupTerminal: null,
      pickupAddress: { city: 'Ikeja', state: 'Lagos' },
      recipientTerminal: apapa,
      recipientAddress: null,
    });
    expect(body.tripStatusLogs.map((l: { tripStatus: string }) => l.tripStatus)).toEqual([
      'STARTED',
      'AT_WAREHOUSE_LOCATION',
      'LOADED',
      'AT_DROP_OFF_LOCATION',
    ]);
  });

  it('answers a general-cargo trip with no container numbers, and an unstarted trip with no steps', async () => {
    const trip = await w.generalCargoTrip();
    const body = (await track(trip.trackingId)).json();
    expect(trackingTripSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({ cargoType: 'GENERAL_CARGO', containerNumbers: [], tripStatusLogs: [] });
  });

  it('keeps tracking a cancelled trip: the page shows how far it got', async () => {
    const trip = await tripAt('STARTED');
    const cancel = await call(
      t.app,
      'PATCH',
      '/api/v1/trips/cancel',
      { tripIds: [trip.id], reason: 'The consignee closed the warehouse' },
      { token: w.admin.accessToken },
    );
    expect(cancel.status).toBe(200);
    const res = await track(trip.trackingId);
    expect(res.statusCode).toBe(200);
    expect(res.json().tripStatusLogs.map((l: { tripStatus: string }) => l.tripStatus)).toEqual(['STARTED']);
  });

  describe('links that do not work', () => {
    it('answers 404 saying no trip has the link, for an unknown id and for anything that is not an id', async () => {
      for (const id of [
        'AAAAAAAAAAAAAAAAAAAAAA',
        'short',
        'x'.repeat(65),
        'has%20space%20in%20it1234',
        'ongoing',
      ]) {
        const res = await track(id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json(), id).toEqual({
          message: 'No trip has this tracking link. Check the link you were sent.',
          code: 'NOT_FOUND',
        });
      }
    });

    it('answers 404 saying the link was revoked, for the old id of a revoked link', async () => {
      const trip = await tripAt('STARTED');
      const revoke = await call(t.app, 'POST', `/api/v1/trips/${trip.id}/tracking-link/revoke`, undefined, {
        token: w.customer.accessToken,
      });
      expect(revoke.status).toBe(200);
      const res = await track(trip.trackingId);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This tracking link has been revoked. Ask the sender for a new link.');
    });

    it('answers 404 naming the Lagos day and time the link expired', async () => {
      const trip = await tripAt('STARTED');
      expect((await track(trip.trackingId)).statusCode).toBe(200);
      await t.ctx.db
        .update(trips)
        .set({ trackingExpiresAt: new Date('2025-11-21T13:05:00Z') })
        .where(eq(trips.id, trip.id));
      await changesHeard(t, trip.id);
      const res = await track(trip.trackingId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'This tracking link expired on 21 Nov 2025, 14:05.',
        code: 'NOT_FOUND',
      });
    });
  });

  describe('ETag', () => {
    it('answers 304 with no body while the trip is unchanged, and a new ETag once it moves', async () => {
      const trip = await tripAt('STARTED');
      const first = await track(trip.trackingId);
      const etag = first.headers.etag as string;

      const same = await track(trip.trackingId, { 'if-none-match': etag });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe('');
      expect(same.headers.etag).toBe(etag);
      expect(same.headers['cache-control']).toBe('no-cache');
      expect((await track(trip.trackingId, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await track(trip.trackingId, { 'if-none-match': '"other"' })).statusCode).toBe(200);

      await w.walkTo(trip.id, 'AT_PICKUP_LOCATION');
      await changesHeard(t, trip.id);
      const moved = await track(trip.trackingId, { 'if-none-match': etag });
      expect(moved.statusCode).toBe(200);
      expect(moved.headers.etag).toMatch(STRONG_ETAG);
      expect(moved.headers.etag).not.toBe(etag);
      expect(moved.json().tripStatusLogs.at(-1).tripStatus).toBe('AT_PICKUP_LOCATION');
    });
  });

  describe('the cache', () => {
    it('never serves the old timeline after a status change made through the API', async () => {
      const trip = await tripAt('STARTED');
      for (const status of ['AT_PICKUP_LOCATION', 'LOADED', 'AT_DELIVERY_LOCATION'] as const) {
        expect((await track(trip.trackingId)).statusCode).toBe(200);
        await w.walkTo(trip.id, status);
        await changesHeard(t, trip.id);
        const body = (await track(trip.trackingId)).json();
        expect(body.tripStatusLogs.at(-1).tripStatus).toBe(status);
      }
    });

    it('never serves a trip under its revoked id, and the new id works at once', async () => {
      const trip = await tripAt('STARTED');
      expect((await track(trip.trackingId)).statusCode).toBe(200);
      const revoke = await call(t.app, 'POST', `/api/v1/trips/${trip.id}/tracking-link/revoke`, undefined, {
        token: w.transporter.accessToken,
      });
      expect((await track(trip.trackingId)).statusCode).toBe(404);
      const fresh = await track(revoke.body.trackingId);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().tripNumber).toBe(trip.tripNumber);
    });

    it('never serves a document past its link expiry', async () => {
      const trip = await tripAt('STARTED');
      const expiresAt = new Date(Date.now() + 1500).toISOString();
      const set = await call(
        t.app,
        'PUT',
        `/api/v1/trips/${trip.id}/tracking-link`,
        { expiresAt },
        { token: w.customer.accessToken },
      );
      expect(set.status).toBe(200);
      expect((await track(trip.trackingId)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 50));
      const res = await track(trip.trackingId);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/^This tracking link expired on /);
    });

    it('serves a link again at once when its expiry is lifted', async () => {
      const trip = await tripAt('STARTED');
      await t.ctx.db
        .update(trips)
        .set({ trackingExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(trips.id, trip.id));
      expect((await track(trip.trackingId)).statusCode).toBe(404);
      const lift = await call(
        t.app,
        'PUT',
        `/api/v1/trips/${trip.id}/tracking-link`,
        { expiresAt: null },
        { token: w.transporter.accessToken },
      );
      expect(lift.status).toBe(200);
      expect((await track(trip.trackingId)).statusCode).toBe(200);
    });

    it('picks up a container number changed straight in the database (the trigger announces it)', async () => {
      const trip = await tripAt('STARTED');
      expect((await track(trip.trackingId)).json().containerNumbers).toHaveLength(1);
      await t.ctx.db
        .update(consignments)
        .set({ containerNumber: 'MSCU1234565' })
        .where(eq(consignments.tripId, trip.id));
      await changesHeard(t, trip.id);
      expect((await track(trip.trackingId)).json().containerNumbers).toEqual(['MSCU1234565']);
    });

    it('answers a repeated unknown id from memory for a few seconds', async () => {
      const id = 'BBBBBBBBBBBBBBBBBBBBBB';
      expect((await track(id)).statusCode).toBe(404);
      const cache = t.ctx.publicTracking.cache.tracking;
      // A second lookup is answered synchronously, without a promise: no database work.
      expect(() => cache.lookup(id)).toThrow(TRIP_NOT_FOUND);
    });

    it('answers a cached trip synchronously', async () => {
      const trip = await tripAt('STARTED');
      expect((await track(trip.trackingId)).statusCode).toBe(200);
      const found = t.ctx.publicTracking.cache.tracking.lookup(trip.trackingId);
      expect(found).not.toBeInstanceOf(Promise);
      expect((found as { tripIds: string[] }).tripIds).toEqual([trip.id]);
    });
  });

  it('documents both public endpoints in OpenAPI under Public tracking, without security', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, any>>;
    for (const p of ['/api/v1/trips/open-access/{trackingId}', '/api/v1/trips/open-access/ongoing/{id}']) {
      const get = paths[p]!.get;
      expect(get.tags).toEqual(['Public tracking']);
      expect(get.security).toBeUndefined();
      expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '404', '429']));
      expect(get.responses['200'].content['application/json'].schema).toBeDefined();
    }
  });
});
