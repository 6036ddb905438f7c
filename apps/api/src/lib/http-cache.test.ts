import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { tripWorld, type TripWorld } from '../test/trip-world';
import { acceptsGzip, GZIP_FROM_CHARS, JsonAnswer } from './http-cache';

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as HTTP does', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('JsonAnswer', () => {
  it('gzips once, however many clients take the gzip', async () => {
    const answer = new JsonAnswer(JSON.stringify({ content: Array.from({ length: 50 }, (_, i) => ({ i })) }));
    const first = answer.gzip();
    expect(answer.gzip()).toBe(first);
    expect(gunzipSync(await first).toString()).toBe(answer.json);
  });
});

describe('kept pages sent gzipped to clients that take gzip', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    await w.newTrip();
    await w.newTrip();
  });
  afterAll(() => t?.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${w.customer.accessToken}`,
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });

  it('answers the same JSON gzipped, from memory the second time, and plain to clients that do not take gzip', async () => {
    const plain = await get('/api/v1/trips?size=20');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThanOrEqual(GZIP_FROM_CHARS);

    const hits = t.ctx.answers.hits;
    const gzipped = await get('/api/v1/trips?size=20', 'gzip, deflate, br');
    expect(t.ctx.answers.hits).toBe(hits + 1);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);

    const refused = await get('/api/v1/trips?size=20', 'gzip;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('sends a short answer as it is', async () => {
    const empty = await get('/api/v1/trips/issues', 'gzip');
    expect(empty.statusCode).toBe(200);
    expect(empty.body.length).toBeLessThan(GZIP_FROM_CHARS);
    expect(empty.headers['content-encoding']).toBeUndefined();
    expect(empty.json()).toMatchObject({ content: [] });
  });
});
