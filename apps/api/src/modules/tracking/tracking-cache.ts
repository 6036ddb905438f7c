import type { AppContext } from '../../context';
import type { AppError } from '../../errors';
import { findPublicTripsPage, type PublicTripRow } from './tracking.repository';
import {
  EndedTrackingLinkError,
  ONGOING_LINK_NOT_FOUND,
  TRIP_NOT_FOUND,
  UnknownPublicLinkError,
  isPublicLinkId,
  loadOngoingTrips,
  loadPublicTracking,
  publicTrackingDocument,
  type PublicDocument,
} from './tracking.service';

/**
 * The public pages' answers, kept in memory per API instance so a page that thousands of people refresh
 * costs a Map lookup, not a query. Freshness comes from the database: every committed change to a trip
 * (status, issue, consignment, position, tracking id, expiry) is announced on trip_changed and drops what
 * showed that trip; a lost LISTEN connection drops everything. An answer is never served past its link's
 * expiry, and each has a safety-net lifetime should an announcement ever be missed.
 *
 * Loaded on demand, an answer lives 30 seconds. Kept warm (the production server does it), the tracking
 * answers of every trip are loaded in pages at start and again every WARM_EVERY_MS, and live until the
 * pass after next: then no public lookup of an existing trip waits for the database at all.
 */

/** The safety net of an answer loaded on demand: it is reloaded after this long even if no change was heard. */
export const FRESH_MS = 30_000;
/** How often the warm read model reloads every trip's answer (its safety net). */
export const WARM_EVERY_MS = 15 * 60_000;
/** A warmed answer outlives one pass, so a slow or failed pass never leaves trips to the database. */
export const WARMED_MS = 2 * WARM_EVERY_MS + 60_000;
/** Trips per query while warming: big enough to be cheap per trip, small enough to keep requests flowing. */
export const WARM_PAGE = 1_000;
/** "Not found" is kept briefly, so a scraper repeating unknown ids does not reach the database each time. */
export const NOT_FOUND_MS = 5_000;
/** Ongoing tables are few (one per customer company that shares one) and larger; they get their own room. */
const ONGOING_ENTRIES = 2_000;
/**
 * Tracking answers loaded on demand: new or just-changed trips, expiring links, unknown ids. Kept apart
 * from the read model's room, which is sized to the trips: these are on the V8 heap, about 1 KB each, and
 * unknown ids a scraper spread over many addresses sends must not grow the heap with the read model's room.
 */
const ON_DEMAND_ENTRIES = 50_000;

interface Entry {
  doc: PublicDocument | null;
  error: AppError | null;
  /** Epoch ms after which the entry is not served. */
  deadline: number;
  /** The trip (tracking pages) or company (ongoing tables) whose changes make it stale. */
  owner: string | null;
  /** Read since it was stored or last passed over for eviction. */
  used: boolean;
}

/**
 * A map that evicts what was not read lately, with an index of each owner's keys, so a change drops
 * exactly the answers that showed it. Eviction is "second chance" (CLOCK): a Map keeps insertion order, a
 * hit only marks its entry, and eviction moves marked entries to the end instead of dropping them. A hit
 * thus writes one flag and never reorders the Map: with a million entries, reordering on every hit left
 * holes that made V8 rebuild the whole table now and then, a pause every request waiting behind it felt.
 */
