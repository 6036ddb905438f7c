import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ongoingTripsResponse,
  shareIdParams,
  trackingIdParams,
  trackingTripSchema,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { acceptParams, errorResponses, type ZodApp } from '../../lib/route-kit';
import { etagMatches, JSON_UTF8 } from '../../lib/http-cache';
import { JSON_SECURITY_HEADERS, JSON_SECURITY_HEADERS_OVER_HTTPS } from '../../lib/json-security-headers';
import { PUBLIC_CACHE_CONTROL } from './public-response';
import type { DocumentCache } from './document-cache';
import type { PublicDocument } from './public-tracking.service';

const tags = ['Public tracking'];
/**
 * Sends the document's JSON text as it is: fastify passes a string body with a JSON content type straight
 * through, so the response schema's serializer (zod parse plus JSON.stringify) never runs for it.
 */
function sendDocument(request: FastifyRequest, reply: FastifyReply, doc: PublicDocument): void {
  reply.header('etag', doc.etag);
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, doc.etag)) {
    reply.code(304).send();
    return;
  }
  reply.header('content-type', JSON_UTF8);
  reply.send(doc.body);
}

/**
 * Answers a public lookup: synchronously on a cache hit (no promise, no database, no serialisation), else
 * once the document is loaded. A failed lookup counts against the caller's miss limit when it was a guess.
 */
function answer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  documents: DocumentCache,
  key: string,
): Promise<void> | undefined {
  reply.headers(request.protocol === 'https' ? JSON_SECURITY_HEADERS_OVER_HTTPS : JSON_SECURITY_HEADERS);
  const ip = request.ip;
  // The fast lane already counted this request and refused it: say so without counting it twice.
  const { fastLane, limits } = ctx.publicTracking;
  const refused = fastLane.refusal(request.raw);
  if (refused !== undefined) throw refused;
  limits.allow(ip);
  let found: PublicDocument | Promise<PublicDocument>;
  try {
    found = documents.lookup(key);
  } catch (error) {
    limits.lookupFailed(ip, error);
    throw error;
  }
  if (found instanceof Promise) {
    return found.then(
      (doc) => sendDocument(request, reply, doc),
      (error: unknown) => {
        limits.lookupFailed(ip, error);
        throw error;
      },
    );
  }
  sendDocument(request, reply, found);
  return undefined;
}

export function publicTrackingRoutes(app: ZodApp, ctx: AppContext): void {
  const { cache } = ctx.publicTracking;

  // A static segment: the router prefers it over /open-access/:trackingId, so "ongoing" is never an id.
  app.get(
    '/api/v1/trips/open-access/ongoing/:id',
    {
      config: { securityHeaders: false },
      validatorCompiler: acceptParams,
      schema: {
        tags,
        summary: "A customer's ongoing trips, for anyone holding the company's share link",
        description:
          'Started trips that are neither completed nor cancelled, most recently moved first (at most 500). ' +
          'Public: no sign-in. Answers an ETag; send it back in If-None-Match to get 304 while unchanged. ' +
          'Rate-limited per IP; too many unknown ids lock the IP out for a while.',
        params: shareIdParams,
        response: { 200: ongoingTripsResponse, ...errorResponses(404, 429) },
      },
    },
    (request, reply) => answer(ctx, request, reply, cache.ongoing, request.params.id),
  );

  app.get(
    '/api/v1/trips/open-access/:trackingId',
    {
      config: { securityHeaders: false },
      validatorCompiler: acceptParams,
      schema: {
        tags,
        summary:
          'Track a trip by its tracking id: its order, containers, places, status steps, when it is expected ' +
          'and where the truck was last seen',
        description:
          'Public: no sign-in. The last known place is an LGA and a state, never coordinates. ' +
          '404 with a message for an unknown, revoked or expired link. Answers an ETag; ' +
          'send it back in If-None-Match to get 304 while unchanged. Rate-limited per IP; too many unknown ' +
          'ids lock the IP out for a while.',
        params: trackingIdParams,
        response: { 200: trackingTripSchema, ...errorResponses(404, 429) },
      },
    },
    (request, reply) => answer(ctx, request, reply, cache.tracking, request.params.trackingId),
  );
}
