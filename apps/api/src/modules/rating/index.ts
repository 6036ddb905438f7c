import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { ratingRoutes } from './rating.routes';

// Trip ratings: after delivery each side of a trip rates the other; the back office hides abusive comments.

export function registerRating(app: ZodApp, ctx: AppContext): void {
  ratingRoutes(app, ctx);
}

export { ratingSummaries } from './rating.repository';
export type { RatingSummary } from './rating.repository';
