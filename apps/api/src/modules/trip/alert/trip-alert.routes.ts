import { tripAlertIdParams, tripAlertSchema } from '@freightlane/domain';
import type { AppContext } from '../../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../../lib/route-kit';
import { principalOf, requireAuth } from '../../../plugins/auth';
import { acknowledgeTripAlert } from './trip-alert.service';

const tags = ['Trips'];

/** The alerts on a trip (a truck moving at night), which its transporter marks seen. */
export function tripAlertRoutes(app: ZodApp, ctx: AppContext): void {
  // A static segment: the router prefers it over /api/v1/trips/:id, so "alerts" is never read as a trip id.
  app.post(
    '/api/v1/trips/alerts/:id/acknowledge',
    {
      preHandler: requireAuth(ctx, 'role_transporter', 'role_fleet_manager'),
      schema: {
        tags,
        summary: 'Mark an alert on one of your trips seen (a truck moving at night)',
        description:
          'For the trip’s transporter: its owner account and fleet managers. Marking it again changes nothing; the first to mark it stays.',
        security: bearerSecurity,
        params: tripAlertIdParams,
        response: { 200: tripAlertSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => acknowledgeTripAlert(ctx, principalOf(request), request.params.id, request),
  );
}
