import { mapSettingsSchema, tripMapQuery, tripMapResponse } from '@freightlane/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { acceptsGzip, etagMatches, JSON_UTF8 } from '../../lib/http-cache';
import type { MapAnswer } from './trip-map-cache';
import { tripMapFor } from './trip-map.service';

/**
 * The map as built: a 304 while the page's copy is current (the page asks again every few seconds), else
 * the JSON bytes, gzipped for every browser (a phone on a slow network most of all). Bytes with a JSON type
 * skip the response serializer: the answer was checked against the contract when it was built.
 */
function sendMap(request: FastifyRequest, reply: FastifyReply, map: MapAnswer): FastifyReply {
  reply.header('etag', map.etag);
  reply.header('cache-control', 'private, no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, map.etag)) return reply.code(304).send();
  reply.header('content-type', JSON_UTF8).header('vary', 'accept-encoding');
  if (acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(map.gzipped);
  }
  return reply.send(map.body);
}

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
    async (request, reply) =>
      sendMap(request, reply, await tripMapFor(ctx, principalOf(request), request.query)),
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
