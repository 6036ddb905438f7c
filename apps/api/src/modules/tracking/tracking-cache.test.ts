import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentCache, FRESH_MS, NOT_FOUND_MS } from './tracking-cache';
import {
  EndedTrackingLinkError,
  TRIP_NOT_FOUND,
  UnknownPublicLinkError,
  etagOf,
  type PublicDocument,
} from './tracking.service';

/** Ids shaped like real ones (22 base64url characters). */
const id = (n: number) => `trackingid${String(n).padStart(12, '0')}`;
const tripOf = (key: string) => `trip-of-${key}`;

function docFor(key: string, version = 1, expiresAt: Date | null = null): PublicDocument {
  const body = JSON.stringify({ key, version });
  return { body, etag: etagOf(body), tripIds: [tripOf(key)], companyId: null, expiresAt };
}

/** A cache over a fake database whose answers the test sets, counting the loads that reach it. */
function cacheWith(capacity = 100) {
  const answers = new Map<string, () => Promise<PublicDocument>>();
  const loads: string[] = [];
  const cache = new DocumentCache({
    capacity,
    load: (key) => {
      loads.push(key);
      return (answers.get(key) ?? (() => Promise.reject(new UnknownPublicLinkError(TRIP_NOT_FOUND))))();
    },
    ownerOf: (doc) => doc.tripIds[0] ?? null,
    malformed: new UnknownPublicLinkError(TRIP_NOT_FOUND),
  });
  const answer = (key: string, doc: PublicDocument | (() => Promise<PublicDocument>)) =>
    answers.set(key, typeof doc === 'function' ? doc : () => Promise.resolve(doc));
  return { cache, answer, loads };
}

