import {
  EXPENSE_KINDS,
  MAX_TRIP_DOCUMENT_BYTES,
  TRIP_DOCUMENT_TYPES,
  driverBalanceQuery,
  driverBalanceSchema,
  driverIdParams,
  expenseFields,
  expenseIdParams,
  expenseReviewRequest,
  tripAdvanceIdParams,
  tripAdvanceRequest,
  tripExpenseIdParams,
  tripIdParams,
  tripMoneySchema,
  tripSettlementRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { sendDownload } from '../../lib/download';
import { formFields, readForm } from '../../lib/upload';
import { principalOf, requireAuth } from '../../plugins/auth';
import { openStoredFile } from '../../plugins/storage';
import { FLEET_ROLES } from '../fleet';
import { withReceipt } from './receipt';
import {
  checkTripForExpense,
  driverBalanceFor,
  expenseReceiptFor,
  giveAdvance,
  recordOfficeExpense,
  removeAdvance,
  reviewExpense,
  settleTrip,
  tripMoneyFor,
} from './road-money.service';

const tags = ['Trip cash'];

/** The receipt's form fields, as the OpenAPI document shows them. */
const EXPENSE_FORM = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: [...EXPENSE_KINDS] },
    amountKobo: { type: 'string', description: 'Every kind but diesel: the amount in kobo' },
    litres: { type: 'string', description: 'Diesel: litres bought, two decimals at most' },
    pricePerLitreKobo: { type: 'string', description: 'Diesel: the price a litre in kobo' },
    note: { type: 'string' },
    spentAt: { type: 'string', description: 'ISO 8601; now when absent' },
    latitude: { type: 'string' },
    longitude: { type: 'string' },
    file: {
      type: 'string',
      format: 'binary',
      description: 'The receipt: PDF, JPEG, PNG or WebP, 10 MB at most',
    },
  },
};

export function roadMoneyRoutes(app: ZodApp, ctx: AppContext): void {
  const fleetOnly = requireAuth(ctx, ...FLEET_ROLES);
  const readers = requireAuth(ctx, ...FLEET_ROLES, 'role_admin');

  app.get(
    '/api/v1/trips/:id/money',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: "The trip's cash account: advances, expenses, balance, settlement and profit",
        description:
          "The transporter's side only; the customer is answered 404, as for another company's trip.",
        security: bearerSecurity,
        params: tripIdParams,
        response: { 200: tripMoneySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => tripMoneyFor(ctx, principalOf(request), request.params.id),
  );

  app.post(
    '/api/v1/trips/:id/advances',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: "Give the trip's driver an advance (cash, or a transfer with its reference)",
        security: bearerSecurity,
        params: tripIdParams,
        body: tripAdvanceRequest,
        response: { 201: tripMoneySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await giveAdvance(ctx, principalOf(request), request.params.id, request.body, request)),
  );

  app.delete(
    '/api/v1/trips/:id/advances/:advanceId',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: 'Remove an advance entered by mistake (until the trip is settled)',
        security: bearerSecurity,
        params: tripAdvanceIdParams,
        response: { 200: tripMoneySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      removeAdvance(ctx, principalOf(request), request.params.id, request.params.advanceId, request),
  );

  app.post(
    '/api/v1/trips/:id/expenses',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: 'Record an expense of the trip for its driver, with an optional receipt (multipart)',
        description:
          'Recorded by the office, so approved by its recorder. Diesel is `litres` and `pricePerLitreKobo`; every other kind is `amountKobo`.',
        consumes: ['multipart/form-data'],
        multipartBody: EXPENSE_FORM,
        security: bearerSecurity,
        params: tripIdParams,
        response: { 201: tripMoneySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      await checkTripForExpense(ctx, principal, request.params.id);
      const form = await readForm(request, {
        maxBytes: MAX_TRIP_DOCUMENT_BYTES,
        allowed: TRIP_DOCUMENT_TYPES,
        maxFields: 12,
      });
      const fields = formFields(expenseFields, form.fields);
      const money = await withReceipt(ctx, form.file, (receipt) =>
        recordOfficeExpense(ctx, principal, request.params.id, fields, receipt, request),
      );
      return reply.status(201).send(money);
    },
  );

  app.post(
    '/api/v1/trips/:id/expenses/:expenseId/review',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: 'Approve, query (with a question) or reject (with a reason) an expense',
        security: bearerSecurity,
        params: tripExpenseIdParams,
        body: expenseReviewRequest,
        response: { 200: tripMoneySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      reviewExpense(
        ctx,
        principalOf(request),
        request.params.id,
        request.params.expenseId,
        request.body,
        request,
      ),
  );

  app.get(
    '/api/v1/trips/expenses/:expenseId/receipt',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: "Download an expense's receipt (always as an attachment)",
        fileResponse: 'The receipt (PDF, JPEG, PNG or WebP), with Content-Disposition: attachment',
        security: bearerSecurity,
        params: expenseIdParams,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const expense = await expenseReceiptFor(ctx, principalOf(request), request.params.expenseId);
      return sendDownload(reply, {
        fileName: expense.receiptFileName!,
        contentType: expense.receiptContentType!,
        sizeBytes: expense.receiptSizeBytes!,
        stream: await openStoredFile(ctx.storage, expense.receiptStorageKey!, 'Receipt'),
      });
    },
  );

  app.post(
    '/api/v1/trips/:id/settlement',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary:
          "Settle the trip's cash with its driver, once delivered or cancelled and every expense reviewed",
        security: bearerSecurity,
        params: tripIdParams,
        body: tripSettlementRequest,
        response: { 201: tripMoneySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await settleTrip(ctx, principalOf(request), request.params.id, request.body, request)),
  );

  app.get(
    '/api/v1/fleet/drivers/:id/balance',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: "The driver's running cash balance over all trips, with the trips behind it",
        security: bearerSecurity,
        params: driverIdParams,
        querystring: driverBalanceQuery,
        response: { 200: driverBalanceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => driverBalanceFor(ctx, principalOf(request), request.params.id, request.query),
  );
}
