import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etagOf } from '../../lib/http-cache';
import { DocumentCache, FRESH_MS, NOT_FOUND_MS } from './document-cache';
import { WARMED_MS } from './public-tracking-cache.service';
import {
  EndedTrackingLinkError,
  TRIP_NOT_FOUND,
  UnknownPublicLinkError,
  type PublicDocument,
} from './public-tracking.service';

/** Ids shaped like real ones (22 base64url characters). */
const id = (n: number) => `trackingid${String(n).padStart(12, '0')}`;
const tripOf = (key: string) => `trip-of-${key}`;

function docFor(
  key: string,
  version = 1,
  expiresAt: Date | null = null,
  refreshAt: Date | null = null,
): PublicDocument {
  const body = JSON.stringify({ key, version });
  return { body, etag: etagOf(body), tripIds: [tripOf(key)], companyId: null, expiresAt, refreshAt };
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

  it('keeps the documents read lately up to its capacity', async () => {
    const { cache, answer, loads } = cacheWith(2);
    for (const n of [1, 2, 3]) answer(id(n), docFor(id(n)));
    await cache.lookup(id(1));
    await cache.lookup(id(2));
    await cache.lookup(id(3)); // full: each gets its second chance, then id(1), the oldest, goes
    cache.lookup(id(2)); // read again
    await cache.lookup(id(1)); // id(3) goes: id(2) was read since its second chance, id(3) was not
    expect(cache.size).toBe(2);
    expect(cache.lookup(id(2))).not.toBeInstanceOf(Promise);
    expect(cache.lookup(id(1))).not.toBeInstanceOf(Promise);
    await cache.lookup(id(3));
    expect(loads).toEqual([id(1), id(2), id(3), id(1), id(3)]);
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

  it('reads a document again once its refresh time passes, even within the safety net', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    const { cache, answer, loads } = cacheWith();
    cache.lifetimeMs = WARMED_MS;
    answer(id(30), docFor(id(30), 1, null, new Date('2026-11-21T12:02:00Z')));
    await cache.lookup(id(30));
    vi.setSystemTime(new Date('2026-11-21T12:01:59.999Z'));
    expect(cache.lookup(id(30))).not.toBeInstanceOf(Promise);
    vi.setSystemTime(new Date('2026-11-21T12:02:00Z'));
    expect(cache.lookup(id(30))).toBeInstanceOf(Promise);
    expect(loads).toEqual([id(30), id(30)]);
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

describe('the warm read model', () => {
  afterEach(() => vi.useRealTimers());

  /** A tracking page of a real-looking trip (UUID), with text outside ASCII as real addresses have. */
  function tripDoc(
    key: string,
    version = 1,
    expiresAt: Date | null = null,
    refreshAt: Date | null = null,
  ): PublicDocument {
    const body = JSON.stringify({ key, version, city: 'Ọ̀yọ́' });
    return { body, etag: etagOf(body), tripIds: [randomUUID()], companyId: null, expiresAt, refreshAt };
  }

  /** One warming pass of `docs`, as PublicTrackingCache runs it. */
  function pass(cache: DocumentCache, docs: { key: string; doc: PublicDocument }[], complete = true) {
    cache.packed.beginPass();
    cache.fill(cache.beginFill(), docs);
    cache.packed.endPass(complete, WARMED_MS);
  }

  it('serves a finished pass from memory, byte for byte, without loading', async () => {
    const { cache, loads } = cacheWith();
    const doc = tripDoc(id(20));
    pass(cache, [{ key: id(20), doc }]);
    expect(cache.lookup(id(20))).toEqual(doc);
    const answer = cache.peek(id(20), Date.now())!;
    expect(answer.etag).toBe(doc.etag);
    expect(Buffer.from(answer.body).toString('utf8')).toBe(doc.body);
    expect(cache.peek(id(21), Date.now())).toBeUndefined();
    expect(loads).toEqual([]);
  });

  it('serves nothing of a pass until it ends, and nothing of one that failed', () => {
    const { cache } = cacheWith();
    const first = tripDoc(id(22));
    pass(cache, [{ key: id(22), doc: first }]);
    cache.packed.beginPass();
    cache.fill(cache.beginFill(), [{ key: id(22), doc: tripDoc(id(22), 2) }]);
    expect(cache.peek(id(22), Date.now())?.etag).toBe(first.etag);
    cache.packed.endPass(false, WARMED_MS);
    expect(cache.peek(id(22), Date.now())?.etag).toBe(first.etag);
  });

  it('forgets what a finished pass no longer read', () => {
    const { cache } = cacheWith();
    pass(cache, [{ key: id(23), doc: tripDoc(id(23)) }]);
    pass(cache, [{ key: id(24), doc: tripDoc(id(24)) }]);
    expect(cache.peek(id(23), Date.now())).toBeUndefined();
    expect(cache.peek(id(24), Date.now())).toBeDefined();
  });

  it("drops a trip's answer when it changes, also from the pass running, and skips what changed while read", async () => {
    const { cache, answer, loads } = cacheWith();
    const a = tripDoc(id(25));
    const b = tripDoc(id(26));
    pass(cache, [{ key: id(25), doc: a }]);
    cache.packed.beginPass();
    const began = cache.beginFill();
    cache.changed(b.tripIds[0]!); // b changed while its page was being read
    cache.fill(began, [
      { key: id(25), doc: a },
      { key: id(26), doc: b },
    ]);
    cache.changed(a.tripIds[0]!);
    cache.packed.endPass(true, WARMED_MS);
    expect(cache.peek(id(25), Date.now())).toBeUndefined();
    expect(cache.peek(id(26), Date.now())).toBeUndefined();
    answer(id(25), tripDoc(id(25), 2));
    expect(JSON.parse((await cache.lookup(id(25))).body).version).toBe(2);
    expect(loads).toEqual([id(25)]);
  });

  it('leaves links with an expiry or a refresh time to demand, and stops serving a pass once it is overdue', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
    const { cache } = cacheWith();
    pass(cache, [
      { key: id(27), doc: tripDoc(id(27), 1, new Date('2026-11-22T12:00:00Z')) },
      { key: id(28), doc: tripDoc(id(28)) },
      { key: id(29), doc: tripDoc(id(29), 1, null, new Date('2026-11-21T12:02:00Z')) },
    ]);
    expect(cache.peek(id(27), Date.now())).toBeUndefined();
    expect(cache.peek(id(29), Date.now())).toBeUndefined();
    expect(cache.peek(id(28), Date.now())).toBeDefined();
    vi.setSystemTime(Date.now() + WARMED_MS);
    expect(cache.peek(id(28), Date.now())).toBeUndefined();
  });

  it('packs answers across many slabs, and leaves one too large for a slab to demand', () => {
    const { cache } = cacheWith();
    const big = (key: string, bytes: number): PublicDocument => {
      const body = JSON.stringify({ key, pad: 'é'.repeat(bytes / 2) });
      return {
        body,
        etag: etagOf(body),
        tripIds: [randomUUID()],
        companyId: null,
        expiresAt: null,
        refreshAt: null,
      };
    };
    const docs = Array.from({ length: 90 }, (_, n) => ({ key: id(100 + n), doc: big(id(100 + n), 100_000) }));
    docs.push({ key: id(99), doc: big(id(99), 5_000_000) });
    pass(cache, docs);
    expect(cache.packed.size).toBe(90);
    for (const { key, doc } of docs.slice(0, 90)) {
      const answer = cache.peek(key, Date.now())!;
      expect(answer.etag).toBe(doc.etag);
      expect(Buffer.from(answer.body).equals(Buffer.from(doc.body))).toBe(true);
      expect(cache.lookup(key)).toEqual(doc);
    }
    expect(cache.peek(id(99), Date.now())).toBeUndefined();
  });

  it('drops everything on clear, including the pass running then', () => {
    const { cache } = cacheWith();
    pass(cache, [{ key: id(29), doc: tripDoc(id(29)) }]);
    cache.packed.beginPass();
    cache.clear();
    cache.fill(cache.beginFill(), [{ key: id(30), doc: tripDoc(id(30)) }]);
    cache.packed.endPass(true, WARMED_MS);
    expect(cache.peek(id(29), Date.now())).toBeUndefined();
    expect(cache.peek(id(30), Date.now())).toBeUndefined();
  });
});
