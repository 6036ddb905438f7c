import {
  fleetManagerIdParams,
  fleetManagerListQuery,
  fleetManagerPage,
  fleetManagerSchema,
  inviteFleetManagerRequest,
  setFleetActiveRequest,
  updateFleetManagerRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { FLEET_OWNER_ROLES, FLEET_ROLES } from './fleet-access';
import {
  getFleetManager,
  inviteFleetManager,
  listFleetManagersOf,
  setFleetManagerActive,
  updateFleetManager,
} from './fleet-manager.service';

export function fleetManagerRoutes(app: ZodApp, ctx: AppContext): void {
  const fleet = requireAuth(ctx, ...FLEET_ROLES);

  app.get(
    '/api/v1/fleet/managers',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Your fleet managers, newest first, with whether they accepted the invitation',
        description: 'q searches name, phone and e-mail. available=true: active fleet managers.',
        security: bearerSecurity,
        querystring: fleetManagerListQuery,
        response: { 200: fleetManagerPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listFleetManagersOf(ctx, principalOf(request), request.query),
  );

  app.post(
    '/api/v1/fleet/managers',
    {
      preHandler: requireAuth(ctx, ...FLEET_OWNER_ROLES),
      schema: {
        tags: ['Fleet'],
        summary:
          'Invite a fleet manager (owner account only): creates their login and e-mails a link to set a password',
        description:
          'The invitation link opens /reset/password and lasts 7 days; setting the password activates the account. 409 when the e-mail or phone is used by any account.',
        security: bearerSecurity,
        body: inviteFleetManagerRequest,
        response: { 201: fleetManagerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteFleetManager(ctx, principalOf(request), request.body, request.ip)),
  );

  app.get(
    '/api/v1/fleet/managers/:id',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'One of your fleet managers',
        security: bearerSecurity,
        params: fleetManagerIdParams,
        response: { 200: fleetManagerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getFleetManager(ctx, principalOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/fleet/managers/:id',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Change a fleet manager; only the fields sent change',
        description:
          'The e-mail can change only while the invitation is pending; the invitation is then sent again to the new address.',
        security: bearerSecurity,
        params: fleetManagerIdParams,
        body: updateFleetManagerRequest,
        response: { 200: fleetManagerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateFleetManager(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.patch(
    '/api/v1/fleet/managers/:id/active',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary:
          'Activate or deactivate a fleet manager; deactivating blocks sign-in and ends their sessions',
        security: bearerSecurity,
        params: fleetManagerIdParams,
        body: setFleetActiveRequest,
        response: { 200: fleetManagerSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      setFleetManagerActive(ctx, principalOf(request), request.params.id, request.body.active, request.ip),
  );
}
