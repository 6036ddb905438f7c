import { z } from 'zod';
import {
  awardOrderRequest,
  cancelOrderRequest,
  createOrderRequest,
  MAX_QUOTE_DOCUMENT_BYTES,
  orderDetailSchema,
  orderIdParams,
  orderListQuery,
  orderPage,
  quoteDocumentSchema,
  returnLoadsWelcomeRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { sendJsonAnswer } from '../../lib/http-cache';
import { bearerSecurity, errorResponses, multipartForm, type ZodApp } from '../../lib/route-kit';
import { attachmentHeader, readUpload } from '../../lib/upload';
import { principalOf, requireAuth } from '../../plugins/auth';
import { awardOrder } from './award.service';
import {
  cancelOrder,
  getCustomerOrder,
  listCustomerOrders,
  openQuoteDocument,
  placeOrder,
  setReturnLoadsWelcome,
  storeQuoteDocument,
} from './order.service';

export function orderRoutes(app: ZodApp, ctx: AppContext): void {
  const customerOnly = requireAuth(ctx, 'role_customer');

  app.post(
    '/api/v1/orders/quote-documents',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Orders'],
        summary: 'Upload a quote document (PDF, at most 10 MB) to attach to an order being placed',
        description:
          'multipart/form-data with one file in the field `file`. Returns its id for quoteDocumentId.',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        multipartBody: multipartForm('The quote as a PDF, at most 10 MB'),
        response: { 201: quoteDocumentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, {
        maxBytes: MAX_QUOTE_DOCUMENT_BYTES,
        allowed: ['application/pdf'],
      });
      return reply.status(201).send(await storeQuoteDocument(ctx, principalOf(request), upload, request.ip));
    },
  );

  app.post(
    '/api/v1/orders',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Orders'],
        summary: 'Place a haulage order; it opens for bids at once (needs a verified company)',
        security: bearerSecurity,
        body: createOrderRequest,
        response: { 201: orderDetailSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await placeOrder(ctx, principalOf(request), request.body, request.ip)),
  );

  app.get(
    '/api/v1/orders',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Orders'],
        summary:
          "Your company's orders, newest first; q searches order number, client, reference and container",
        security: bearerSecurity,
        querystring: orderListQuery,
        response: { 200: orderPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendJsonAnswer(request, reply, await listCustomerOrders(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/api/v1/orders/:id',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Orders'],
        summary: 'One of your orders with its items, bids (cheapest first) and trips',
        security: bearerSecurity,
        params: orderIdParams,
        response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCustomerOrder(ctx, principalOf(request), request.params.id),
  );

  app.get(
    '/api/v1/orders/:id/quote-document',
    {
      // The transporter roles may read it too while they may see the order.
      preHandler: requireAuth(ctx, 'role_customer', 'role_transporter', 'role_fleet_manager'),
      schema: {
        tags: ['Orders'],
        summary: "Download an order's quote document (as an attachment)",
        security: bearerSecurity,
        params: orderIdParams,
        produces: ['application/pdf'],
        fileResponse: 'The PDF, with Content-Disposition: attachment',
        // Typed as any so the handler may send the file stream; OpenAPI documents it through fileResponse.
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await openQuoteDocument(ctx, principalOf(request), request.params.id);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.post(
    '/api/v1/orders/:id/cancel',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Orders'],
        summary: 'Cancel an order that is still open; its bidders are told',
        security: bearerSecurity,
        params: orderIdParams,
        body: cancelOrderRequest,
        response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      cancelOrder(ctx, principalOf(request), request.params.id, request.body.reason, request.ip),
  );

  app.put(
    '/api/v1/orders/:id/return-loads-welcome',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Orders'],
        summary: 'Mark or unmark an open order "return loads welcome" (listed first to returning trucks)',
        security: bearerSecurity,
        params: orderIdParams,
        body: returnLoadsWelcomeRequest,
        response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setReturnLoadsWelcome(
        ctx,
        principalOf(request),
        request.params.id,
        request.body.returnLoadsWelcome,
        request.ip,
      ),
  );

  app.post(
    '/api/v1/orders/:id/award',
    {
      preHandler: customerOnly,
      schema: {
        tags: ['Orders'],
        summary: 'Award the order: every item to one active bid; creates the trips and invoices',
        security: bearerSecurity,
        params: orderIdParams,
        body: awardOrderRequest,
        response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => awardOrder(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );
}
