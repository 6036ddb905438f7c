import { tripIdParams, tripRecordCheckSchema } from '@freightlane/domain';
import type { AppContext } from '../../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../../lib/route-kit';
import { principalOf, requireAuth } from '../../../plugins/auth';
import { loadTripFor } from '../trip-access.service';
import { checkTripRecord } from './trip-record.service';

export function tripRecordRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/trips/:id/record',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['Trip record'],
        summary: "Check the trip's tamper-evident record now: intact, or where it broke",
        description:
          "Either company on the trip, or an admin. The chain's head is the hash the delivery dossier prints.",
        security: bearerSecurity,
        params: tripIdParams,
        response: { 200: tripRecordCheckSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { trip } = await loadTripFor(ctx.db, principalOf(request), request.params.id);
      return checkTripRecord(ctx.db, trip.id);
    },
  );
}
