import { tripMapQuery, tripMapResponse } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { tripMapFor } from './trip-map.service';

export function tripMapRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/trips/map',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['Trips'],
        summary: 'Live trips you may see, with where each was last reported and its truck',
        security: bearerSecurity,
        querystring: tripMapQuery,
        response: { 200: tripMapResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => tripMapFor(ctx, principalOf(request), request.query),
  );
}
