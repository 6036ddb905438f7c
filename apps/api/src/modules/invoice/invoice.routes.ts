import { invoiceListQuery, invoicePage } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { listInvoicesFor } from './invoice.service';

export function invoiceRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/invoices',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['Invoices'],
        summary:
          'Invoices of your trips, the soonest due first; ?status=PENDING_PAYMENT for pending payments',
        description:
          'A customer sees its own invoices, a transporter or fleet manager its company’s, an admin every invoice.',
        security: bearerSecurity,
        querystring: invoiceListQuery,
        response: { 200: invoicePage, ...errorResponses(400, 401) },
      },
    },
    async (request) => listInvoicesFor(ctx, principalOf(request), request.query),
  );
}
