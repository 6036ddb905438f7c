import {
  laneRatesQuery,
  laneRatesResponse,
  rateGuidanceQuery,
  rateGuidanceSchema,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { getLaneRates, getRateGuidance } from './rate-guidance.service';

const tags = ['Rate guidance'];

export function rateGuidanceRoutes(app: ZodApp, ctx: AppContext): void {
  const signedIn = requireAuth(ctx);

  app.get(
    '/api/v1/rate-guidance',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary:
          "A lane's band of awarded prices over the last 90 days (25th, 50th, 75th percentile), hidden under 5 awards, with the diesel price",
        security: bearerSecurity,
        querystring: rateGuidanceQuery,
        response: { 200: rateGuidanceSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => getRateGuidance(ctx, principalOf(request), request.query),
  );

  app.get(
    '/api/v1/rate-guidance/lanes',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Every lane with a band of awarded prices, the busiest first (the lane-rates report)',
        security: bearerSecurity,
        querystring: laneRatesQuery,
        response: { 200: laneRatesResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => getLaneRates(ctx, principalOf(request), request.query),
  );
}
