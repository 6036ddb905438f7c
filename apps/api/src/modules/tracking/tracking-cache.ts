import type { AppContext } from '../../context';
import type { AppError } from '../../errors';
import {
  EndedTrackingLinkError,
  ONGOING_LINK_NOT_FOUND,
  TRIP_NOT_FOUND,
  UnknownPublicLinkError,
  isPublicLinkId,
  loadOngoingTrips,
  loadPublicTracking,
  type PublicDocument,
} from './tracking.service';

/**
 * The public pages' answers, kept in memory per API instance so a page that thousands of people refresh
 * costs a Map lookup, not a query. Freshness comes from the database: every committed change to a trip
 * (status, issue, consignment, position, tracking id, expiry) is announced on trip_changed and drops what
 * showed that trip; a lost LISTEN connection drops everything. Each answer also lives at most 30 seconds,
 * a safety net should an announcement ever be missed, and never past its link's expiry.
 */

/** The safety net: an answer is reloaded after this long even if no change was heard. */
export const FRESH_MS = 30_000;
/** "Not found" is kept briefly, so a scraper repeating unknown ids does not reach the database each time. */
export const NOT_FOUND_MS = 5_000;
/** Ongoing tables are few (one per customer company that shares one) and larger; they get their own room. */
const ONGOING_ENTRIES = 2_000;

interface Entry {
  doc: PublicDocument | null;
  error: AppError | null;
  /** Epoch ms after which the entry is not served. */
  deadline: number;
  /** The trip (tracking pages) or company (ongoing tables) whose changes make it stale. */
  owner: string | null;
}

/**
 * A least-recently-used map (a Map keeps insertion order; a hit moves its key to the end) with an index of
 * each owner's keys, so a change drops exactly the answers that showed it.
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
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Entry): void {
    if (this.capacity <= 0) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) this.remove(key, previous);
    this.entries.set(key, entry);
    if (entry.owner !== null) this.link(entry.owner, key);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest, this.entries.get(oldest)!);
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
    this.running--;
    let stale = began < this.checkableFrom;
    if (!stale && began !== this.seq) {
      for (const owner of owners) {
        const at = this.changedAt.get(owner);
        if (at !== undefined && at > began) stale = true;
      }
    }
    if (this.running === 0) this.changedAt.clear();
    return stale;
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
    const entry = this.lru.get(key, Date.now());
    if (entry !== undefined) {
      this.hits++;
      if (entry.doc !== null) return entry.doc;
      throw entry.error;
    }
    if (!isPublicLinkId(key)) throw this.policy.malformed;
    this.misses++;
    return this.loading.get(key) ?? this.load(key);
  }

  /** Drops what showed `owner`, and forgets loads now running (they may have read the old state). */
  changed(owner: string): void {
    this.clock.changed(owner);
    this.lru.dropOwner(owner);
    this.loading.clear();
  }

  clear(): void {
    this.clock.everythingChanged();
    this.lru.clear();
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
          this.lru.set(key, { doc, error: null, deadline: Math.min(now + FRESH_MS, expiresAt), owner });
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

/** The public answers of one app: tracking pages by tracking id, ongoing tables by share id. */
export class TrackingCache {
  readonly tracking: DocumentCache;
  readonly ongoing: DocumentCache;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly ctx: AppContext) {
    const capacity = ctx.env.TRACKING_CACHE_ENTRIES;
    this.tracking = new DocumentCache({
      capacity,
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
      ctx.tripEvents.onResync(() => this.clear()),
    );
  }

  stop(): void {
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
