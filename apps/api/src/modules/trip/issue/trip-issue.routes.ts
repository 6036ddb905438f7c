import {
  openTripIssueRequest,
  tripIdParams,
  tripIssueIdParams,
  tripIssueListQuery,
  tripIssuePage,
  tripIssueSchema,
} from '@freightlane/domain';
import type { AppContext } from '../../../context';
import { sendJsonAnswer } from '../../../lib/http-cache';
import { bearerSecurity, errorResponses, type ZodApp } from '../../../lib/route-kit';
import { principalOf, requireAuth } from '../../../plugins/auth';
import { listTripIssuesFor, openTripIssue, resolveTripIssue } from './trip-issue.service';

const tags = ['Trip issues'];

export function tripIssueRoutes(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/api/v1/trips/:id/issues',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'Open an issue on a trip under way (breakdown, accident, delay...)',
        description:
          'Any party of the trip may open one. The opening time defaults to now, is never in the future and at most 7 days ago. A location also becomes the trip’s current location.',
        security: bearerSecurity,
        params: tripIdParams,
        body: openTripIssueRequest,
        response: { 201: tripIssueSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await openTripIssue(ctx, principalOf(request), request.params.id, request.body, request.ip)),
  );

  // A static segment: the router prefers it over /api/v1/trips/:id, so "issues" is never read as a trip id.
  app.get(
    '/api/v1/trips/issues',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'Issues on the trips you may see; sort list applied in order, filter by status or trip',
        description: 'Default sort: openingTimeStamp,DESC then trip.id,ASC.',
        security: bearerSecurity,
        querystring: tripIssueListQuery,
        response: { 200: tripIssuePage, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // The same page is asked for again and again until its company's data changes: kept as JSON.
      return sendJsonAnswer(
        request,
        reply,
        await listTripIssuesFor(ctx, principalOf(request), request.query),
      );
    },
  );

  // The spec makes resolving a GET; it still changes state, so it is never cached.
  app.get(
    '/api/v1/trips/issues/resolve/:id',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'Resolve an open issue of one of your trips',
        security: bearerSecurity,
        params: tripIssueIdParams,
        response: { 200: tripIssueSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return resolveTripIssue(ctx, principalOf(request), request.params.id, request.ip);
    },
  );
}