class OwnedLru {
  private readonly entries = new Map<string, Entry>();
  /** Owner -> its key, or keys (an owner rarely has more than one: a trip's id and a revoked one). */
  private readonly keysOf = new Map<string, string | string[]>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (now >= entry.deadline) {
      this.remove(key, entry);
      return undefined;
    }
    if (!entry.used) entry.used = true;
    return entry;
  }

  set(key: string, fields: Omit<Entry, 'used'>): void {
    if (this.capacity <= 0) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) this.remove(key, previous);
    // Loaded for a lookup, so read once already: it is never the first to go.
    const entry: Entry = { ...fields, used: true };
    this.entries.set(key, entry);
    if (entry.owner !== null) this.link(entry.owner, key);
    while (this.entries.size > this.capacity) {
      const [oldest, candidate] = this.entries.entries().next().value as [string, Entry];
      if (candidate.used) {
        candidate.used = false;
        this.entries.delete(oldest);
        this.entries.set(oldest, candidate);
      } else {
        this.remove(oldest, candidate);
      }
    }
  }

  dropOwner(owner: string): void {
    const keys = this.keysOf.get(owner);
    if (keys === undefined) return;
    this.keysOf.delete(owner);
    for (const key of typeof keys === 'string' ? [keys] : keys) {
      if (this.entries.get(key)?.owner === owner) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.keysOf.clear();
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    if (entry.owner !== null) this.unlink(entry.owner, key);
  }

  private link(owner: string, key: string): void {
    const keys = this.keysOf.get(owner);
    if (keys === undefined) this.keysOf.set(owner, key);
    else if (typeof keys === 'string') {
      if (keys !== key) this.keysOf.set(owner, [keys, key]);
    } else if (!keys.includes(key)) keys.push(key);
  }

  private unlink(owner: string, key: string): void {
    const keys = this.keysOf.get(owner);
    if (keys === undefined) return;
    if (typeof keys === 'string') {
      if (keys === key) this.keysOf.delete(owner);
      return;
    }
    const rest = keys.filter((k) => k !== key);
    if (rest.length === 0) this.keysOf.delete(owner);
    else this.keysOf.set(owner, rest.length === 1 ? rest[0]! : rest);
  }
}

/**
 * Tells whether a load may have read the database before a change that was announced while it ran. Such
 * an answer is still given to whoever asked before the change, but never cached: caching it would keep
 * serving the old state after the announcement that was meant to end it.
 */
class ChangeClock {
  private seq = 0;
  /** Owner -> the seq of its last change, kept only while loads are running. */
  private readonly changedAt = new Map<string, number>();
  /** Loads that began before this seq cannot be checked owner by owner any more. */
  private checkableFrom = 0;
  private running = 0;

  begin(): number {
    this.running++;
    return this.seq;
  }

  changed(owner: string): void {
    this.seq++;
    if (this.running === 0) return;
    // Bounded memory under a storm of changes: past this size, every running load counts as stale.
    if (this.changedAt.size >= 10_000) this.everythingChanged();
    else this.changedAt.set(owner, this.seq);
  }

  everythingChanged(): void {
    this.seq++;
    this.checkableFrom = this.seq;
    this.changedAt.clear();
  }

  /** Ends a load begun at `began`; true when one of `owners` changed since. */
  end(began: number, owners: readonly string[]): boolean {
    const stale =
      owners.length === 0 ? this.changedSince(began, null) : owners.some((o) => this.changedSince(began, o));
    this.finish();
    return stale;
  }

  /** True when `owner` (or everything) changed after a load that began at `began`; the load is still running. */
  changedSince(began: number, owner: string | null): boolean {
    if (began < this.checkableFrom) return true;
    if (began === this.seq || owner === null) return false;
    const at = this.changedAt.get(owner);
    return at !== undefined && at > began;
  }

  /** A load is over. */
  finish(): void {
    this.running--;
    if (this.running === 0) this.changedAt.clear();
  }
}

/** What the fast lane sends: the ETag and the body's bytes or text. */
export interface Answer {
  etag: string;
  body: string | Buffer;
}

/** ETags are `"` + base64url SHA-1 + `"`; trip ids are UUIDs. Both fixed length, so they pack by offset. */
const ETAG_LENGTH = 29;
const TRIP_ID_LENGTH = 36;
/** A record: its length (4 bytes), the ETag, the trip id, then the JSON body. */
const ETAG_AT = 4;
const TRIP_ID_AT = ETAG_AT + ETAG_LENGTH;
const BODY_AT = TRIP_ID_AT + TRIP_ID_LENGTH;
/** Records are written into slabs of this size, allocated outside the V8 heap. */
const SLAB_BYTES = 4 * 1024 * 1024;

