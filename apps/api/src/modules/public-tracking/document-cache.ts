import type { AppError } from '../../errors';
import { ChangeClock } from '../../lib/change-clock';
import { OwnedLru } from './owned-lru';
import { PackedAnswers } from './packed-answers';
import type { Answer } from './packed-generation';
import {
  EndedTrackingLinkError,
  UnknownPublicLinkError,
  isPublicLinkId,
  type PublicDocument,
} from './public-tracking.service';

/** The safety net of an answer loaded on demand: it is reloaded after this long even if no change was heard. */
export const FRESH_MS = 30_000;
/** "Not found" is kept briefly, so a scraper repeating unknown ids does not reach the database each time. */
export const NOT_FOUND_MS = 5_000;

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
          const refreshAt = doc.refreshAt?.getTime() ?? Number.POSITIVE_INFINITY;
          this.lru.set(key, {
            doc,
            error: null,
            deadline: Math.min(now + this.lifetimeMs, expiresAt, refreshAt),
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
