import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ongoingTripsResponse,
  shareIdParams,
  trackingIdParams,
  trackingTripSchema,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { errorResponses, type ZodApp } from '../../lib/route-kit';
import { trackingCacheOf, type DocumentCache } from './tracking-cache';
import {
  publicLimitersOf,
  publicLookupFailed,
  publicRequestAllowed,
  type PublicDocument,
} from './tracking.service';

const tags = ['Public tracking'];
const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * The security headers a JSON answer needs, fixed once. Helmet builds its middleware anew on every request,
 * which costs these routes about half their throughput; for a JSON body its CSP and frame rules reduce to
 * "render nothing, frame nothing", so the public routes skip it and send this set instead.
 */
const PUBLIC_JSON_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/**
 * The ids are checked by the service against the id pattern, without zod: a public link is either valid
 * or not, so a malformed one answers 404 like an unknown one (not 400), and the hot path parses nothing.
 * The zod schemas stay on the routes for the OpenAPI document.
 */
const acceptParams = () => (value: unknown) => ({ value });

/** True when If-None-Match names this ETag (or is *); weak tags compare equal, as RFC 9110 asks for GET. */
function etagMatches(header: string, etag: string): boolean {
  if (header === etag || header === '*') return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/**
 * Sends the document's JSON text as it is: fastify passes a string body with a JSON content type straight
 * through, so the response schema's serializer (zod parse plus JSON.stringify) never runs for it.
 * Browsers may keep the answer but must ask again each time (no-cache); an unchanged one costs a 304.
 */
function sendDocument(request: FastifyRequest, reply: FastifyReply, doc: PublicDocument): void {
  reply.header('etag', doc.etag);
  reply.header('cache-control', 'no-cache');
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
  reply.headers(PUBLIC_JSON_HEADERS);
  const ip = request.ip;
  publicRequestAllowed(ctx, ip);
  let found: PublicDocument | Promise<PublicDocument>;
  try {
    found = documents.lookup(key);
  } catch (error) {
    publicLookupFailed(ctx, ip, error);
    throw error;
  }
  if (found instanceof Promise) {
    return found.then(
      (doc) => sendDocument(request, reply, doc),
      (error: unknown) => {
        publicLookupFailed(ctx, ip, error);
        throw error;
      },
    );
  }
  sendDocument(request, reply, found);
  return undefined;
}

export function trackingRoutes(app: ZodApp, ctx: AppContext): void {
  const cache = trackingCacheOf(ctx);
  app.addHook('onClose', async () => {
    cache.stop();
    for (const limiter of publicLimitersOf(ctx)) limiter.stop();
  });

  // A static segment: the router prefers it over /open-access/:trackingId, so "ongoing" is never an id.
  app.get(
    '/api/v1/trips/open-access/ongoing/:id',
    {
      helmet: false,
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
      helmet: false,
      validatorCompiler: acceptParams,
      schema: {
        tags,
        summary: 'Track a trip by its tracking id: its order, containers, places and status steps',
        description:
          'Public: no sign-in. 404 with a message for an unknown, revoked or expired link. Answers an ETag; ' +
          'send it back in If-None-Match to get 304 while unchanged. Rate-limited per IP; too many unknown ' +
          'ids lock the IP out for a while.',
        params: trackingIdParams,
        response: { 200: trackingTripSchema, ...errorResponses(404, 429) },
      },
    },
    (request, reply) => answer(ctx, request, reply, cache.tracking, request.params.trackingId),
  );
}
