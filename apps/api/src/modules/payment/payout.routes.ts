import {
  adminPayoutListQuery,
  earningListQuery,
  earningPage,
  earningSchema,
  earningSummarySchema,
  markPayoutPaidRequest,
  payoutIdParams,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { listMyEarnings, listPayoutsForAdmin, markPayoutAsPaid, myEarningsSummary } from './payout.service';

export function payoutRoutes(app: ZodApp, ctx: AppContext): void {
  const transporterSide = requireAuth(ctx, 'role_transporter', 'role_fleet_manager');
  const adminOnly = requireAuth(ctx, 'role_admin');

  app.get(
    '/api/v1/earnings',
    {
      preHandler: transporterSide,
      schema: {
        tags: ['Payments'],
        summary:
          "Your company's paid trips, newest first: what the customer paid, the commission, the payout",
        security: bearerSecurity,
        querystring: earningListQuery,
        response: { 200: earningPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMyEarnings(ctx, principalOf(request), request.query),
  );

  app.get(
    '/api/v1/earnings/summary',
    {
      preHandler: transporterSide,
      schema: {
        tags: ['Payments'],
        summary: "Your company's totals: paid by customers, commission, net, pending and paid out",
        security: bearerSecurity,
        response: { 200: earningSummarySchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => myEarningsSummary(ctx, principalOf(request)),
  );

  app.get(
    '/api/v1/admin/payouts',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: "Every transporter's payouts, pending first; q finds a transporter, invoice or trip number",
        security: bearerSecurity,
        querystring: adminPayoutListQuery,
        response: { 200: earningPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listPayoutsForAdmin(ctx, principalOf(request), request.query),
  );

  app.post(
    '/api/v1/admin/payouts/:id/paid',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Record the transfer made to the transporter; the transporter is told',
        security: bearerSecurity,
        params: payoutIdParams,
        body: markPayoutPaidRequest,
        response: { 200: earningSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => markPayoutAsPaid(ctx, principalOf(request), request.params.id, request.body, request),
  );
}
