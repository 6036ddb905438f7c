import {
  createTruckRequest,
  setFleetActiveRequest,
  truckIdParams,
  truckListQuery,
  truckPage,
  truckSchema,
  updateTruckRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { FLEET_ROLES } from './fleet-access';
import { createTruck, getTruck, listTrucksOf, setTruckActive, updateTruck } from './truck.service';

export function truckRoutes(app: ZodApp, ctx: AppContext): void {
  const fleet = requireAuth(ctx, ...FLEET_ROLES);

  app.get(
    '/api/v1/fleet/trucks',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Your trucks, newest first',
        description:
          'q searches plate, make and model. available=true: active trucks not on a live trip. expiring=true: trucks with a document expired or expiring within 30 days.',
        security: bearerSecurity,
        querystring: truckListQuery,
        response: { 200: truckPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listTrucksOf(ctx, principalOf(request), request.query),
  );

  app.post(
    '/api/v1/fleet/trucks',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Register a truck (409 when the plate is already in your fleet)',
        security: bearerSecurity,
        body: createTruckRequest,
        response: { 201: truckSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTruck(ctx, principalOf(request), request.body, request.ip)),
  );

  app.get(
    '/api/v1/fleet/trucks/:id',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'One of your trucks',
        security: bearerSecurity,
        params: truckIdParams,
        response: { 200: truckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getTruck(ctx, principalOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/fleet/trucks/:id',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Change a truck; only the fields sent change, and each document sent replaces that kind',
        security: bearerSecurity,
        params: truckIdParams,
        body: updateTruckRequest,
        response: { 200: truckSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateTruck(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.patch(
    '/api/v1/fleet/trucks/:id/active',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Activate or deactivate a truck (a deactivated truck cannot be assigned to trips)',
        description:
          'Deactivating answers 409, naming the trips, while the truck is on a trip that is not completed or cancelled (on the road or still to start): replace it there first.',
        security: bearerSecurity,
        params: truckIdParams,
        body: setFleetActiveRequest,
        response: { 200: truckSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setTruckActive(ctx, principalOf(request), request.params.id, request.body.active, request.ip),
  );
}
