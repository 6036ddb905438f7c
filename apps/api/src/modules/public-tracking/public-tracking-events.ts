import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { TripChange } from '../../plugins/trip-events';
import { eventFrame, STREAM_HEADERS } from '../../lib/server-sent-events';
import { trackingLinkExpiredMessage, type PublicDocument } from './public-tracking.service';

/**
 * Live public pages over Server-Sent Events. A stream follows one public document (a tracking page or a
 * customer's ongoing table): it sends the document once, then again whenever a committed trip change
 * (ctx.tripEvents, LISTEN/NOTIFY on PostgreSQL) altered it, and `gone` when the link stops working.
 */

/** The browser's EventSource waits this long before reconnecting after a network drop. */
export const RECONNECT_DELAY_MS = 2000;
/** Proxies and phone networks close connections that stay silent; a comment line every 20 s keeps it open. */
export const HEARTBEAT_MS = 20_000;
/** Open streams one address may hold on one instance: a page per tab is plenty, a scraper is capped. */
export const MAX_STREAMS_PER_IP = 20;
/** A client that stopped reading: past this much unsent data the stream is dropped rather than buffered. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** setTimeout cannot wait longer than about 24.8 days; a later expiry is re-armed when this fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type LiveEventName = 'trip' | 'trips';

export interface LiveStreamOptions {
  heartbeatMs?: number;
  maxStreamsPerIp?: number;
}

/**
 * The open streams of this instance: per-address caps, and ending them all when the app closes (an open
 * response would otherwise keep the server from closing).
 */
export class LiveStreams {
  private readonly open = new Set<LiveStream>();
  private readonly perIp = new Map<string, number>();
  readonly heartbeatMs: number;
  readonly maxStreamsPerIp: number;

  constructor(options: LiveStreamOptions = {}) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.maxStreamsPerIp = options.maxStreamsPerIp ?? MAX_STREAMS_PER_IP;
  }

  get size(): number {
    return this.open.size;
  }

  /** Reloads the streams of one company's ongoing table, bypassing what is kept in memory. */
  companyChanged(companyId: string): void {
    for (const stream of this.open) if (stream.followsCompany(companyId)) stream.refresh(true);
  }

  /** Holds a place for `ip`, or refuses with 429; the answer frees it again (call it exactly once). */
  reserve(ip: string): () => void {
    const held = this.perIp.get(ip) ?? 0;
    if (held >= this.maxStreamsPerIp) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many live pages are open from your network. Close some tabs and try again.',
        { retryAfterSeconds: RECONNECT_DELAY_MS / 1000 },
      );
    }
    this.perIp.set(ip, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.perIp.get(ip) ?? 1) - 1;
      if (left <= 0) this.perIp.delete(ip);
      else this.perIp.set(ip, left);
    };
  }

  add(stream: LiveStream): void {
    this.open.add(stream);
  }

  remove(stream: LiveStream): void {
    this.open.delete(stream);
  }

  /** Ends every open stream (the app is closing); clients reconnect to another instance. */
  endAll(): void {
    for (const stream of [...this.open]) stream.close();
  }
}

export interface LiveStreamSetup {
  ctx: AppContext;
  streams: LiveStreams;
  /**
   * The document as the public endpoint answers it (from memory when kept there, or straight from the
   * database when `fresh`); NOT_FOUND once the link stopped working.
   */
  load: (fresh: boolean) => Promise<PublicDocument>;
  event: LiveEventName;
  /** What decides which changes concern the stream: one company's trips, or the document's trips. */
  follow: 'trips' | 'company';
  res: ServerResponse;
  /** The Last-Event-ID the browser sent on reconnecting: the etag of the document it already shows. */
  lastEventId: string | undefined;
  release: () => void;
  log: FastifyBaseLogger;
}

/**
 * Loads the document, then turns the response into a stream that follows it. Changes heard while the
 * first load ran are kept and replayed, so a change committed just after the load's snapshot is not lost.
 */
export async function startLiveStream(setup: LiveStreamSetup, hijack: () => void): Promise<void> {
  const heardMeanwhile: TripChange[] = [];
  let resyncedMeanwhile = false;
  const stopHearing = setup.ctx.tripEvents.onAnyChange((change) => heardMeanwhile.push(change));
  const stopResync = setup.ctx.tripEvents.onResync(() => {
    resyncedMeanwhile = true;
  });
  let document: PublicDocument;
  try {
    document = await setup.load(false);
  } catch (err) {
    setup.release();
    throw err;
  } finally {
    stopHearing();
    stopResync();
  }
  hijack();
  const stream = new LiveStream(setup, document);
  stream.open(setup.lastEventId);
  if (resyncedMeanwhile || heardMeanwhile.some((change) => stream.concerns(change))) stream.refresh();
}

export class LiveStream {
  private etag: string;
  private closed = false;
  private reloading = false;
  private reloadQueued = false;
  private queuedFresh = false;
  private wakeAtMs: number | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly unsubscribes: (() => void)[] = [];

