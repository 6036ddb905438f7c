import type { AppContext } from '../../context';
import { SharedWindowLimiter } from '../../plugins/rate-limit';
import { UnknownPublicLinkError } from './public-tracking.service';

const PUBLIC_LIMIT_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/** What the public limits need of the app: its database (where instances share counts) and settings. */
export type PublicLimitsDeps = Pick<AppContext, 'env' | 'db' | 'database'>;

/**
 * The per-IP limits of the public endpoints of one app: requests a minute, and unknown ids (guesses) in
 * ten minutes.
 */
export class PublicLimits {
  readonly requests: SharedWindowLimiter;
  readonly misses: SharedWindowLimiter;

  constructor({ env, db, database }: PublicLimitsDeps) {
    // Instances share counts through PostgreSQL; an embedded database has one instance, its own.
    const shared = database.kind === 'postgres';
    this.requests = new SharedWindowLimiter(
      db,
      env.RATE_LIMIT_ENABLED,
      { name: 'public', max: env.PUBLIC_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 },
      () => PUBLIC_LIMIT_MESSAGE,
      1000,
      shared,
    );
    this.misses = new SharedWindowLimiter(
      db,
      env.RATE_LIMIT_ENABLED,
      { name: 'public-miss', max: env.PUBLIC_MISS_LIMIT_PER_10_MINUTES, windowSeconds: 600 },
      (retryAfter) => {
        const minutes = Math.ceil(retryAfter / 60);
        return minutes <= 1
          ? PUBLIC_LIMIT_MESSAGE
          : `Too many requests. Please wait ${minutes} minutes and try again.`;
      },
      1000,
      shared,
    );
  }

  /**
   * Lets a public request through or throws RATE_LIMITED (429, with retry-after). An IP that guessed too
   * many unknown ids is refused every public lookup for the rest of that window, not only further misses:
   * otherwise a 200 among the 429s would still tell it which guess was right.
   */
  allow(ip: string): void {
    this.misses.check(ip);
    this.requests.hit(ip);
  }

  /** Counts a lookup that failed; only unknown ids count as guesses (a revoked or expired link was given). */
  lookupFailed(ip: string, error: unknown): void {
    if (error instanceof UnknownPublicLinkError) this.misses.count(ip);
  }

  /** Both limiters, for tests that flush them. */
  get limiters(): readonly SharedWindowLimiter[] {
    return [this.requests, this.misses];
  }

  stop(): void {
    for (const limiter of this.limiters) limiter.stop();
  }
}
