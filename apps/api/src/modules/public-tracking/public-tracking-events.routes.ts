import { z } from 'zod';
import { shareIdParams, trackingIdParams } from '@freightlane/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { acceptParams, errorResponses, type ZodApp } from '../../lib/route-kit';
import {
  LiveStreams,
  startLiveStream,
  type LiveStreamOptions,
  type LiveStreamSetup,
} from './public-tracking-events';
import { loadOngoingTrips, loadPublicTracking } from './public-tracking.service';

const tags = ['Public tracking'];

/**
 * The 200 answer is a stream, not JSON: its own content type in the OpenAPI document (a route-wide
 * `produces` would mark the JSON errors as a stream too).
 */
const eventStreamResponse = (description: string) =>
  z.string().meta({
    description,
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  });

const STREAM_DESCRIPTION =
  'Server-Sent Events, no sign-in. First `retry: 2000`, then the document as `event: {name}` with `id: <etag>` ' +
  'and `data: <JSON>` (left out when Last-Event-ID already names that etag); the same event again whenever a ' +
  'status change, issue, position or edit alters it; a `: keep-alive` comment every 20 s; and `event: gone` ' +
  'with `data: {"message"}` before the stream ends because the link was revoked, rotated or expired. ' +
  'Unknown ids answer 404 JSON before any streaming; too many requests or open streams answer 429.';

export function publicTrackingEventRoutes(
  app: ZodApp,
  ctx: AppContext,
  options: LiveStreamOptions = {},
): void {
  const streams = new LiveStreams(options);
  // The cache was made with the app, before these streams listen: TripEvents tells every-change listeners
  // (the cache) before a trip's or company's (the streams), and resync listeners in the order they came,
  // so the cache has dropped a stale answer before any stream reloads it.
  const { cache, limits } = ctx.publicTracking;
  // preClose runs before the server waits for open responses: an open stream would hold app.close() forever.
  app.addHook('preClose', async () => streams.endAll());

  // A rotated share id changes no trip, so trip_changed does not carry it: an ongoing table still open on
  // the old id hears it here, on any instance, and is told it is gone.
  const stopRotations = ctx.tripEvents.onOngoingLinkRotated((companyId) => streams.companyChanged(companyId));
  app.addHook('onClose', async () => stopRotations());

  /** Checks the caller, holds a stream place, then loads and streams; any refusal before that is JSON. */
  const stream = async (
    request: FastifyRequest,
    reply: FastifyReply,
    setup: Pick<LiveStreamSetup, 'load' | 'event' | 'follow'>,
  ) => {
    limits.allow(request.ip);
    const release = streams.reserve(request.ip);
    const lastEventId = request.headers['last-event-id'];
    try {
      await startLiveStream(
        {
          ...setup,
          ctx,
          streams,
          res: reply.raw,
          lastEventId: Array.isArray(lastEventId) ? lastEventId[0] : lastEventId,
          release,
          log: request.log,
        },
        () => reply.hijack(),
      );
    } catch (error) {
      // An unknown id is a guess, here as on the JSON endpoint: it counts against the caller's miss limit.
      limits.lookupFailed(request.ip, error);
      throw error;
    }
  };

  app.get(
    '/api/v1/trips/open-access/:trackingId/events',
    {
      validatorCompiler: acceptParams,
      schema: {
        tags,
        summary: 'Live updates of a public tracking page (Server-Sent Events)',
        description: STREAM_DESCRIPTION.replace('{name}', 'trip'),
        params: trackingIdParams,
        response: {
          200: eventStreamResponse('`trip` events carrying the tracking trip object'),
          ...errorResponses(404, 429),
        },
      },
    },
    async (request, reply) =>
      stream(request, reply, {
        load: (fresh) =>
          fresh
            ? loadPublicTracking(ctx, request.params.trackingId)
            : cache.trackingPage(request.params.trackingId),
        event: 'trip',
        follow: 'trips',
      }),
  );

  app.get(
    '/api/v1/trips/open-access/ongoing/:id/events',
    {
      validatorCompiler: acceptParams,
      schema: {
        tags,
        summary: 'Live updates of a shared ongoing-trips table (Server-Sent Events)',
        description: STREAM_DESCRIPTION.replace('{name}', 'trips'),
        params: shareIdParams,
        response: {
          200: eventStreamResponse('`trips` events carrying the list of ongoing trip items'),
          ...errorResponses(404, 429),
        },
      },
    },
    async (request, reply) =>
      stream(request, reply, {
        load: (fresh) =>
          fresh ? loadOngoingTrips(ctx, request.params.id) : cache.ongoingTable(request.params.id),
        event: 'trips',
        follow: 'company',
      }),
  );
}
