import { setTrackingLinkExpiryRequest, trackingLinkSchema, tripIdParams } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { revokeTrackingLink, setTrackingLinkExpiry } from './tracking-link.service';

const tags = ['Trips'];

export function trackingLinkRoutes(app: ZodApp, ctx: AppContext): void {
  const signedIn = requireAuth(ctx);

  app.put(
    '/api/v1/trips/:id/tracking-link',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Set when the trip's public tracking link stops working, or null for never",
        description:
          'For the trip’s customer, transporter, fleet manager or an admin. The expiry must be in the future ' +
          'and at most 90 days away. An expired link answers 404 saying when it expired.',
        security: bearerSecurity,
        params: tripIdParams,
        body: setTrackingLinkExpiryRequest,
        response: { 200: trackingLinkSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      setTrackingLinkExpiry(ctx, principalOf(request), request.params.id, request.body, request),
  );

  app.post(
    '/api/v1/trips/:id/tracking-link/revoke',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Revoke the trip's public tracking link and get a new one",
        description:
          'For the trip’s parties. The old link answers 404 saying it was revoked; the new id works at once.',
        security: bearerSecurity,
        params: tripIdParams,
        response: { 200: trackingLinkSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => revokeTrackingLink(ctx, principalOf(request), request.params.id, request),
  );
}
