import { updateWaitingTermsRequest, waitingTermsSchema } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { getWaitingTerms, setWaitingTerms } from './waiting-terms.service';

export function waitingTermsRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/company/waiting-terms',
    {
      // Fleet managers read them to tell drivers and customers; only the owner account changes them.
      preHandler: requireAuth(ctx, 'role_transporter', 'role_fleet_manager'),
      schema: {
        tags: ['Company'],
        summary: "Your company's waiting terms: free hours per stop and the rate per started hour after them",
        security: bearerSecurity,
        response: { 200: waitingTermsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getWaitingTerms(ctx, principalOf(request)),
  );

  app.put(
    '/api/v1/company/waiting-terms',
    {
      preHandler: requireAuth(ctx, 'role_transporter'),
      schema: {
        tags: ['Company'],
        summary: "Set your company's waiting terms",
        description:
          'Free hours per stop (0 to 168) and the rate per started hour beyond them, in kobo; a null rate charges nothing. Waiting charges worked out from now on use them; charges already proposed keep theirs.',
        security: bearerSecurity,
        body: updateWaitingTermsRequest,
        response: { 200: waitingTermsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => setWaitingTerms(ctx, principalOf(request), request.body, request.ip),
  );
}
