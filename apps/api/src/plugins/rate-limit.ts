import type { Db } from '../db/client';
import { AppError } from '../errors';
import { addHits, countHit, pruneHits, readHits } from '../queries/rate-limit.repository';

export interface Limit {
  /** What the limit protects, used in the key and the message. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every API instance shares them.
 * Each hit is one upsert on (key, window) that returns the new count.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly enabled: boolean,
  ) {}

  /** Counts one attempt and refuses it when the window already holds `max`. */
  async hit(limit: Limit, subject: string): Promise<void> {
    if (!this.enabled) return;
    const { key, windowStart, windowEnd } = this.window(limit, subject);
    const count = await countHit(this.db, key, windowStart);
    if (count > limit.max) throw this.refusal(windowEnd);
  }

  /** Refuses when the window is full, without counting: for limits that count only failures. */
  async check(limit: Limit, subject: string): Promise<void> {
    if (!this.enabled) return;
    const { key, windowStart, windowEnd } = this.window(limit, subject);
    const count = await readHits(this.db, key, windowStart);
    if (count >= limit.max) throw this.refusal(windowEnd);
  }

  private window(limit: Limit, subject: string) {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    return {
      key: `${limit.name}:${subject.toLowerCase()}`,
      windowStart,
      windowEnd: windowStart.getTime() + windowMs,
    };
  }

  private refusal(windowEnd: number): AppError {
    const retryAfter = Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    return new AppError(
      'RATE_LIMITED',
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { retryAfterSeconds: retryAfter },
    );
  }

  /** Drops windows that ended long ago. */
  async prune(): Promise<void> {
    await pruneHits(this.db);
  }
}

interface WindowCount {
  windowStart: number;
  /** Hits counted on this instance and not yet added to the shared row. */
  unflushed: number;
  /** The shared row's count at the last flush: every instance's hits in this window, ours included. */
  shared: number;
}

/** How many keys one flush statement upserts at most. */
const FLUSH_BATCH = 500;

/**
 * A fixed-window limit for hot public endpoints, counted in memory and shared through PostgreSQL.
 *
 * A request costs a Map lookup: each instance counts its own hits per key and window, and once a second
 * adds them to rate_limit_hits (one multi-row upsert, one row per active key, RETURNING the shared total).
 * A key is refused when the shared total it last saw plus its own unflushed hits reach `max`. So every
 * instance enforces the same limit with at most about one flush of lag, and the database sees one write
 * per active key per second instead of one per request.
 *
 * Not `shared`, it only counts in memory: for an embedded database (PGlite), which one process owns, so
 * there is no other instance to share with, and a write a second would only stall the event loop that
 * runs the database's engine.
 */
export class SharedWindowLimiter {
  private readonly counts = new Map<string, WindowCount>();
  private readonly windowMs: number;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly enabled: boolean,
    readonly limit: Limit,
    /** The refusal's message, given how many seconds are left in the window. */
    private readonly message: (retryAfterSeconds: number) => string,
    private readonly flushEveryMs = 1000,
    private readonly shared = true,
  ) {
    this.windowMs = limit.windowSeconds * 1000;
  }

  /** Counts one request for `subject` and refuses it (429) when the window is already full. */
  hit(subject: string, now: number = Date.now()): void {
    if (!this.enabled) return;
    const count = this.countOf(subject, now);
    if (count.shared + count.unflushed >= this.limit.max) throw this.refusal(count, now);
    count.unflushed++;
    if (this.timer === null) this.startFlushing();
  }

  /** Counts one event without refusing it: for limits on failures, which `check` then enforces. */
  count(subject: string, now: number = Date.now()): void {
    if (!this.enabled) return;
    this.countOf(subject, now).unflushed++;
    if (this.timer === null) this.startFlushing();
  }

  /** Refuses (429) when the window is full, without counting. */
  check(subject: string, now: number = Date.now()): void {
    if (!this.enabled) return;
    const count = this.counts.get(subject);
    if (count === undefined || count.windowStart !== now - (now % this.windowMs)) return;
    if (count.shared + count.unflushed >= this.limit.max) throw this.refusal(count, now);
  }

  /**
   * Adds the unflushed hits to the shared rows and learns each key's shared total. Keys are written in
   * sorted order, so two instances flushing overlapping keys lock the rows in the same order and never
   * deadlock. A failed flush keeps its hits for the next one.
   */
  flush(): Promise<void> {
    this.flushing ??= this.flushOnce().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Stops the flush timer (the app is closing). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private countOf(subject: string, now: number): WindowCount {
    const windowStart = now - (now % this.windowMs);
    let count = this.counts.get(subject);
    if (count === undefined) {
      count = { windowStart, unflushed: 0, shared: 0 };
      this.counts.set(subject, count);
    } else if (count.windowStart !== windowStart) {
      // A new window: what was not flushed of the old one no longer limits anything.
      count.windowStart = windowStart;
      count.unflushed = 0;
      count.shared = 0;
    }
    return count;
  }

  private startFlushing(): void {
    // Unref'd: a limiter never keeps the process alive; it stops itself once nothing is left to count.
    this.timer = setInterval(() => void this.flush().catch(() => undefined), this.flushEveryMs);
    this.timer.unref();
  }

  private async flushOnce(): Promise<void> {
    const now = Date.now();
    const current = now - (now % this.windowMs);
    const pending: { subject: string; count: WindowCount; windowStart: number; sent: number }[] = [];
    for (const [subject, count] of this.counts) {
      if (count.windowStart !== current) this.counts.delete(subject);
      else if (count.unflushed > 0) {
        pending.push({ subject, count, windowStart: count.windowStart, sent: count.unflushed });
      }
    }
    if (this.counts.size === 0) this.stop();
    if (pending.length === 0 || !this.shared) return;
    pending.sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0));
    for (let i = 0; i < pending.length; i += FLUSH_BATCH) {
      const batch = pending.slice(i, i + FLUSH_BATCH);
      const totals = await addHits(
        this.db,
        batch.map((p) => ({
          key: `${this.limit.name}:${p.subject}`,
          windowStart: new Date(p.windowStart),
          hits: p.sent,
        })),
      );
      for (const p of batch) {
        // The window may have rolled over while the statement ran; the old window's total means nothing now.
        if (p.count.windowStart !== p.windowStart) continue;
        p.count.unflushed -= p.sent;
        p.count.shared = totals.get(`${this.limit.name}:${p.subject}`) ?? p.count.shared + p.sent;
      }
    }
  }

  private refusal(count: WindowCount, now: number): AppError {
    const retryAfter = Math.max(1, Math.ceil((count.windowStart + this.windowMs - now) / 1000));
    return new AppError('RATE_LIMITED', this.message(retryAfter), { retryAfterSeconds: retryAfter });
  }
}
