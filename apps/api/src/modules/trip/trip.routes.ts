import { tripListQuery, tripPage } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { listTripsFor } from './trip.service';

const tags = ['Trips'];

export function tripRoutes(app: ZodApp, ctx: AppContext): void {
  // The spec calls both /api/v1/trips and /api/v1/trips/; the router ignores the trailing slash.
  app.get(
    '/api/v1/trips',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'Trips you may see, most recently moved first; filter by completion, start, status or text',
        security: bearerSecurity,
        querystring: tripListQuery,
        response: { 200: tripPage, ...errorResponses(400, 401) },
      },
    },
    async (request) => listTripsFor(ctx, principalOf(request), request.query),
  );
}