/**
 * One pass of the warm read model: each answer packed as a record (ETag, trip id, JSON body) in large
 * slabs outside the V8 heap, tracking id -> the record's location (a small integer), and trip id ->
 * tracking id for drops. A million answers thus cost the garbage collector two short strings and two map
 * entries per trip, not hundreds of bytes of strings and objects: a young-generation collection pays for
 * every page of a large heap, and every request waiting behind it would too. A dropped record's bytes
 * stay until the generation is replaced by the next pass.
 */
class PackedGeneration {
  readonly answers = new Map<string, number>();
  readonly keyOf = new Map<string, string>();
  private readonly slabs: Buffer[] = [];
  private used = SLAB_BYTES;

  /** Packs the answer; false when it cannot be (a body larger than a slab, which no tracking page is). */
  set(key: string, tripId: string, doc: PublicDocument): boolean {
    const record = doc.etag + tripId + doc.body;
    const bytes = ETAG_AT + Buffer.byteLength(record, 'utf8');
    if (bytes > SLAB_BYTES) return false;
    if (this.used + bytes > SLAB_BYTES) {
      this.slabs.push(Buffer.allocUnsafeSlow(SLAB_BYTES));
      this.used = 0;
    }
    const slab = this.slabs[this.slabs.length - 1]!;
    slab.writeUInt32LE(bytes, this.used);
    slab.write(record, this.used + ETAG_AT, 'utf8');
    const location = (this.slabs.length - 1) * SLAB_BYTES + this.used;
    this.used += bytes;
    const previous = this.keyOf.get(tripId);
    if (previous !== undefined && previous !== key) this.answers.delete(previous);
    this.answers.set(key, location);
    this.keyOf.set(tripId, key);
    return true;
  }

  answer(key: string): Answer | undefined {
    const record = this.record(key);
    if (record === undefined) return undefined;
    const { slab, at, end } = record;
    return {
      etag: slab.toString('latin1', at + ETAG_AT, at + TRIP_ID_AT),
      body: slab.subarray(at + BODY_AT, end),
    };
  }

  document(key: string): PublicDocument | undefined {
    const record = this.record(key);
    if (record === undefined) return undefined;
    const { slab, at, end } = record;
    return {
      etag: slab.toString('latin1', at + ETAG_AT, at + TRIP_ID_AT),
      tripIds: [slab.toString('latin1', at + TRIP_ID_AT, at + BODY_AT)],
      body: slab.toString('utf8', at + BODY_AT, end),
      companyId: null,
      expiresAt: null,
    };
  }

  /** Where `key`'s record sits: its slab, its first byte and the byte after its last. */
  private record(key: string): { slab: Buffer; at: number; end: number } | undefined {
    const location = this.answers.get(key);
    if (location === undefined) return undefined;
    const slab = this.slabs[Math.floor(location / SLAB_BYTES)]!;
    const at = location % SLAB_BYTES;
    return { slab, at, end: at + slab.readUInt32LE(at) };
  }

  drop(tripId: string): void {
    const key = this.keyOf.get(tripId);
    if (key === undefined) return;
    this.keyOf.delete(tripId);
    this.answers.delete(key);
  }
}

/**
 * Every trip's tracking answer (without an expiry: those few load on demand), filled by warming passes.
 * A pass fills a new generation and replaces the old one only when it read every trip, so what no pass
 * saw any more (a link that expired or was revoked while an announcement was missed) is gone; a change
 * drops its trip from both. An answer is as old as two passes at most.
 */
export class PackedAnswers {
  private current = new PackedGeneration();
  private next: PackedGeneration | null = null;
  /** Epoch ms after which the current generation is not served (a pass is overdue). */
  private deadline = 0;

  get size(): number {
    return this.current.answers.size;
  }

  get(key: string, now: number): Answer | undefined {
    return now < this.deadline ? this.current.answer(key) : undefined;
  }

  /** The full document, for the route and the live streams (which need the text and the trip). */
  document(key: string, now: number): PublicDocument | undefined {
    return now < this.deadline ? this.current.document(key) : undefined;
  }

