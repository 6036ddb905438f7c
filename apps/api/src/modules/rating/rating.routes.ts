import {
  adminRatingListQuery,
  adminRatingPage,
  adminRatingSchema,
  commentVisibilityRequest,
  rateTripRequest,
  ratingIdParams,
  ratingSchema,
  tripRatingParams,
  tripRatingsSchema,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import {
  changeMyRating,
  rateTrip,
  ratingsForBackOffice,
  setRatingCommentVisibility,
  tripRatingsFor,
} from './rating.service';

const tags = ['Trip ratings'];

export function ratingRoutes(app: ZodApp, ctx: AppContext): void {
  // The two companies of a trip rate each other; the back office reads and moderates, never rates.
  const tripParty = requireAuth(ctx, 'role_customer', 'role_transporter', 'role_fleet_manager');
  const adminOnly = requireAuth(ctx, 'role_admin');

  app.get(
    '/api/v1/trips/:tripId/ratings',
    {
      preHandler: tripParty,
      schema: {
        tags,
        summary: "Your rating of a trip and the other side's, once it shows",
        description:
          "The other side's rating shows once both sides rated or 7 days after it was given; until then only the fact that it was given.",
        security: bearerSecurity,
        params: tripRatingParams,
        response: { 200: tripRatingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => tripRatingsFor(ctx, principalOf(request), request.params.tripId),
  );

  app.post(
    '/api/v1/trips/:tripId/ratings',
    {
      preHandler: tripParty,
      schema: {
        tags,
        summary: 'Rate the other company of a delivered trip: 1 to 5, tags and a comment (once per side)',
        description:
          'Open from delivery for 30 days, unless the trip was cancelled. A customer rates its transporter, a transporter or fleet manager its customer, each with its own list of tags.',
        security: bearerSecurity,
        params: tripRatingParams,
        body: rateTripRequest,
        response: { 201: ratingSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await rateTrip(ctx, principalOf(request), request.params.tripId, request.body, request)),
  );

  app.put(
    '/api/v1/trips/:tripId/ratings/mine',
    {
      preHandler: tripParty,
      schema: {
        tags,
        summary: "Change your company's rating of a trip",
        description:
          'For 7 days after it was given, and only while the other side has not rated: once both rated, both show and neither changes.',
        security: bearerSecurity,
        params: tripRatingParams,
        body: rateTripRequest,
        response: { 200: ratingSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      changeMyRating(ctx, principalOf(request), request.params.tripId, request.body, request),
  );

  app.get(
    '/api/v1/admin/ratings',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Every trip rating, newest first, with comments as written (withComment=true: only those)',
        security: bearerSecurity,
        querystring: adminRatingListQuery,
        response: { 200: adminRatingPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ratingsForBackOffice(ctx, request.query),
  );

  app.put(
    '/api/v1/admin/ratings/:ratingId/comment-visibility',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Hide a rating's abusive comment (with a reason) or show it again",
        description:
          'A hidden comment reads as null to the companies, with commentHidden true; the score and tags stay. Each change is written to the audit log.',
        security: bearerSecurity,
        params: ratingIdParams,
        body: commentVisibilityRequest,
        response: { 200: adminRatingSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setRatingCommentVisibility(ctx, principalOf(request), request.params.ratingId, request.body, request),
  );
}
