import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../../db/schema';
import { AppError } from '../../errors';
import { SharedWindowLimiter } from '../../plugins/rate-limit';
import { call, createSecondTestApp, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld } from '../../test/trip-world';

const MINUTE = 60_000;
const message = () => 'Too many requests. Please wait a minute and try again.';

function refusalOf(fn: () => void): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the shared in-memory rate limiter', () => {
  let t: TestApp;
  let n = 0;
  /** A limit with a name of its own, so the tests' rows never meet. */
  const limitOf = (max: number, windowSeconds = 60) => ({ name: `unit-${++n}`, max, windowSeconds });
  const rowsOf = (name: string) =>
    t.ctx.db
      .select()
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, `${name}:%`));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses once the window holds max, with retry-after up to the end of the window', () => {
    const limiter = new SharedWindowLimiter(t.ctx.db, true, limitOf(3), message);
    const now = Date.UTC(2026, 10, 21, 13, 5, 15);
    for (let i = 0; i < 3; i++) limiter.hit('10.0.0.1', now);
    const refusal = refusalOf(() => limiter.hit('10.0.0.1', now));
    expect(refusal.code).toBe('RATE_LIMITED');
    expect(refusal.status).toBe(429);
    expect(refusal.message).toBe('Too many requests. Please wait a minute and try again.');
    expect(refusal.retryAfterSeconds).toBe(45);
    // Another key, and the next window, start afresh.
    expect(() => limiter.hit('10.0.0.2', now)).not.toThrow();
    expect(() => limiter.hit('10.0.0.1', now + MINUTE)).not.toThrow();
    limiter.stop();
  });

  it('does nothing when rate limiting is turned off', async () => {
    const limit = limitOf(1);
    const limiter = new SharedWindowLimiter(t.ctx.db, false, limit, message);
    for (let i = 0; i < 10; i++) limiter.hit('10.0.0.3');
    await limiter.flush();
    expect(await rowsOf(limit.name)).toEqual([]);
  });

  it('writes one row per key per flush, adding what was counted since the last one', async () => {
    const limit = limitOf(100);
    const limiter = new SharedWindowLimiter(t.ctx.db, true, limit, message);
    for (let i = 0; i < 7; i++) limiter.hit('10.0.0.4');
    limiter.hit('10.0.0.5');
    expect(await rowsOf(limit.name)).toEqual([]);
    await limiter.flush();
    const counts = Object.fromEntries((await rowsOf(limit.name)).map((r) => [r.key, r.count]));
    expect(counts).toEqual({ [`${limit.name}:10.0.0.4`]: 7, [`${limit.name}:10.0.0.5`]: 1 });
    limiter.hit('10.0.0.4');
    await limiter.flush();
    await limiter.flush();
    const after = Object.fromEntries((await rowsOf(limit.name)).map((r) => [r.key, r.count]));
    expect(after[`${limit.name}:10.0.0.4`]).toBe(8);
    limiter.stop();
  });

  it('flushes many keys in batches', async () => {
    const limit = limitOf(10);
    const limiter = new SharedWindowLimiter(t.ctx.db, true, limit, message);
    for (let i = 0; i < 1200; i++) limiter.hit(`10.1.${Math.floor(i / 250)}.${i % 250}`);
    await limiter.flush();
    const [total] = await t.ctx.db
      .select({ rows: sql<number>`count(*)::int`, hits: sql<number>`sum(count)::int` })
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, `${limit.name}:%`));
    expect(total).toEqual({ rows: 1200, hits: 1200 });
    limiter.stop();
  });

  it('shares the count between two instances on one database, a flush behind at most', async () => {
    const limit = limitOf(5);
    const a = new SharedWindowLimiter(t.ctx.db, true, limit, message);
    const b = new SharedWindowLimiter(t.ctx.db, true, limit, message);
    const ip = '10.0.0.6';
    for (let i = 0; i < 3; i++) a.hit(ip);
    await a.flush();
    b.hit(ip);
    await b.flush();
    // B now knows of A's three and its own one: one more fits, then the window is full.
    b.hit(ip);
    expect(() => b.hit(ip)).toThrow('Too many requests');
    await b.flush();
    // A has not heard yet, so it lets one more through; its next flush brings the shared total.
    a.hit(ip);
    await a.flush();
    expect(() => a.hit(ip)).toThrow('Too many requests');
    const [row] = await rowsOf(limit.name);
    expect(row!.count).toBe(6);
    a.stop();
    b.stop();
  });

  it('counts failures without refusing them, and check refuses once they fill the window', () => {
    const limiter = new SharedWindowLimiter(t.ctx.db, true, limitOf(2, 600), message);
    const ip = '10.0.0.7';
    limiter.check(ip);
    limiter.count(ip);
    limiter.count(ip);
    limiter.count(ip);
    expect(() => limiter.check(ip)).toThrow('Too many requests');
    expect(() => limiter.check('10.0.0.8')).not.toThrow();
    limiter.stop();
  });

  it('keeps what a failed flush counted for the next flush', async () => {
    const limit = limitOf(10);
    const broken = {
      execute: () => Promise.reject(new Error('connection lost')),
    } as unknown as typeof t.ctx.db;
    const limiter = new SharedWindowLimiter(broken, true, limit, message);
    limiter.hit('10.0.0.9');
    limiter.hit('10.0.0.9');
    await expect(limiter.flush()).rejects.toThrow('connection lost');
    // Still counted here: the local limit holds while the database is away.
    for (let i = 0; i < 8; i++) limiter.hit('10.0.0.9');
    expect(() => limiter.hit('10.0.0.9')).toThrow('Too many requests');
    limiter.stop();
  });
});

