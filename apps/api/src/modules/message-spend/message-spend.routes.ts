import { companyIdParams, messageSpendSchema, updateMessageSpendCapRequest } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { getCompanyMessageSpend, getMessageSpendForAdmin, setMessageSpendCap } from './message-spend.service';

export function messageSpendRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/company/message-spend',
    {
      // The company's owner account answers for what it spends; fleet managers do not see it.
      preHandler: requireAuth(ctx, 'role_transporter', 'role_customer'),
      schema: {
        tags: ['Company'],
        summary: "Your company's SMS and WhatsApp spend this month, against its monthly cap",
        description:
          'This calendar month (Lagos time): the spend, the cap, each channel with its messages, how many were ' +
          'refused at the cap, and the six months before.',
        security: bearerSecurity,
        response: { 200: messageSpendSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getCompanyMessageSpend(ctx, principalOf(request)),
  );

  const adminOnly = requireAuth(ctx, 'role_admin');
  app.get(
    '/api/v1/admin/companies/:id/message-spend',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: "A company's SMS and WhatsApp spend this month, against its monthly cap",
        security: bearerSecurity,
        params: companyIdParams,
        response: { 200: messageSpendSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getMessageSpendForAdmin(ctx, request.params.id),
  );

  app.put(
    '/api/v1/admin/companies/:id/message-spend',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: "Set a company's monthly SMS and WhatsApp spend cap",
        description:
          'capKobo in kobo, 0 to 1000000000 (₦10,000,000); 0 stops every paid message, null goes back to the ' +
          "platform's default (MESSAGE_SPEND_CAP_KOBO). Applies to messages queued from now on; audit-logged.",
        security: bearerSecurity,
        params: companyIdParams,
        body: updateMessageSpendCapRequest,
        response: { 200: messageSpendSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      setMessageSpendCap(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );
}