  constructor(
    private readonly setup: LiveStreamSetup,
    private document: PublicDocument,
  ) {
    this.etag = document.etag;
  }

  /** Whether a change may alter this stream's document. */
  concerns(change: TripChange): boolean {
    if (this.setup.follow === 'company') {
      return change.customerCompanyId !== null && change.customerCompanyId === this.document.companyId;
    }
    return this.document.tripIds.includes(change.tripId);
  }

  /** Whether this is an ongoing table, of `companyId` when one is given. */
  followsCompany(companyId: string | null): boolean {
    return this.setup.follow === 'company' && (companyId === null || this.document.companyId === companyId);
  }

  open(lastEventId: string | undefined): void {
    const { res, streams, ctx } = this.setup;
    streams.add(this);
    res.on('close', () => this.close());
    res.on('error', () => this.close());
    // The page went away while the document loaded: its 'close' has come and gone already.
    if (!res.socket || res.socket.destroyed) {
      this.close();
      return;
    }
    res.writeHead(200, STREAM_HEADERS);
    let first = `retry: ${RECONNECT_DELAY_MS}\n\n`;
    // A reconnecting page that already shows this version needs no copy of it.
    if (lastEventId !== this.etag) first += eventFrame(this.setup.event, this.document.body, this.etag);
    this.write(first);

    const refresh = () => this.refresh();
    if (this.setup.follow === 'company' && this.document.companyId) {
      this.unsubscribes.push(ctx.tripEvents.onCompany(this.document.companyId, refresh));
    } else {
      for (const tripId of this.document.tripIds)
        this.unsubscribes.push(ctx.tripEvents.onTrip(tripId, refresh));
    }
    this.unsubscribes.push(ctx.tripEvents.onResync(refresh));
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), streams.heartbeatMs);
    this.armWake(this.document);
  }

  /**
   * Reloads the document and sends it when it changed. Bursts (a status change touches the trip, its log
   * and its consignment) coalesce: one reload runs at a time and at most one more waits behind it.
   */
  refresh(fresh = false): void {
    if (this.closed) return;
    if (this.reloading) {
      this.reloadQueued = true;
      this.queuedFresh ||= fresh;
      return;
    }
    this.reloading = true;
    void this.reloadUntilSettled(fresh).finally(() => {
      this.reloading = false;
    });
  }

  private async reloadUntilSettled(fresh: boolean): Promise<void> {
    await this.reloadOnce(fresh);
    while (this.reloadQueued && !this.closed) {
      const queuedFresh = this.queuedFresh;
      this.reloadQueued = false;
      this.queuedFresh = false;
      await this.reloadOnce(queuedFresh);
    }
  }

  private async reloadOnce(fresh: boolean): Promise<void> {
    let document: PublicDocument;
    try {
      document = await this.setup.load(fresh);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        this.gone(err.message);
        return;
      }
      // A passing failure (the database restarting): the next change or resync reloads again.
      this.setup.log.warn({ err }, 'reloading a live public page failed');
      return;
    }
    if (this.closed) return;
    // The timer fired but the answer still came (the database clock lags this one): it expired all the same.
    if (document.expiresAt && document.expiresAt.getTime() <= Date.now()) {
      this.gone(trackingLinkExpiredMessage(document.expiresAt));
      return;
    }
    this.document = document;
    this.armWake(document);
    if (document.etag === this.etag) return;
    this.etag = document.etag;
    this.write(eventFrame(this.setup.event, document.body, document.etag));
  }

  /**
   * Reloads when the clock alone changes the answer: the link's expiry passing (the reload answers NOT_FOUND
   * and the page is told it is gone), or the document's refresh time (a truck seen again in the same place
   * announces no trip change).
   */
  private armWake(document: PublicDocument): void {
    const times = [document.expiresAt, document.refreshAt].flatMap((d) => (d ? [d.getTime()] : []));
    const at = times.length > 0 ? Math.min(...times) : null;
    if (at === this.wakeAtMs && (this.wakeTimer || at === null)) return;
    this.wakeAtMs = at;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    if (at === null) return;
    // A few milliseconds late rather than early: the reload must already see the link as expired, and the
    // kept answer as stale.
    const delay = Math.min(Math.max(at - Date.now() + 25, 0), MAX_TIMER_MS);
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.refresh();
    }, delay);
  }

  private gone(message: string): void {
    if (this.closed) return;
    this.write(eventFrame('gone', JSON.stringify({ message })));
    this.close();
  }

  private write(chunk: string): void {
    const { res } = this.setup;
    if (this.closed || res.writableEnded) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    res.write(chunk);
  }

  /** Ends the response and lets go of every listener and timer; safe to call more than once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.heartbeat = null;
    this.wakeTimer = null;
    this.setup.streams.remove(this);
    this.setup.release();
    if (!this.setup.res.writableEnded) this.setup.res.end();
  }
}
