import { z } from 'zod';
import {
  disputeChargeRequest,
  invoiceChargeParams,
  invoiceDetailSchema,
  invoiceIdParams,
  invoiceListQuery,
  invoicePage,
  invoiceSummarySchema,
  proposeChargeRequest,
  reviseChargeRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { attachmentHeader } from '../../lib/upload';
import { principalOf, requireAuth } from '../../plugins/auth';
import {
  acceptCharge,
  disputeCharge,
  proposeCharge,
  reviseCharge,
  withdrawCharge,
} from './invoice-charge.service';
import { getInvoiceFor, invoicePdfFor, invoiceSummaryFor, listInvoicesFor } from './invoice.service';

const tags = ['Invoices'];

export function invoiceRoutes(app: ZodApp, ctx: AppContext): void {
  // The transporter's owner account and fleet managers propose and revise; the customer answers.
  const transporterSide = requireAuth(ctx, 'role_transporter', 'role_fleet_manager');
  const customerOnly = requireAuth(ctx, 'role_customer');

  app.get(
    '/api/v1/invoices',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary:
          'Invoices of your trips, the soonest due first; ?status=PENDING_PAYMENT for pending payments',
        description:
          'A customer sees its own invoices, a transporter or fleet manager its company’s, an admin every invoice. PENDING_PAYMENT lists every unpaid invoice (overdue ones too), OVERDUE only those past their due date; q finds an invoice, trip or order number.',
        security: bearerSecurity,
        querystring: invoiceListQuery,
        response: { 200: invoicePage, ...errorResponses(400, 401) },
      },
    },
    async (request) => listInvoicesFor(ctx, principalOf(request), request.query),
  );

  app.get(
    '/api/v1/invoices/summary',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'The totals of your invoices: pending, overdue, paid this month, charges awaiting an answer',
        security: bearerSecurity,
        response: { 200: invoiceSummarySchema, ...errorResponses(401) },
      },
    },
    async (request) => invoiceSummaryFor(ctx, principalOf(request)),
  );

  app.get(
    '/api/v1/invoices/:id',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'An invoice with its trip, both companies, its charges, payments and payout',
        description: 'Its customer, its transporter’s people and admins may read it; anyone else gets 404.',
        security: bearerSecurity,
        params: invoiceIdParams,
        response: { 200: invoiceDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getInvoiceFor(ctx, principalOf(request), request.params.id),
  );

  app.get(
    '/api/v1/invoices/:id/pdf',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'Download the invoice as a PDF (as an attachment)',
        security: bearerSecurity,
        params: invoiceIdParams,
        produces: ['application/pdf'],
        fileResponse: 'The PDF, with Content-Disposition: attachment',
        // Typed as any so the handler may send the file's bytes; OpenAPI documents it through fileResponse.
        response: { 200: z.any(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const file = await invoicePdfFor(ctx, principalOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/api/v1/invoices/:id/charges',
    {
      preHandler: transporterSide,
      schema: {
        tags,
        summary:
          'Propose an extra charge on an unpaid invoice, with its reason; the customer accepts or disputes it',
        security: bearerSecurity,
        params: invoiceIdParams,
        body: proposeChargeRequest,
        response: { 201: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await proposeCharge(ctx, principalOf(request), request.params.id, request.body, request.ip)),
  );

  app.patch(
    '/api/v1/invoices/:id/charges/:chargeId',
    {
      preHandler: transporterSide,
      schema: {
        tags,
        summary: 'Revise a disputed charge: a new amount and reason, proposed to the customer again',
        security: bearerSecurity,
        params: invoiceChargeParams,
        body: reviseChargeRequest,
        response: { 200: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      reviseCharge(
        ctx,
        principalOf(request),
        request.params.id,
        request.params.chargeId,
        request.body,
        request.ip,
      ),
  );

  app.post(
    '/api/v1/invoices/:id/charges/:chargeId/withdraw',
    {
      preHandler: transporterSide,
      schema: {
        tags,
        summary: 'Withdraw a charge the customer has not accepted',
        security: bearerSecurity,
        params: invoiceChargeParams,
        response: { 200: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      withdrawCharge(ctx, principalOf(request), request.params.id, request.params.chargeId, request.ip),
  );

  app.post(
    '/api/v1/invoices/:id/charges/:chargeId/accept',
    {
      preHandler: customerOnly,
      schema: {
        tags,
        summary: "Accept a charge: it is added to the invoice's figures, VAT included",
        security: bearerSecurity,
        params: invoiceChargeParams,
        response: { 200: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      acceptCharge(ctx, principalOf(request), request.params.id, request.params.chargeId, request.ip),
  );

  app.post(
    '/api/v1/invoices/:id/charges/:chargeId/dispute',
    {
      preHandler: customerOnly,
      schema: {
        tags,
        summary: 'Dispute a proposed charge with a note; the transporter may revise or withdraw it',
        security: bearerSecurity,
        params: invoiceChargeParams,
        body: disputeChargeRequest,
        response: { 200: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      disputeCharge(
        ctx,
        principalOf(request),
        request.params.id,
        request.params.chargeId,
        request.body,
        request.ip,
      ),
  );
}
