import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../errors';

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
    const result = await this.db.execute(sql`
      INSERT INTO rate_limit_hits (key, window_start, count) VALUES (${key}, ${windowStart.toISOString()}, 1)
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_hits.count + 1
      RETURNING count`);
    const count = Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
    if (count > limit.max) throw this.refusal(windowEnd);
  }

  /** Refuses when the window is full, without counting: for limits that count only failures. */
  async check(limit: Limit, subject: string): Promise<void> {
    if (!this.enabled) return;
    const { key, windowStart, windowEnd } = this.window(limit, subject);
    const result = await this.db.execute(
      sql`SELECT count FROM rate_limit_hits WHERE key = ${key} AND window_start = ${windowStart.toISOString()}`,
    );
    const count = Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
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
      undefined,
      retryAfter,
    );
  }

  /** Drops windows that ended long ago. */
  async prune(): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limit_hits WHERE window_start < now() - interval '2 days'`);
  }
}