describe('public endpoints under their rate limits', () => {
  let t: TestApp;
  let trackingId: string;
  let revokedId: string;

  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_ENABLED: 'true',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '5',
      PUBLIC_MISS_LIMIT_PER_10_MINUTES: '3',
    });
    const w = await tripWorld(t);
    const trip = await w.newTrip();
    revokedId = trip.trackingId;
    const revoke = await call(t.app, 'POST', `/api/v1/trips/${trip.id}/tracking-link/revoke`, undefined, {
      token: w.customer.accessToken,
    });
    trackingId = revoke.body.trackingId;
  });
  afterAll(() => t.close());

  const track = (id: string, ip: string) =>
    call(t.app, 'GET', `/api/v1/trips/open-access/${id}`, undefined, { ip });

  it('answers 429 with a message and retry-after once an IP made too many requests in a minute', async () => {
    const ip = '10.9.0.1';
    for (let i = 0; i < 4; i++) expect((await track(trackingId, ip)).status).toBe(200);
    // The ongoing table counts against the same limit.
    expect(
      (
        await call(t.app, 'GET', '/api/v1/trips/open-access/ongoing/DDDDDDDDDDDDDDDDDDDDDD', undefined, {
          ip,
        })
      ).status,
    ).toBe(404);
    const refused = await track(trackingId, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'Too many requests. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await track(trackingId, '10.9.0.2')).status).toBe(200);
  });

  it('locks out an IP that looked up too many unknown ids, for every lookup, for the rest of ten minutes', async () => {
    const ip = '10.9.0.3';
    for (const id of ['EEEEEEEEEEEEEEEEEEEEEE', 'not-an-id', 'FFFFFFFFFFFFFFFFFFFFFF']) {
      expect((await track(id, ip)).status).toBe(404);
    }
    // Even a real id: a 200 among the refusals would tell a guesser which guess was right.
    const refused = await track(trackingId, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many requests\. Please wait (a minute|\d+ minutes) and try again\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await track(trackingId, '10.9.0.4')).status).toBe(200);
  });

  it('does not count a revoked link as a guess: it was given to someone', async () => {
    const ip = '10.9.0.5';
    for (let i = 0; i < 4; i++) {
      const res = await track(revokedId, ip);
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/has been revoked/);
    }
    expect((await track(trackingId, ip)).status).toBe(200);
  });

  it('writes the counts to the shared table about once a second on PostgreSQL, never on PGlite', async () => {
    const [requests] = t.ctx.publicTracking.limits.limiters;
    await requests!.flush();
    const rows = await t.ctx.db
      .select()
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, 'public:10.9.0.1'));
    if (t.ctx.database.kind === 'postgres') {
      expect(rows).toHaveLength(1);
      expect(rows[0]!.count).toBe(5);
    } else {
      // One process owns an embedded database: there is no other instance to share the count with.
      expect(rows).toHaveLength(0);
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('two API instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let trackingId: string;

  beforeAll(async () => {
    a = await createTestApp({ RATE_LIMIT_ENABLED: 'true', PUBLIC_RATE_LIMIT_PER_MINUTE: '5' });
    b = await createSecondTestApp(a);
    trackingId = (await (await tripWorld(a)).newTrip()).trackingId;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('share one public limit per IP', async () => {
    const ip = '10.8.0.1';
    const track = (t: TestApp) =>
      call(t.app, 'GET', `/api/v1/trips/open-access/${trackingId}`, undefined, { ip });
    for (let i = 0; i < 4; i++) expect((await track(a)).status).toBe(200);
    for (const limiter of a.ctx.publicTracking.limits.limiters) await limiter.flush();
    expect((await track(b)).status).toBe(200);
    for (const limiter of b.ctx.publicTracking.limits.limiters) await limiter.flush();
    expect((await track(b)).status).toBe(429);
  });
});
