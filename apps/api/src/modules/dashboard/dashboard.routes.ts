import { customerDashboardSchema, transporterDashboardSchema } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { sendJsonAnswer } from '../../lib/http-cache';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { customerDashboard, transporterDashboard } from './dashboard.service';

const tags = ['Dashboard'];

export function dashboardRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/dashboard/customer',
    {
      preHandler: requireAuth(ctx, 'role_customer'),
      schema: {
        tags,
        summary: 'Customer home figures: trips, pending payments and orders awaiting award',
        security: bearerSecurity,
        response: { 200: customerDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      sendJsonAnswer(request, reply, await customerDashboard(ctx, principalOf(request))),
  );

  app.get(
    '/api/v1/dashboard/transporter',
    {
      preHandler: requireAuth(ctx, 'role_transporter', 'role_fleet_manager'),
      schema: {
        tags,
        summary:
          'Transporter home figures: new and monitored bids, bids won this month, trips needing resources',
        security: bearerSecurity,
        response: { 200: transporterDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      sendJsonAnswer(request, reply, await transporterDashboard(ctx, principalOf(request))),
  );
}
