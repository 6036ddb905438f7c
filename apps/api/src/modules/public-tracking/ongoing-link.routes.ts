import { ongoingTripsLinkSchema } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { ongoingTripsLinkOf, rotateOngoingTripsLink } from './ongoing-link.service';

const tags = ['Trips'];

/**
 * Static paths under /api/v1/trips: the router prefers a static segment over /api/v1/trips/:id, so
 * "ongoing-link" is never read as a trip id.
 */
export function ongoingLinkRoutes(app: ZodApp, ctx: AppContext): void {
  const customerOnly = requireAuth(ctx, 'role_customer');

  app.get(
    '/api/v1/trips/ongoing-link',
    {
      preHandler: customerOnly,
      schema: {
        tags,
        summary: "Your company's link to its public ongoing-trips table (made on first ask)",
        description: 'Customers only. Anyone with the link sees the ongoing trips of your company.',
        security: bearerSecurity,
        response: { 200: ongoingTripsLinkSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ongoingTripsLinkOf(ctx, principalOf(request), request);
    },
  );

  app.post(
    '/api/v1/trips/ongoing-link/rotate',
    {
      preHandler: customerOnly,
      schema: {
        tags,
        summary: 'Replace your ongoing-trips link; the old one stops working at once',
        security: bearerSecurity,
        response: { 200: ongoingTripsLinkSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => rotateOngoingTripsLink(ctx, principalOf(request), request),
  );
}
