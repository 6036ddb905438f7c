import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, TripMapCache } from './trip-map-cache';

function clock() {
  let now = 1_000_000;
  return { now: () => now, tick: (ms: number) => (now += ms) };
}

/** A build that counts its calls and answers what `next` holds when it is called. */
function builder() {
  const b = {
    calls: 0,
    next: 'v1',
    release: null as (() => void) | null,
    hold: false,
    build: async () => {
      b.calls += 1;
      const body = b.next;
      if (b.hold) await new Promise<void>((resolve) => (b.release = resolve));
      return body;
    },
  };
  return b;
}

describe('the live map answers kept per company', () => {
  it('holds the text with its gzip, and an ETag of its content', async () => {
    const answer = await answerOf('[{"tripNumber":"TRP-2026-000001"}]');
    expect(gunzipSync(answer.gzipped).toString()).toBe('[{"tripNumber":"TRP-2026-000001"}]');
    expect((await answerOf('[]')).etag).not.toBe(answer.etag);
  });

  it('answers the same text while fresh, with an ETag of its content', async () => {
    const c = clock();
    const cache = new TripMapCache(5000, undefined, c.now);
    const b = builder();
    const first = await cache.answer('transporter:a', b.build);
    b.next = 'v2';
    c.tick(4999);
    expect(await cache.answer('transporter:a', b.build)).toEqual(first);
    expect(b.calls).toBe(1);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
  });

  it('keeps each company apart', async () => {
    const cache = new TripMapCache(5000);
    expect((await cache.answer('customer:a', async () => '["a"]')).body.toString()).toBe('["a"]');
    expect((await cache.answer('customer:b', async () => '["b"]')).body.toString()).toBe('["b"]');
  });

  it('sends a stale answer while one rebuild runs, then the new one', async () => {
    const c = clock();
    const cache = new TripMapCache(5000, undefined, c.now);
    const b = builder();
    await cache.answer('k', b.build);
    b.next = 'v2';
    b.hold = true;
    c.tick(6000);
    expect((await cache.answer('k', b.build)).body.toString()).toBe('v1');
    expect((await cache.answer('k', b.build)).body.toString()).toBe('v1');
    expect(b.calls).toBe(2);
    b.release!();
    // Until the rebuild is in (its gzip runs on another thread), the old answer goes out, and no second
    // rebuild starts.
    await vi.waitFor(async () => expect((await cache.answer('k', b.build)).body.toString()).toBe('v2'));
    expect(b.calls).toBe(2);
  });

  it('waits for a rebuild when the answer is too old to send, and shares one build among callers', async () => {
    const c = clock();
    const cache = new TripMapCache(5000, undefined, c.now);
    const b = builder();
    await cache.answer('k', b.build);
    b.next = 'v2';
    c.tick(50_000);
    const [one, two] = await Promise.all([cache.answer('k', b.build), cache.answer('k', b.build)]);
    expect([one.body.toString(), two.body.toString()]).toEqual(['v2', 'v2']);
    expect(b.calls).toBe(2);
  });

  it('passes a failed build to its caller and keeps nothing of it', async () => {
    const cache = new TripMapCache(5000);
    await expect(cache.answer('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect((await cache.answer('k', async () => 'ok')).body.toString()).toBe('ok');
  });

  it('builds every time when the fresh age is zero', async () => {
    const cache = new TripMapCache(0);
    const b = builder();
    await cache.answer('k', b.build);
    await cache.answer('k', b.build);
    expect(b.calls).toBe(2);
    expect(cache.heldBytes).toBe(0);
  });

  it('drops the least recently read answers beyond its size bound', async () => {
    // Each answer holds its text and its gzip: room for two.
    const one = await answerOf('12345');
    const cache = new TripMapCache(60_000, 2 * (one.body.length + one.gzipped.length));
    const b = builder();
    await cache.answer('a', async () => '12345');
    await cache.answer('b', async () => '12345');
    await cache.answer('a', b.build);
    expect(b.calls).toBe(0);
    await cache.answer('c', async () => '12345');
    expect(cache.heldBytes).toBe(2 * (one.body.length + one.gzipped.length));
    await cache.answer('b', b.build);
    expect(b.calls).toBe(1);
  });
});
