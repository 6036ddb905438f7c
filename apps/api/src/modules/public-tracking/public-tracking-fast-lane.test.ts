import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listening } from '../../test/event-stream';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { changesHeard } from '../../test/changes-heard';
import { TRACKED_AFTER_ENDING_DAYS } from './public-tracking-cache.service';
import { TRIP_NOT_FOUND } from './public-tracking.service';

/** Headers every answer carries whoever sends it; their values differ by the moment only. */
const PER_MOMENT = new Set(['date']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url, { headers });
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_MOMENT.has(name)) out[name] = value;
  });
  return { status: res.status, headers: out, body: await res.text() };
}

describe('the public fast lane, over HTTP', () => {
  let t: TestApp;
  let w: TripWorld;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    origin = await listening(t.app);
  });
  afterAll(() => t.close());

  async function startedTrip() {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'STARTED');
    return trip;
  }

  it('answers a remembered page itself, byte for byte and header for header as the route does', async () => {
    const trip = await startedTrip();
    const url = `${origin}/api/v1/trips/open-access/${trip.trackingId}`;
    const before = t.ctx.publicTracking.fastLane.answered;
    const fromRoute = await get(url); // not in memory yet: the route loads it
    expect(t.ctx.publicTracking.fastLane.answered).toBe(before);
    const fromLane = await get(url);
    expect(t.ctx.publicTracking.fastLane.answered).toBe(before + 1);
    expect(fromRoute.status).toBe(200);
    expect(fromLane).toEqual(fromRoute);

    const unchanged = await get(url, { 'if-none-match': fromRoute.headers.etag! });
    expect(t.ctx.publicTracking.fastLane.answered).toBe(before + 2);
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(fromRoute.headers.etag);
    expect(unchanged.headers['content-type']).toBeUndefined();
    expect(unchanged.headers['x-content-type-options']).toBe('nosniff');
  });

  it('leaves to the route what it cannot be sure of, which answers the same', async () => {
    const trip = await startedTrip();
    const path = `/api/v1/trips/open-access/${trip.trackingId}`;
    await get(`${origin}${path}`);
    const before = t.ctx.publicTracking.fastLane.answered;
    for (const variant of [`${path}/`, `${path}?x=1`]) {
      const res = await get(`${origin}${variant}`);
      expect(res.status, variant).toBe(200);
      expect(JSON.parse(res.body).tripNumber, variant).toBe(trip.tripNumber);
    }
    const head = await fetch(`${origin}${path}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const unknown = await get(`${origin}/api/v1/trips/open-access/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ message: TRIP_NOT_FOUND });
    expect(t.ctx.publicTracking.fastLane.answered).toBe(before);
  });

  it('never answers a page that changed: the change drops it, the route loads the new one', async () => {
    const trip = await startedTrip();
    const url = `${origin}/api/v1/trips/open-access/${trip.trackingId}`;
    await get(url);
    expect(JSON.parse((await get(url)).body).tripStatusLogs).toHaveLength(1);
    await w.walkTo(trip.id, 'AT_PICKUP_LOCATION');
    await changesHeard(t, trip.id);
    expect(JSON.parse((await get(url)).body).tripStatusLogs).toHaveLength(2);
  });

  it('counts its answers against the per-IP limit once, and refuses past it as the route does', async () => {
    // A fresh app: the limit is per app and the other tests spent some of it.
    const limited = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const lw = await tripWorld(limited);
      const trip = await lw.newTrip();
      const url = `${await listening(limited.app)}/api/v1/trips/open-access/${trip.trackingId}`;
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await get(url)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(limited.ctx.publicTracking.fastLane.answered).toBe(2);
      const refused = await get(url);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(refused.body).message).toBe('Too many requests. Please wait a minute and try again.');
    } finally {
      await limited.close();
    }
  });

  it('keeps two apps in one process apart: their answers, limits and lanes', async () => {
    const other = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      expect(other.ctx.publicTracking).not.toBe(t.ctx.publicTracking);
      const trip = await startedTrip();
      const url = `${origin}/api/v1/trips/open-access/${trip.trackingId}`;
      expect([(await get(url)).status, (await get(url)).status]).toEqual([200, 200]);
      const answeredHere = t.ctx.publicTracking.fastLane.answered;
      expect(other.ctx.publicTracking.cache.tracking.peek(trip.trackingId, Date.now())).toBeUndefined();

      // The same IP: the other app counted none of this app's requests, and its refusal stays its own.
      const otherTrip = await (await tripWorld(other)).newTrip();
      const otherUrl = `${await listening(other.app)}/api/v1/trips/open-access/${otherTrip.trackingId}`;
      expect([(await get(otherUrl)).status, (await get(otherUrl)).status]).toEqual([200, 429]);
      expect(other.ctx.publicTracking.fastLane.answered).toBe(0);
      expect((await get(url)).status).toBe(200);
      expect(t.ctx.publicTracking.fastLane.answered).toBe(answeredHere + 1);
    } finally {
      await other.close();
    }
  });

  it('serves the warm read model: every trip answered from memory, the same as loaded on demand', async () => {
    const fresh = await createTestApp();
    try {
      const fw = await tripWorld(fresh);
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await fw.newTrip());
      const base = await listening(fresh.app);
      const onDemand = await get(`${base}/api/v1/trips/open-access/${made[0]!.trackingId}`);
      fresh.ctx.publicTracking.cache.clear();

      const pass = await fresh.ctx.publicTracking.cache.warm(2);
      expect(pass.complete).toBe(true);
      expect(pass.trips).toBeGreaterThanOrEqual(5);
      const before = fresh.ctx.publicTracking.fastLane.answered;
      const misses = fresh.ctx.publicTracking.cache.tracking.misses;
      for (const trip of made) {
        const res = await get(`${base}/api/v1/trips/open-access/${trip.trackingId}`);
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body).tripNumber).toBe(trip.tripNumber);
      }
      expect(fresh.ctx.publicTracking.fastLane.answered).toBe(before + made.length);
      expect(fresh.ctx.publicTracking.cache.tracking.misses).toBe(misses);
      expect(await get(`${base}/api/v1/trips/open-access/${made[0]!.trackingId}`)).toEqual(onDemand);

      // A change drops the warm answer: the next lookup reads the trip again.
      await fw.assignFleet(made[1]!.id);
      await fw.walkTo(made[1]!.id, 'STARTED');
      await changesHeard(fresh, made[1]!.id);
      const moved = await get(`${base}/api/v1/trips/open-access/${made[1]!.trackingId}`);
      expect(JSON.parse(moved.body).tripStatusLogs).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('keeps trips that ended long ago out of the warm read model, and answers them on demand', async () => {
    const fresh = await createTestApp();
    try {
      const fw = await tripWorld(fresh);
      const [completedLongAgo, cancelledLongAgo, completedLately] = await Promise.all([
        fw.newTrip(),
        fw.newTrip(),
        fw.newTrip(),
      ]);
      const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);
      const longAgo = daysAgo(TRACKED_AFTER_ENDING_DAYS + 1);
      const lately = daysAgo(TRACKED_AFTER_ENDING_DAYS - 1);
      const { db } = fresh.ctx;
      await db
        .update(trips)
        .set({ completed: true, latestStatusAt: longAgo })
        .where(eq(trips.id, completedLongAgo.id));
      await db.update(trips).set({ cancelledAt: longAgo }).where(eq(trips.id, cancelledLongAgo.id));
      await db
        .update(trips)
        .set({ completed: true, latestStatusAt: lately })
        .where(eq(trips.id, completedLately.id));

      // Heard before the pass, so their announcements cannot drop what the pass stores.
      for (const trip of [completedLongAgo, cancelledLongAgo, completedLately]) {
        await changesHeard(fresh, trip.id);
      }
      const { cache, fastLane } = fresh.ctx.publicTracking;
      const pass = await cache.warm(2);
      expect(pass).toMatchObject({ trips: 1, complete: true });
      const now = Date.now();
      expect(cache.tracking.packed.get(completedLately.trackingId, now)).toBeDefined();
      expect(cache.tracking.packed.get(completedLongAgo.trackingId, now)).toBeUndefined();
      expect(cache.tracking.packed.get(cancelledLongAgo.trackingId, now)).toBeUndefined();

      const base = await listening(fresh.app);
      for (const trip of [completedLongAgo, cancelledLongAgo]) {
        const url = `${base}/api/v1/trips/open-access/${trip.trackingId}`;
        const misses = cache.tracking.misses;
        const answered = fastLane.answered;
        const onDemand = await get(url);
        expect(onDemand.status).toBe(200);
        expect(JSON.parse(onDemand.body).tripNumber).toBe(trip.tripNumber);
        expect(cache.tracking.misses).toBe(misses + 1);
        expect(fastLane.answered).toBe(answered);
        // Kept among the answers loaded on demand: the next lookup comes from memory.
        expect(await get(url)).toEqual(onDemand);
        expect(fastLane.answered).toBe(answered + 1);
        expect(cache.tracking.packed.get(trip.trackingId, Date.now())).toBeUndefined();
      }
    } finally {
      await fresh.close();
    }
  });

  it('fills no more trips than it has room for', async () => {
    const small = await createTestApp({ TRACKING_CACHE_ENTRIES: '3' });
    try {
      const sw = await tripWorld(small);
      for (let i = 0; i < 5; i++) await sw.newTrip();
      const pass = await small.ctx.publicTracking.cache.warm(2);
      expect(pass).toMatchObject({ trips: 3, complete: false });
      expect(small.ctx.publicTracking.cache.tracking.packed.size).toBe(3);
    } finally {
      await small.close();
    }
  });
});