describe('the public document cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a second lookup synchronously from memory, without loading again', async () => {
    const { cache, answer, loads } = cacheWith();
    answer(id(1), docFor(id(1)));
    const first = cache.lookup(id(1));
    expect(first).toBeInstanceOf(Promise);
    const doc = await first;
    expect(cache.lookup(id(1))).toBe(doc);
    expect(loads).toEqual([id(1)]);
  });

  it('shares one load between lookups made while it runs', async () => {
    const { cache, answer, loads } = cacheWith();
    answer(id(2), docFor(id(2)));
    const [a, b] = await Promise.all([cache.lookup(id(2)), cache.lookup(id(2))]);
    expect(a).toBe(b);
    expect(loads).toHaveLength(1);
  });

  it('keeps the most recently used documents up to its capacity', async () => {
    const { cache, answer, loads } = cacheWith(2);
    for (const n of [1, 2, 3]) answer(id(n), docFor(id(n)));
    await cache.lookup(id(1));
    await cache.lookup(id(2));
    cache.lookup(id(1)); // used again: now the newest
    await cache.lookup(id(3)); // pushes out id(2), the least recently used
    expect(cache.size).toBe(2);
    expect(cache.lookup(id(1))).not.toBeInstanceOf(Promise);
    expect(cache.lookup(id(3))).not.toBeInstanceOf(Promise);
    await cache.lookup(id(2));
    expect(loads).toEqual([id(1), id(2), id(3), id(2)]);
  });

  it('caches nothing with a capacity of 0', async () => {
    const { cache, answer, loads } = cacheWith(0);
    answer(id(4), docFor(id(4)));
    await cache.lookup(id(4));
    await cache.lookup(id(4));
    expect(loads).toHaveLength(2);
  });

  it("drops exactly the changed trip's documents", async () => {
    const { cache, answer } = cacheWith();
    answer(id(5), docFor(id(5)));
    answer(id(6), docFor(id(6)));
    await cache.lookup(id(5));
    await cache.lookup(id(6));
    answer(id(5), docFor(id(5), 2));
    cache.changed(tripOf(id(5)));
    expect(JSON.parse((await cache.lookup(id(5))).body).version).toBe(2);
    expect(cache.lookup(id(6))).not.toBeInstanceOf(Promise);
  });

  it('does not cache what a load read before a change that was announced while it ran', async () => {
    const { cache, answer, loads } = cacheWith();
    let release!: () => void;
    answer(
      id(7),
      () => new Promise<PublicDocument>((resolve) => (release = () => resolve(docFor(id(7), 1)))),
    );
    const running = cache.lookup(id(7));
    cache.changed(tripOf(id(7)));
    answer(id(7), docFor(id(7), 2));
    // A lookup after the announcement does not join the load that began before it.
    const after = cache.lookup(id(7));
    release();
    expect(JSON.parse((await running).body).version).toBe(1);
    expect(JSON.parse((await after).body).version).toBe(2);
    expect(JSON.parse((cache.lookup(id(7)) as PublicDocument).body).version).toBe(2);
    expect(loads).toHaveLength(2);
  });

  it('does not cache a load that ran across a resync', async () => {
    const { cache, answer, loads } = cacheWith();
    let release!: () => void;
    answer(id(8), () => new Promise((resolve) => (release = () => resolve(docFor(id(8))))));
    const running = cache.lookup(id(8));
    cache.clear();
    release();
    await running;
    answer(id(8), docFor(id(8)));
    await cache.lookup(id(8));
    expect(loads).toHaveLength(2);
  });

  it('never serves a document past its link expiry, nor any document past the safety net', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    const { cache, answer, loads } = cacheWith();
    answer(id(9), docFor(id(9), 1, new Date('2026-11-21T12:00:10Z')));
    answer(id(10), docFor(id(10)));
    await cache.lookup(id(9));
    await cache.lookup(id(10));
    vi.setSystemTime(new Date('2026-11-21T12:00:09.999Z'));
    expect(cache.lookup(id(9))).not.toBeInstanceOf(Promise);
    vi.setSystemTime(new Date('2026-11-21T12:00:10Z'));
    expect(cache.lookup(id(9))).toBeInstanceOf(Promise);
    vi.setSystemTime(new Date(Date.parse('2026-11-21T12:00:00Z') + FRESH_MS - 1));
    expect(cache.lookup(id(10))).not.toBeInstanceOf(Promise);
    vi.setSystemTime(new Date(Date.parse('2026-11-21T12:00:00Z') + FRESH_MS));
    expect(cache.lookup(id(10))).toBeInstanceOf(Promise);
    expect(loads).toEqual([id(9), id(10), id(9), id(10)]);
  });

  it('remembers "not found" for a few seconds, then asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    const { cache, loads } = cacheWith();
    await expect(cache.lookup(id(11))).rejects.toThrow(TRIP_NOT_FOUND);
    expect(() => cache.lookup(id(11))).toThrow(TRIP_NOT_FOUND);
    vi.setSystemTime(new Date(Date.parse('2026-11-21T12:00:00Z') + NOT_FOUND_MS));
    await expect(cache.lookup(id(11))).rejects.toThrow(TRIP_NOT_FOUND);
    expect(loads).toEqual([id(11), id(11)]);
  });

  it('keeps a revoked or expired answer until its trip changes', async () => {
    const { cache, answer, loads } = cacheWith();
    answer(id(12), () =>
      Promise.reject(new EndedTrackingLinkError('This tracking link expired', tripOf(id(12)))),
    );
    await expect(cache.lookup(id(12))).rejects.toThrow('expired');
    expect(() => cache.lookup(id(12))).toThrow('expired');
    answer(id(12), docFor(id(12)));
    cache.changed(tripOf(id(12)));
    expect((await cache.lookup(id(12))).tripIds).toEqual([tripOf(id(12))]);
    expect(loads).toHaveLength(2);
  });

  it('answers anything that is not shaped like an id without loading or keeping it', () => {
    const { cache, loads } = cacheWith();
    for (const key of ['', 'short', 'x'.repeat(65), 'has space in it 123456', '../../etc/passwd/xxxxx']) {
      expect(() => cache.lookup(key)).toThrow(TRIP_NOT_FOUND);
    }
    expect(loads).toEqual([]);
    expect(cache.size).toBe(0);
  });
});
