import {
  assignResourcesRequest,
  changeResourcesRequest,
  consignmentIdParams,
  scheduleParams,
  scheduleQuery,
  scheduleResponse,
  tripDetailSchema,
  tripIdParams,
  updateConsignmentRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { updateConsignment } from './trip-consignment.service';
import { assignResources, changeResources } from './trip-resources.service';
import { scheduleOfMonth } from './trip-schedule.service';

const tags = ['Trips'];

/** Resources, consignment details and the monthly schedule of trips. */
export function tripOperationsRoutes(app: ZodApp, ctx: AppContext): void {
  const runsTrips = requireAuth(ctx, 'role_transporter', 'role_fleet_manager', 'role_admin');

  app.put(
    '/api/v1/trips/consignment/:id/assign-resources',
    {
      preHandler: runsTrips,
      schema: {
        tags,
        summary:
          "Assign a truck, a driver and optionally a motor boy of the transporter to a consignment's trip",
        security: bearerSecurity,
        params: consignmentIdParams,
        body: assignResourcesRequest,
        response: { 200: tripDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      assignResources(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.patch(
    '/api/v1/trips/:id/resources',
    {
      preHandler: runsTrips,
      schema: {
        tags,
        summary: "Change a trip's truck, driver or motor boy (null removes the motor boy)",
        security: bearerSecurity,
        params: tripIdParams,
        body: changeResourcesRequest,
        response: { 200: tripDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      changeResources(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.patch(
    '/api/v1/trips/consignment/:id',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'Correct the container or general-cargo details of a consignment before loading',
        security: bearerSecurity,
        params: consignmentIdParams,
        body: updateConsignmentRequest,
        response: { 200: tripDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateConsignment(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.get(
    '/api/v1/trips/schedule/year/:year/month/:month',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'Pickups and expected deliveries of your trips in a month (Lagos calendar days)',
        security: bearerSecurity,
        params: scheduleParams,
        querystring: scheduleQuery,
        response: { 200: scheduleResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      scheduleOfMonth(ctx, principalOf(request), request.params.year, request.params.month, request.query.q),
  );
}