  /** Stores a document of the pass running now; one that cannot pack (no trip, an expiry) is left to demand. */
  add(key: string, doc: PublicDocument): boolean {
    const tripId = doc.tripIds[0];
    if (this.next === null || tripId === undefined || doc.expiresAt !== null) return false;
    if (doc.etag.length !== ETAG_LENGTH || tripId.length !== TRIP_ID_LENGTH) return false;
    return this.next.set(key, tripId, doc);
  }

  beginPass(): void {
    this.next = new PackedGeneration();
  }

  /** Ends the pass: a complete one becomes what is served, for `lifetimeMs`; an incomplete one is dropped. */
  endPass(complete: boolean, lifetimeMs: number): void {
    if (complete && this.next !== null) {
      this.current = this.next;
      this.deadline = Date.now() + lifetimeMs;
    }
    this.next = null;
  }

  drop(tripId: string): void {
    this.current.drop(tripId);
    this.next?.drop(tripId);
  }

  clear(): void {
    this.current = new PackedGeneration();
    this.deadline = 0;
    // A pass running now may have read before the loss: it must not become what is served.
    this.next = null;
  }
}

export interface CachePolicy {
  capacity: number;
  load: (key: string) => Promise<PublicDocument>;
  /** Who a document belongs to: its changes drop it. */
  ownerOf: (doc: PublicDocument) => string | null;
  /** The answer for a key that cannot be an id at all; never reaches the database or the cache. */
  malformed: AppError;
}

/** One kind of public answer: its LRU, its staleness clock, and the loads running now (shared by callers). */
export class DocumentCache {
  private readonly lru: OwnedLru;
  private readonly clock = new ChangeClock();
  private readonly loading = new Map<string, Promise<PublicDocument>>();
  /** Lookups answered from memory and lookups that went to the database, for the benchmark's report. */
  hits = 0;
  misses = 0;

  /** How long an answer loaded on demand lives. */
  lifetimeMs = FRESH_MS;
  /** Every trip's answer, once the read model is kept warm (tracking pages only). */
  readonly packed = new PackedAnswers();

  constructor(private readonly policy: CachePolicy) {
    this.lru = new OwnedLru(policy.capacity);
  }

  get size(): number {
    return this.lru.size;
  }

  /**
   * The document for `key`: synchronously from memory (the hot path: a Map lookup, no database work, no
   * serialisation), else a promise of it. Throws, or rejects with, the NOT_FOUND answer.
   */
  lookup(key: string): PublicDocument | Promise<PublicDocument> {
    const now = Date.now();
    const entry = this.lru.get(key, now);
    if (entry !== undefined) {
      this.hits++;
      if (entry.doc !== null) return entry.doc;
      throw entry.error;
    }
    const warm = this.packed.document(key, now);
    if (warm !== undefined) {
      this.hits++;
      return warm;
    }
    if (!isPublicLinkId(key)) throw this.policy.malformed;
    this.misses++;
    return this.loading.get(key) ?? this.load(key);
  }

  /**
   * The document for `key` when memory holds it, else undefined; never loads, never throws. For the fast
   * lane, which answers only what is certain and leaves everything else to the route.
   */
  peek(key: string, now: number): Answer | undefined {
    const entry = this.lru.get(key, now);
    const answer = entry === undefined ? this.packed.get(key, now) : (entry.doc ?? undefined);
    if (answer !== undefined) this.hits++;
    return answer;
  }

  /** Starts a warming pass; returns the mark each page's fill needs. */
  beginFill(): number {
    return this.clock.begin();
  }

  /**
   * Stores the documents of one page of a warming pass, read since `began` (from beginFill), and ends that
   * read. A document whose owner changed while it was read is left out: the next lookup loads it.
   */
  fill(began: number, docs: readonly { key: string; doc: PublicDocument }[]): number {
    let stored = 0;
    for (const { key, doc } of docs) {
      if (this.clock.changedSince(began, this.policy.ownerOf(doc))) continue;
      if (this.packed.add(key, doc)) stored++;
    }
    this.clock.finish();
    return stored;
  }

