import { z } from 'zod';
import {
  checkoutResponse,
  invoiceIdParams,
  paymentOutcomeSchema,
  paymentReferenceQuery,
  recordBankTransferRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { PAYSTACK_WEBHOOK_PATH } from './payments';
import { PAYSTACK_SIGNATURE_HEADER } from './paystack';
import { receivePaystackWebhook, recordBankTransfer, startCheckout, verifyPayment } from './payment.service';

const tags = ['Payments'];
/** Paystack's events are a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const webhookAnswer = z.object({ outcome: z.enum(['APPLIED', 'DUPLICATE', 'IGNORED', 'REJECTED']) });

export function paymentRoutes(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/api/v1/invoices/:id/checkout',
    {
      preHandler: requireAuth(ctx, 'role_customer'),
      schema: {
        tags,
        summary: "Start paying an invoice online: answers the provider's checkout page to send the payer to",
        description:
          'The amount is the invoice’s total. Refused (409) when the invoice is paid or void, or while a charge ' +
          'awaits the customer’s answer. The checkout sends the payer back to /payments/callback?reference=….',
        security: bearerSecurity,
        params: invoiceIdParams,
        response: { 201: checkoutResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await startCheckout(ctx, principalOf(request), request.params.id, request)),
  );

  app.get(
    '/api/v1/payments/verify',
    {
      preHandler: requireAuth(ctx, 'role_customer', 'role_admin'),
      schema: {
        tags,
        summary: 'What became of an online payment: asks the provider and settles it if it succeeded',
        security: bearerSecurity,
        querystring: paymentReferenceQuery,
        response: { 200: paymentOutcomeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => verifyPayment(ctx, principalOf(request), request.query.reference, request),
  );

  app.post(
    '/api/v1/admin/invoices/:id/bank-transfer',
    {
      preHandler: requireAuth(ctx, 'role_admin'),
      schema: {
        tags: ['Admin'],
        summary: 'Record a bank transfer seen on the statement: the invoice is paid for its total',
        security: bearerSecurity,
        params: invoiceIdParams,
        body: recordBankTransferRequest,
        response: { 201: paymentOutcomeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordBankTransfer(ctx, principalOf(request), request.params.id, request.body, request)),
  );

  // The signature is an HMAC of the body's exact bytes, so this route alone reads its JSON as raw bytes.
  void app.register(async (scope: ZodApp) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      PAYSTACK_WEBHOOK_PATH,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags,
          summary: "Paystack's webhook: charge.success settles the payment it names, once",
          description:
            'Signed with the x-paystack-signature header (HMAC-SHA512 of the raw body with the secret key); ' +
            'a bad or missing signature answers 401 and changes nothing. Every signed event is kept with its outcome.',
          response: { 200: webhookAnswer, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const header = request.headers[PAYSTACK_SIGNATURE_HEADER];
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return receivePaystackWebhook(ctx, rawBody, typeof header === 'string' ? header : undefined, request);
      },
    );
  });
}
