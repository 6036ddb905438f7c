import {
  containerFreeTimeSchema,
  containersAtRiskPage,
  containersAtRiskQuery,
  tripIdParams,
  updateContainerFreeTimeRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { listContainersAtRisk } from './containers-at-risk.service';
import { updateContainerFreeTime } from './free-time-update.service';

const tags = ['Containers'];

/** Container free time and deposits (docs/decisions/019-money.md). */
export function freeTimeRoutes(app: ZodApp, ctx: AppContext): void {
  app.put(
    '/api/v1/trips/:id/free-time',
    {
      preHandler: requireAuth(ctx, 'role_customer', 'role_admin'),
      schema: {
        tags,
        summary: "Keep an import container's discharge date, expected empty return and deposit",
        description:
          'The trip’s customer (or an admin) only, at any stage of the trip. Answers the container’s free time: last free day, days left, projected demurrage and detention, and what is at stake.',
        security: bearerSecurity,
        params: tripIdParams,
        body: updateContainerFreeTimeRequest,
        response: { 200: containerFreeTimeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateContainerFreeTime(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.get(
    '/api/v1/containers/at-risk',
    {
      preHandler: requireAuth(ctx, 'role_customer'),
      schema: {
        tags,
        summary: 'Your import containers still counting free time, the fewest days left first',
        description:
          'Each container’s last free day, days left, projected charges and held deposit; totalAtStakeKobo covers every page.',
        security: bearerSecurity,
        querystring: containersAtRiskQuery,
        response: { 200: containersAtRiskPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listContainersAtRisk(ctx, principalOf(request), request.query),
  );
}
