import type { AppContext } from '../../context';
import { DocumentCache } from './document-cache';
import { findPublicTripsPage, type PublicTripRow } from './public-tracking.repository';
import {
  EndedTrackingLinkError,
  ONGOING_LINK_NOT_FOUND,
  TRIP_NOT_FOUND,
  UnknownPublicLinkError,
  loadOngoingTrips,
  loadPublicTracking,
  publicTrackingDocument,
  type PublicDocument,
} from './public-tracking.service';

/**
 * The public pages' answers, kept in memory per API instance so a page that thousands of people refresh
 * costs a Map lookup, not a query. Freshness comes from the database: every committed change to a trip
 * (status, issue, consignment, position, tracking id, expiry) is announced on trip_changed and drops what
 * showed that trip; a lost LISTEN connection drops everything. An answer is never served past its link's
 * expiry, and each has a safety-net lifetime should an announcement ever be missed.
 *
 * Loaded on demand, an answer lives 30 seconds. Kept warm (the production server does it), the tracking
 * answers of the trips people track are loaded in pages at start and again every WARM_EVERY_MS, and live
 * until the pass after next: then no lookup of a trip on the road, booked or lately ended waits for the
 * database at all. A trip that ended long ago is read on demand, like a new one.
 */

/** How often the warm read model reloads every trip's answer (its safety net). */
export const WARM_EVERY_MS = 15 * 60_000;
/** A warmed answer outlives one pass, so a slow or failed pass never leaves trips to the database. */
export const WARMED_MS = 2 * WARM_EVERY_MS + 60_000;
/** Trips per query while warming: big enough to be cheap per trip, small enough to keep requests flowing. */
export const WARM_PAGE = 1_000;
/**
 * A trip completed or cancelled longer ago than this is no longer in the warm read model: its link is
 * rarely opened any more, and in a busy installation such trips are most of the table, so keeping them
 * would multiply the model's memory for lookups that hardly come.
 */
export const TRACKED_AFTER_ENDING_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
/** Ongoing tables are few (one per customer company that shares one) and larger; they get their own room. */
const ONGOING_ENTRIES = 2_000;
/**
 * Tracking answers loaded on demand: new or just-changed trips, expiring links, unknown ids. Kept apart
 * from the read model's room, which is sized to the trips: these are on the V8 heap, about 1 KB each, and
 * unknown ids a scraper spread over many addresses sends must not grow the heap with the read model's room.
 */
const ON_DEMAND_ENTRIES = 50_000;

/** What the public answers need of the app: its database, its settings and the trip changes it hears. */
export type TrackingCacheDeps = Pick<AppContext, 'env' | 'db' | 'tripEvents'>;

/** What one warming pass did. */
export interface WarmPass {
  trips: number;
  ms: number;
  /** False when the tracked trips outnumber the cache's room: the rest are loaded on demand. */
  complete: boolean;
}

/** The public answers of one app: tracking pages by tracking id, ongoing tables by share id. */
export class PublicTrackingCache {
  readonly tracking: DocumentCache;
  readonly ongoing: DocumentCache;
  private readonly unsubscribe: (() => void)[] = [];
  private warming: Promise<WarmPass> | null = null;
  private warmTimer: NodeJS.Timeout | null = null;
  /** A pass reported to keepWarm's callbacks; null until the read model is kept warm. */
  private rewarm: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(private readonly ctx: TrackingCacheDeps) {
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
   * Loads the tracking answer of every trip people track (up to the cache's room), a page of trips per
   * query, yielding to requests between pages. A pass already running is shared.
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
    const endedAfter = new Date(started - TRACKED_AFTER_ENDING_DAYS * DAY_MS);
    let after: string | null = null;
    let trips = 0;
    let allRead = false;
    try {
      while (!this.stopped && trips < room) {
        const began = this.tracking.beginFill();
        let rows: PublicTripRow[];
        try {
          rows = await findPublicTripsPage(this.ctx.db, {
            afterTripId: after,
            endedAfter,
            limit: Math.min(pageSize, room - trips),
          });
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

  /** The tracking page of `trackingId`, from memory when it is there (for the live-events stream, too). */
  async trackingPage(trackingId: string): Promise<PublicDocument> {
    return this.tracking.lookup(trackingId);
  }

  /** The ongoing-trips table of `shareId`, from memory when it is there. */
  async ongoingTable(shareId: string): Promise<PublicDocument> {
    return this.ongoing.lookup(shareId);
  }

  forgetCompany(companyId: string): void {
    this.ongoing.changed(companyId);
  }

  clear(): void {
    this.tracking.clear();
    this.ongoing.clear();
  }
}
