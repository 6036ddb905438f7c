import {
  adminShippingLineListQuery,
  adminShippingLinePage,
  adminShippingLineSchema,
  adminTerminalListQuery,
  adminTerminalPage,
  adminTerminalSchema,
  adminTrackingCompanyListResponse,
  adminTrackingCompanySchema,
  createShippingLineRequest,
  createTerminalRequest,
  dieselPriceEntrySchema,
  dieselPriceListResponse,
  recordDieselPriceRequest,
  platformSettingsSchema,
  setShippingLineTariffsRequest,
  shippingLineIdParams,
  terminalIdParams,
  trackingCompanyIdParams,
  updatePlatformSettingsRequest,
  updateShippingLineRequest,
  updateTerminalRequest,
  updateTrackingCompanyRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { getDieselPrices, recordDieselPrice } from './diesel-price.service';
import { getPlatformSettings, updatePlatformSettings } from './platform-terms.service';
import {
  createShippingLine,
  getShippingLineForAdmin,
  listShippingLinesForAdmin,
  setShippingLineTariffs,
  updateShippingLine,
} from './shipping-line.service';
import {
  createTerminal,
  getTerminalForAdmin,
  listTerminalsForAdmin,
  updateTerminal,
} from './terminal.service';
import { listTrackingCompaniesForAdmin, updateTrackingCompany } from './tracking-company.service';

const tags = ['Admin: reference data'];

/** The back office's reference data: tracking companies, shipping lines and tariffs, terminals, terms. */
export function referenceDataRoutes(app: ZodApp, ctx: AppContext): void {
  const adminOnly = requireAuth(ctx, 'role_admin');

  app.get(
    '/api/v1/admin/tracking-companies',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Every tracking company, active or not, with how many tracking accounts use it',
        security: bearerSecurity,
        response: { 200: adminTrackingCompanyListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listTrackingCompaniesForAdmin(ctx, principalOf(request)),
  );

  app.patch(
    '/api/v1/admin/tracking-companies/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary:
          'Rename a tracking company, reword its description, or turn it off (no new accounts; existing ones keep working)',
        security: bearerSecurity,
        params: trackingCompanyIdParams,
        body: updateTrackingCompanyRequest,
        response: { 200: adminTrackingCompanySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateTrackingCompany(ctx, principalOf(request), request.params.id, request.body, request),
  );

  app.get(
    '/api/v1/admin/shipping-lines',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Shipping lines by name, searchable by name or code, with how many sizes have a tariff',
        security: bearerSecurity,
        querystring: adminShippingLineListQuery,
        response: { 200: adminShippingLinePage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listShippingLinesForAdmin(ctx, principalOf(request), request.query),
  );

  app.post(
    '/api/v1/admin/shipping-lines',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Add a shipping line (409 when its code or name is taken)',
        security: bearerSecurity,
        body: createShippingLineRequest,
        response: { 201: adminShippingLineSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createShippingLine(ctx, principalOf(request), request.body, request)),
  );

  app.get(
    '/api/v1/admin/shipping-lines/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'A shipping line with its tariff for each container size that has one',
        security: bearerSecurity,
        params: shippingLineIdParams,
        response: { 200: adminShippingLineSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getShippingLineForAdmin(ctx, principalOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/admin/shipping-lines/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Rename a shipping line or retire it (not offered for new orders; existing ones keep it)',
        security: bearerSecurity,
        params: shippingLineIdParams,
        body: updateShippingLineRequest,
        response: { 200: adminShippingLineSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateShippingLine(ctx, principalOf(request), request.params.id, request.body, request),
  );

  app.put(
    '/api/v1/admin/shipping-lines/:id/tariffs',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary:
          'Set the free days and daily demurrage and detention of the sizes sent; other sizes keep theirs',
        security: bearerSecurity,
        params: shippingLineIdParams,
        body: setShippingLineTariffsRequest,
        response: { 200: adminShippingLineSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      setShippingLineTariffs(ctx, principalOf(request), request.params.id, request.body, request),
  );

  app.get(
    '/api/v1/admin/terminals',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary:
          'Terminals, holding bays and inland depots by state, port and name; filter by kind or status',
        security: bearerSecurity,
        querystring: adminTerminalListQuery,
        response: { 200: adminTerminalPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listTerminalsForAdmin(ctx, principalOf(request), request.query),
  );

  app.post(
    '/api/v1/admin/terminals',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Add a terminal, holding bay or inland depot (409 when its code is taken)',
        security: bearerSecurity,
        body: createTerminalRequest,
        response: { 201: adminTerminalSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTerminal(ctx, principalOf(request), request.body, request)),
  );

  app.get(
    '/api/v1/admin/terminals/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'One terminal, holding bay or inland depot',
        security: bearerSecurity,
        params: terminalIdParams,
        response: { 200: adminTerminalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getTerminalForAdmin(ctx, principalOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/admin/terminals/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary:
          'Change a terminal (state with LGA, latitude with longitude) or retire it with active: false; never deleted',
        security: bearerSecurity,
        params: terminalIdParams,
        body: updateTerminalRequest,
        response: { 200: adminTerminalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateTerminal(ctx, principalOf(request), request.params.id, request.body, request),
  );

  app.get(
    '/api/v1/admin/platform-settings',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'The platform commission (basis points) and the payment terms of invoices (days)',
        security: bearerSecurity,
        response: { 200: platformSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getPlatformSettings(ctx, principalOf(request)),
  );

  app.put(
    '/api/v1/admin/platform-settings',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Set the commission and payment terms; invoices raised from the next award on use them',
        security: bearerSecurity,
        body: updatePlatformSettingsRequest,
        response: { 200: platformSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updatePlatformSettings(ctx, principalOf(request), request.body, request),
  );

  app.get(
    '/api/v1/admin/diesel-prices',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary:
          'The diesel prices per litre recorded, latest date first (the latest is shown beside lane rates)',
        security: bearerSecurity,
        response: { 200: dieselPriceListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => getDieselPrices(ctx, principalOf(request)),
  );

  app.post(
    '/api/v1/admin/diesel-prices',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Record the diesel price per litre seen on a date',
        security: bearerSecurity,
        body: recordDieselPriceRequest,
        response: { 201: dieselPriceEntrySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordDieselPrice(ctx, principalOf(request), request.body, request)),
  );
}
