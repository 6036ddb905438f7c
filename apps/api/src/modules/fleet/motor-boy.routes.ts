import {
  createMotorBoyRequest,
  motorBoyIdParams,
  motorBoyListQuery,
  motorBoyPage,
  motorBoySchema,
  setFleetActiveRequest,
  updateMotorBoyRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { FLEET_ROLES } from './fleet-access';
import {
  createMotorBoy,
  getMotorBoy,
  listMotorBoysOf,
  setMotorBoyActive,
  updateMotorBoy,
} from './motor-boy.service';

export function motorBoyRoutes(app: ZodApp, ctx: AppContext): void {
  const fleet = requireAuth(ctx, ...FLEET_ROLES);

  app.get(
    '/api/v1/fleet/motor-boys',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Your motor boys, newest first',
        description: 'q searches name and phone. available=true: active motor boys.',
        security: bearerSecurity,
        querystring: motorBoyListQuery,
        response: { 200: motorBoyPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMotorBoysOf(ctx, principalOf(request), request.query),
  );

  app.post(
    '/api/v1/fleet/motor-boys',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Add a motor boy (409 when the phone number is already in your fleet)',
        security: bearerSecurity,
        body: createMotorBoyRequest,
        response: { 201: motorBoySchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createMotorBoy(ctx, principalOf(request), request.body, request.ip)),
  );

  app.get(
    '/api/v1/fleet/motor-boys/:id',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'One of your motor boys',
        security: bearerSecurity,
        params: motorBoyIdParams,
        response: { 200: motorBoySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getMotorBoy(ctx, principalOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/fleet/motor-boys/:id',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Change a motor boy; only the fields sent change',
        security: bearerSecurity,
        params: motorBoyIdParams,
        body: updateMotorBoyRequest,
        response: { 200: motorBoySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateMotorBoy(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.patch(
    '/api/v1/fleet/motor-boys/:id/active',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Activate or deactivate a motor boy (a deactivated one cannot be assigned to trips)',
        description:
          'Deactivating answers 409, naming the trips, while the motor boy is on a trip that is not completed or cancelled (on the road or still to start): replace it there first.',
        security: bearerSecurity,
        params: motorBoyIdParams,
        body: setFleetActiveRequest,
        response: { 200: motorBoySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setMotorBoyActive(ctx, principalOf(request), request.params.id, request.body.active, request.ip),
  );
}
