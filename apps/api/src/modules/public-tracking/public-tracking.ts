import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { PublicLimits } from './public-limits';
import { PublicTrackingCache } from './public-tracking-cache.service';
import { PublicTrackingFastLane } from './public-tracking-fast-lane';

/** What the public pages need of the app. */
export type PublicTrackingDeps = Pick<AppContext, 'env' | 'db' | 'database' | 'tripEvents'>;

/**
 * The state of one app's public pages: their answers in memory, the per-IP limits and the fast lane that
 * answers from memory before fastify. Built with the app and carried on its context, so two apps in one
 * process (tests, two instances) never share a cached answer or a count.
 */
export class PublicTracking {
  readonly cache: PublicTrackingCache;
  readonly limits: PublicLimits;
  readonly fastLane: PublicTrackingFastLane;

  constructor(deps: PublicTrackingDeps, log: FastifyBaseLogger) {
    // Made before any route or stream listens to trip changes: TripEvents tells listeners in the order
    // they came, so the cache drops a stale answer before a stream reloads it.
    this.cache = new PublicTrackingCache(deps);
    this.limits = new PublicLimits(deps);
    this.fastLane = new PublicTrackingFastLane(this.cache, this.limits, deps.env, log);
  }

  stop(): void {
    this.cache.stop();
    this.limits.stop();
  }
}
