import {
  companyProfileParams,
  companyProfileSchema,
  transporterDirectoryPage,
  transporterDirectoryQuery,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { findInDirectory, getCompanyProfile } from './directory.service';

const tags = ['Find transporters'];

export function directoryRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/transporter-directory',
    {
      preHandler: requireAuth(ctx, 'role_customer'),
      schema: {
        tags,
        summary:
          'Verified, active transporters by lane served, truck type, fleet size and score, flagged when preferred',
        security: bearerSecurity,
        querystring: transporterDirectoryQuery,
        response: { 200: transporterDirectoryPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => findInDirectory(ctx, principalOf(request), request.query),
  );

  app.get(
    '/api/v1/companies/:companyId/profile',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary:
          "A company's profile: transporters' to customers, customers' to transporters, your own to you (404 otherwise)",
        security: bearerSecurity,
        params: companyProfileParams,
        response: { 200: companyProfileSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getCompanyProfile(ctx, principalOf(request), request.params.companyId),
  );
}