  /** Ends a page read that failed before it had documents to store. */
  abandonFill(): void {
    this.clock.finish();
  }

  /** Drops what showed `owner`, and forgets loads now running (they may have read the old state). */
  changed(owner: string): void {
    this.clock.changed(owner);
    this.lru.dropOwner(owner);
    this.packed.drop(owner);
    this.loading.clear();
  }

  clear(): void {
    this.clock.everythingChanged();
    this.lru.clear();
    this.packed.clear();
    this.loading.clear();
  }

  private load(key: string): Promise<PublicDocument> {
    const began = this.clock.begin();
    const done = () => {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    };
    const promise = this.policy.load(key).then(
      (doc) => {
        done();
        const owner = this.policy.ownerOf(doc);
        if (!this.clock.end(began, owner === null ? [] : [owner])) {
          const now = Date.now();
          const expiresAt = doc.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
          this.lru.set(key, {
            doc,
            error: null,
            deadline: Math.min(now + this.lifetimeMs, expiresAt),
            owner,
          });
        }
        return doc;
      },
      (error: unknown) => {
        done();
        const owner = error instanceof EndedTrackingLinkError ? error.tripId : null;
        const stale = this.clock.end(began, owner === null ? [] : [owner]);
        if (!stale && error instanceof UnknownPublicLinkError) {
          this.lru.set(key, { doc: null, error, deadline: Date.now() + NOT_FOUND_MS, owner: null });
        } else if (!stale && error instanceof EndedTrackingLinkError) {
          this.lru.set(key, { doc: null, error, deadline: Date.now() + FRESH_MS, owner });
        }
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }
}

/** What one warming pass did. */
export interface WarmPass {
  trips: number;
  ms: number;
  /** False when the trips outnumber the cache's room: the rest are loaded on demand. */
  complete: boolean;
}

/** The public answers of one app: tracking pages by tracking id, ongoing tables by share id. */
export class TrackingCache {
  readonly tracking: DocumentCache;
  readonly ongoing: DocumentCache;
  private readonly unsubscribe: (() => void)[] = [];
  private warming: Promise<WarmPass> | null = null;
  private warmTimer: NodeJS.Timeout | null = null;
  /** A pass reported to keepWarm's callbacks; null until the read model is kept warm. */
  private rewarm: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(private readonly ctx: AppContext) {
    const capacity = ctx.env.TRACKING_CACHE_ENTRIES;
    this.tracking = new DocumentCache({
      capacity: Math.min(capacity, ON_DEMAND_ENTRIES),
      load: (trackingId) => loadPublicTracking(ctx, trackingId),
      ownerOf: (doc) => doc.tripIds[0] ?? null,
      malformed: new UnknownPublicLinkError(TRIP_NOT_FOUND),
    });
    this.ongoing = new DocumentCache({
      capacity: Math.min(capacity, ONGOING_ENTRIES),
      load: (shareId) => loadOngoingTrips(ctx, shareId),
      ownerOf: (doc) => doc.companyId,
      malformed: new UnknownPublicLinkError(ONGOING_LINK_NOT_FOUND),
    });
    this.unsubscribe.push(
      ctx.tripEvents.onAnyChange(({ tripId, customerCompanyId }) => {
        this.tracking.changed(tripId);
        if (customerCompanyId) this.ongoing.changed(customerCompanyId);
      }),
      // A rotated share id changes no trip: the old id's table is dropped when any instance rotates it.
      ctx.tripEvents.onOngoingLinkRotated((companyId) => this.ongoing.changed(companyId)),
      ctx.tripEvents.onResync(() => {
        this.clear();
        // Everything was dropped: a warm read model fills itself again, after the pass running now (which
        // read before the loss, so it will not be served).
        const again = () => void this.rewarm?.();
        if (this.rewarm !== null) {
          if (this.warming !== null) this.warming.then(again, again);
          else again();
        }
      }),
    );
  }

  /**
   * Loads every trip's tracking answer (up to the cache's room), a page of trips per query, yielding to
   * requests between pages. A pass already running is shared.
   */
  warm(pageSize = WARM_PAGE): Promise<WarmPass> {
    this.warming ??= this.warmPass(pageSize).finally(() => {
      this.warming = null;
    });
    return this.warming;
  }

  /**
   * Keeps the read model warm: a pass now, then one every WARM_EVERY_MS, and one after every resync.
   * Answers loaded on demand then live as long as warmed ones, since the passes are the safety net.
   * Settles when the first pass has; a pass's result or failure goes to the callbacks, never rejects.
   */
  keepWarm(onPass: (pass: WarmPass) => void, onError: (error: unknown) => void): Promise<void> {
    this.tracking.lifetimeMs = WARMED_MS;
    const run = () => this.warm().then(onPass, onError);
    this.rewarm = run;
    this.warmTimer ??= setInterval(() => void run(), WARM_EVERY_MS);
    this.warmTimer.unref();
    return run();
  }

  private async warmPass(pageSize: number): Promise<WarmPass> {
    const started = Date.now();
    const room = this.ctx.env.TRACKING_CACHE_ENTRIES;
    const packed = this.tracking.packed;
    packed.beginPass();
    let after: string | null = null;
    let trips = 0;
    let allRead = false;
    try {
      while (!this.stopped && trips < room) {
        const began = this.tracking.beginFill();
        let rows: PublicTripRow[];
        try {
          rows = await findPublicTripsPage(this.ctx.db, after, Math.min(pageSize, room - trips));
        } catch (error) {
          this.tracking.abandonFill();
          throw error;
        }
        const now = Date.now();
        const docs: { key: string; doc: PublicDocument }[] = [];
        for (const row of rows) {
          const doc = publicTrackingDocument(row, now);
          // An expired link keeps no room: its few lookups load the expiry message on demand.
          if (!(doc instanceof EndedTrackingLinkError)) docs.push({ key: row.trackingId, doc });
        }
        this.tracking.fill(began, docs);
        trips += rows.length;
        const last = rows.at(-1);
        if (last === undefined || (rows.length < pageSize && trips < room)) {
          allRead = true;
          break;
        }
        after = last.tripId;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      // A pass that read up to the room is served too (the rest load on demand); a failed or stopped one is not.
      packed.endPass(!this.stopped && (allRead || trips >= room), WARMED_MS);
    }
    return { trips, ms: Date.now() - started, complete: allRead };
  }

  stop(): void {
    this.stopped = true;
    this.rewarm = null;
    if (this.warmTimer !== null) clearInterval(this.warmTimer);
    this.warmTimer = null;
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
  }

  /** A trip changed here: drop its answers now, without waiting for the announcement to come back. */
  forgetTrip(tripId: string, customerCompanyId: string | null): void {
    this.tracking.changed(tripId);
    if (customerCompanyId) this.ongoing.changed(customerCompanyId);
  }

  forgetCompany(companyId: string): void {
    this.ongoing.changed(companyId);
  }

  clear(): void {
    this.tracking.clear();
    this.ongoing.clear();
  }
}

const caches = new WeakMap<AppContext, TrackingCache>();

/** This app's cache, made on first use. */
export function trackingCacheOf(ctx: AppContext): TrackingCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new TrackingCache(ctx);
    caches.set(ctx, cache);
  }
  return cache;
}

/** The tracking page of `trackingId`, from memory when it is there (for the live-events stream, too). */
export async function cachedPublicTracking(ctx: AppContext, trackingId: string): Promise<PublicDocument> {
  return trackingCacheOf(ctx).tracking.lookup(trackingId);
}

/** The ongoing-trips table of `shareId`, from memory when it is there. */
export async function cachedOngoingTrips(ctx: AppContext, shareId: string): Promise<PublicDocument> {
  return trackingCacheOf(ctx).ongoing.lookup(shareId);
}
