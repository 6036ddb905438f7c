import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { ongoingLinkRoutes } from './ongoing-link.routes';
import type { PublicTracking } from './public-tracking';
import { publicTrackingEventRoutes } from './public-tracking-events.routes';
import { publicRecordRoutes } from './public-record.routes';
import { publicTrackingRoutes } from './public-tracking.routes';
import { trackingLinkRoutes } from './tracking-link.routes';

// Public tracking: the pages anyone with a link opens (a trip by its tracking id, a customer's ongoing
// trips), their live events, and the links' expiry and rotation. GPS itself is telematics.

declare module '../../context' {
  interface AppContext {
    /** The public pages' answers in memory, their per-IP limits and their fast lane. */
    publicTracking: PublicTracking;
  }
}

export function registerPublicTracking(app: ZodApp, ctx: AppContext): void {
  publicTrackingRoutes(app, ctx);
  publicRecordRoutes(app, ctx);
  trackingLinkRoutes(app, ctx);
  publicTrackingEventRoutes(app, ctx);
  ongoingLinkRoutes(app, ctx);
}

export { PublicTracking } from './public-tracking';
