import {
  addPreferredPartnerRequest,
  preferredPartnerListResponse,
  preferredPartnerSchema,
  transporterIdParams,
  transporterListResponse,
  transporterSearchQuery,
} from '@freightlane/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import {
  addPreferredPartner,
  findTransporters,
  getPreferredPartners,
  removePreferredPartner,
} from './partner.service';

export function partnerRoutes(app: ZodApp, ctx: AppContext): void {
  const customerOnly = requireAuth(ctx, 'role_customer');

  app.get(
    '/api/v1/preferred-partners',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Preferred partners'],
        summary: 'Your preferred transporters, by name',
        security: bearerSecurity,
        response: { 200: preferredPartnerListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => getPreferredPartners(ctx, principalOf(request)),
  );

  app.post(
    '/api/v1/preferred-partners',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Preferred partners'],
        summary: 'Add a verified transporter to your preferred partners (409 when already there)',
        security: bearerSecurity,
        body: addPreferredPartnerRequest,
        response: { 201: preferredPartnerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addPreferredPartner(ctx, principalOf(request), request.body.transporterCompanyId, request.ip),
        ),
  );

  app.delete(
    '/api/v1/preferred-partners/:transporterCompanyId',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Preferred partners'],
        summary: 'Remove a transporter from your preferred partners',
        security: bearerSecurity,
        params: transporterIdParams,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removePreferredPartner(
        ctx,
        principalOf(request),
        request.params.transporterCompanyId,
        request.ip,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/transporters',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Preferred partners'],
        summary: 'Verified transporters whose name contains q (at most 20), flagged when preferred',
        security: bearerSecurity,
        querystring: transporterSearchQuery,
        response: { 200: transporterListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => findTransporters(ctx, principalOf(request), request.query.q),
  );
}
