import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import type { TripMapCache } from './trip-map-cache';
import { tripMapRoutes } from './trip-map.routes';

// The live map of a company's ongoing trips, and its settings.

declare module '../../context' {
  interface AppContext {
    /** Each company's live map answer, reused for a few seconds. */
    tripMaps: TripMapCache;
  }
}

export function registerTripMap(app: ZodApp, ctx: AppContext): void {
  tripMapRoutes(app, ctx);
}

export { TripMapCache } from './trip-map-cache';
