import { scorecardCompanyParams, scorecardSchema } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { getScorecard } from './scorecard.service';

const tags = ['Scorecards'];

export function scorecardRoutes(app: ZodApp, ctx: AppContext): void {
  const signedIn = requireAuth(ctx);

  app.get(
    '/api/v1/company/scorecard',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Your company's scorecard, with what would raise its score",
        security: bearerSecurity,
        response: { 200: scorecardSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return getScorecard(ctx, principal, principal.companyId);
    },
  );

  app.get(
    '/api/v1/companies/:companyId/scorecard',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary:
          "A company's scorecard: transporters' to customers, customers' to transporters, your own to you (404 otherwise)",
        security: bearerSecurity,
        params: scorecardCompanyParams,
        response: { 200: scorecardSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getScorecard(ctx, principalOf(request), request.params.companyId),
  );
}
