import { trackingIdParams, tripRecordCheckSchema } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { acceptParams, errorResponses, type ZodApp } from '../../lib/route-kit';
import { checkTripRecord } from '../trip';

/**
 * The check of a tracked trip's record (decision 049), asked for by the tracking page after it shows the
 * trip: apart from the tracking answer, which the read model serves without the database, as the check
 * reads the trip's whole record each time ("checked now").
 */
export function publicRecordRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/trips/open-access/:trackingId/record',
    {
      validatorCompiler: acceptParams,
      schema: {
        tags: ['Public tracking'],
        summary: "Check the tracked trip's record now: intact, or where it broke",
        description:
          'Public: no sign-in, the same link as the tracking page (404 for an unknown, revoked or expired ' +
          'one). Rate-limited per IP like the tracking page.',
        params: trackingIdParams,
        response: { 200: tripRecordCheckSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const { limits, fastLane, cache } = ctx.publicTracking;
      const refused = fastLane.refusal(request.raw);
      if (refused !== undefined) throw refused;
      limits.allow(request.ip);
      let tripId: string;
      try {
        tripId = (await cache.tracking.lookup(request.params.trackingId)).tripIds[0]!;
      } catch (error) {
        limits.lookupFailed(request.ip, error);
        throw error;
      }
      reply.header('cache-control', 'no-store');
      return checkTripRecord(ctx.db, tripId);
    },
  );
}
