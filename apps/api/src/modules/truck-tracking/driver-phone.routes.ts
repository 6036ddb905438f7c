import {
  driverIdParams,
  driverPageSchema,
  driverPhoneLinkSchema,
  driverTokenParams,
  osmandQuery,
  phonePositionsRequest,
  positionIngestResponse,
} from '@freightlane/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { FLEET_ROLES } from '../fleet/fleet-access';
import {
  driverPageOf,
  getDriverPhoneLink,
  issueDriverPhoneLink,
  recordOsmandPosition,
  recordPhonePositions,
  revokeDriverPhoneLink,
} from './driver-phone.service';

export function driverPhoneRoutes(app: ZodApp, ctx: AppContext): void {
  const fleetOnly = requireAuth(ctx, ...FLEET_ROLES);
  const tags = ['Truck tracking'];
  const linkPath = '/api/v1/fleet/drivers/:id/phone-link';

  app.get(
    linkPath,
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: "The driver's private phone link, to send again (404 when none was given)",
        security: bearerSecurity,
        params: driverIdParams,
        response: { 200: driverPhoneLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getDriverPhoneLink(ctx, principalOf(request), request.params.id),
  );

  app.post(
    linkPath,
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: 'Give the driver a new private phone link; an earlier one stops working',
        security: bearerSecurity,
        params: driverIdParams,
        response: { 201: driverPhoneLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await issueDriverPhoneLink(ctx, principalOf(request), request.params.id, request)),
  );

  app.delete(
    linkPath,
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: "Turn off the driver's phone link",
        security: bearerSecurity,
        params: driverIdParams,
        response: { 204: z.null().describe('Turned off'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeDriverPhoneLink(ctx, principalOf(request), request.params.id, request);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/driver/:token',
    {
      schema: {
        tags,
        summary: "The driver's page: who, which company, and the trip in progress",
        params: driverTokenParams,
        response: { 200: driverPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => driverPageOf(ctx, request.params.token),
  );

  app.post(
    '/api/v1/driver/:token/positions',
    {
      schema: {
        tags,
        summary: "Positions of the driver's phone (the queue kept while offline, oldest first)",
        params: driverTokenParams,
        body: phonePositionsRequest,
        response: { 200: positionIngestResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => recordPhonePositions(ctx, request.params.token, request.body),
  );

  // The Traccar Client app (OsmAnd protocol) sends its fields in the query string, or as a form.
  void app.register(async (scope: ZodApp) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const schema = {
      tags,
      summary: 'A position in the OsmAnd protocol of the Traccar Client app (id = the driver link token)',
      querystring: osmandQuery,
      response: { 200: positionIngestResponse, ...errorResponses(400, 404) },
    };
    scope.get('/api/v1/driver/osmand', { schema }, async (request) =>
      recordOsmandPosition(ctx, request.query),
    );
    scope.post(
      '/api/v1/driver/osmand',
      {
        schema,
        preValidation: async (request) => {
          if (request.body && typeof request.body === 'object') {
            request.query = {
              ...(request.query as object),
              ...(request.body as object),
            } as typeof request.query;
          }
        },
      },
      async (request) => recordOsmandPosition(ctx, request.query),
    );
  });
}
