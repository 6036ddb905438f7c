import { companyDocumentsValidation, companyResponse, updateCompanyRequest } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { updateCompanyDetails, validateCompanyDocuments } from './company.service';

export function companyRoutes(app: ZodApp, ctx: AppContext): void {
  app.put(
    '/api/v1/user/company',
    {
      // Only the owner account of a customer or transporter company edits its legal details.
      preHandler: requireAuth(ctx, 'role_customer', 'role_transporter'),
      schema: {
        tags: ['Company'],
        summary: 'Update your company details: name, CAC number, TIN, address and contact',
        security: bearerSecurity,
        body: updateCompanyRequest,
        response: { 200: companyResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'Successful' as const,
      data: await updateCompanyDetails(ctx, principalOf(request), request.body),
    }),
  );

  app.get(
    '/api/v1/company/documents/validate',
    {
      preHandler: requireAuth(ctx, 'role_customer', 'role_transporter', 'role_fleet_manager'),
      schema: {
        tags: ['Company'],
        summary: 'Which company details and verification documents are missing or awaiting review',
        security: bearerSecurity,
        response: { 200: companyDocumentsValidation, ...errorResponses(401, 403) },
      },
    },
    async (request) => validateCompanyDocuments(ctx, principalOf(request)),
  );
}
