import {
  orderIdParams,
  returnLoadSettingsRequest,
  returnLoadSettingsSchema,
  returnLoadsPage,
  returnLoadsQuery,
  tripIdParams,
  tripReturnLoadsSchema,
  trucksNearPickupSchema,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import {
  countTrucksNearPickup,
  getReturnLoadSettings,
  getTripReturnLoads,
  listReturnLoads,
  updateReturnLoadSettings,
} from './return-load.service';

const tags = ['Return loads'];

export function returnLoadRoutes(app: ZodApp, ctx: AppContext): void {
  const transporterSide = requireAuth(ctx, 'role_transporter', 'role_fleet_manager');

  app.get(
    '/api/v1/return-loads',
    {
      preHandler: transporterSide,
      schema: {
        tags,
        summary:
          'Your trucks on live trips, soonest free first, each with the open orders picking up near its delivery after it is free',
        security: bearerSecurity,
        querystring: returnLoadsQuery,
        response: { 200: returnLoadsPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listReturnLoads(ctx, principalOf(request), request.query),
  );

  app.get(
    '/api/v1/return-loads/settings',
    {
      preHandler: transporterSide,
      schema: {
        tags,
        summary: 'How far from a delivery place your return loads are looked for',
        security: bearerSecurity,
        response: { 200: returnLoadSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getReturnLoadSettings(ctx, principalOf(request)),
  );

  app.put(
    '/api/v1/return-loads/settings',
    {
      preHandler: requireAuth(ctx, 'role_transporter'),
      schema: {
        tags,
        summary: 'Set how far from a delivery place your return loads are looked for (5 to 200 km)',
        security: bearerSecurity,
        body: returnLoadSettingsRequest,
        response: { 200: returnLoadSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateReturnLoadSettings(ctx, principalOf(request), request.body, request.ip),
  );

  app.get(
    '/api/v1/trips/:id/return-loads',
    {
      preHandler: transporterSide,
      schema: {
        tags,
        summary: "The return loads of your trip's truck (404 for anyone but the trip's transporter)",
        security: bearerSecurity,
        params: tripIdParams,
        response: { 200: tripReturnLoadsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getTripReturnLoads(ctx, principalOf(request), request.params.id),
  );

  app.get(
    '/api/v1/orders/:id/trucks-near-pickup',
    {
      preHandler: requireAuth(ctx, 'role_customer'),
      schema: {
        tags,
        summary:
          'How many trucks are expected free near the pickup of your open order before its pickup date (a count, never whose)',
        security: bearerSecurity,
        params: orderIdParams,
        response: { 200: trucksNearPickupSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => countTrucksNearPickup(ctx, principalOf(request), request.params.id),
  );
}
