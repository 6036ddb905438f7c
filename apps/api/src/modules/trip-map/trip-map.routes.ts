import { mapSettingsSchema, tripMapQuery, tripMapResponse } from '@freightlane/domain';
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

  app.get(
    '/api/v1/map-settings',
    {
      schema: {
        tags: ['Trips'],
        summary: 'The map tiles of this installation (MAP_TILE_URL), for every map the web app draws',
        response: { 200: mapSettingsSchema },
      },
    },
    async () => ({ tileUrl: ctx.env.MAP_TILE_URL, attribution: ctx.env.MAP_TILE_ATTRIBUTION }),
  );
}
