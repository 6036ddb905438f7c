import { callUpTicketRequest, tripCallUpSchema, tripIdParams } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { FLEET_ROLES } from '../fleet';
import { recordCallUp, tripCallUpFor } from './call-up.service';

const tags = ['Call-up'];

export function callUpRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/trips/:id/call-up',
    {
      preHandler: requireAuth(ctx, ...FLEET_ROLES, 'role_admin'),
      schema: {
        tags,
        summary:
          "The trip's Eto call-up tickets, the window left, and the waits in the holding bay and at the gate",
        description:
          "The transporter's side only; the customer is answered 404, as for another company's trip.",
        security: bearerSecurity,
        params: tripIdParams,
        response: { 200: tripCallUpSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => tripCallUpFor(ctx, principalOf(request), request.params.id),
  );

  app.post(
    '/api/v1/trips/:id/call-ups',
    {
      preHandler: requireAuth(ctx, ...FLEET_ROLES),
      schema: {
        tags,
        summary: 'Record the Eto call-up ticket of a pickup at an Apapa or Tin Can Island terminal',
        description:
          "A re-booked window is a new ticket. With `paidByDriver`, the cost is also an approved call-up expense of the trip's driver.",
        security: bearerSecurity,
        params: tripIdParams,
        body: callUpTicketRequest,
        response: { 201: tripCallUpSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordCallUp(ctx, principalOf(request), request.params.id, request.body, request)),
  );
}
