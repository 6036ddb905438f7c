import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatMoney } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { SIMULATOR_PATH } from '../../env';
import { escapeHtml } from '../../lib/mail-layout';
import type { ZodApp } from '../../lib/route-kit';
import { PAYSTACK_SIGNATURE_HEADER, paystackSignature } from './paystack';
import type { PaystackSimulator, SimulatedTransaction } from './paystack-simulator';

// Development and tests only (never registered in production): a stand-in for Paystack that speaks its
// documented protocol, so the whole payment journey runs without an account or a network. Its API answers
// Paystack's envelopes, its checkout page has Pay and Cancel, and Pay posts a signed `charge.success`
// webhook to the API before sending the payer back, as Paystack does.

const WEBHOOK_TIMEOUT_MS = 10_000;

const initializeBody = z.object({
  email: z.email({ error: 'Invalid email' }),
  amount: z.union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ]),
  currency: z.string().max(10).default('NGN'),
  reference: z
    .string()
    .regex(/^[A-Za-z0-9_.=-]{1,100}$/)
    .optional(),
  callback_url: z.url().optional(),
  metadata: z.unknown().optional(),
});

const referenceParams = z.object({ reference: z.string().max(200) });
const accessCodeParams = z.object({ accessCode: z.string().max(100) });

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Paystack's answer to a call without the secret key. */
function authorised(simulator: PaystackSimulator, request: FastifyRequest, reply: FastifyReply): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (match && sameSecret(match[1]!, simulator.secretKey)) return true;
  void reply.status(401).send({ status: false, message: 'Invalid key' });
  return false;
}

/** The callback address with Paystack's return parameters. */
function returnUrl(transaction: SimulatedTransaction): string | null {
  if (!transaction.callbackUrl) return null;
  const url = new URL(transaction.callbackUrl);
  url.searchParams.set('trxref', transaction.reference);
  url.searchParams.set('reference', transaction.reference);
  return url.toString();
}

/**
 * The page's own headers: no script at all, styles inline, and forms that may post here and be sent on to
 * the callback's origin (a form's redirect is held to form-action too).
 */
function pageHeaders(transaction: SimulatedTransaction | undefined): Record<string, string> {
  const formTargets = ["'self'"];
  if (transaction?.callbackUrl) formTargets.push(new URL(transaction.callbackUrl).origin);
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      `form-action ${formTargets.join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #f4f6f5; color: #1a1a1a;
    font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; line-height: 1.5; }
  main { max-width: 440px; margin: 0 auto; padding: 32px 16px; }
  .brand { font-size: 20px; font-weight: 700; color: #2b8a3e; margin: 0 0 16px; }
  .card { background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  .notice { background: #fff4e6; color: #7a3d00; border-radius: 6px; padding: 8px 12px; font-size: 14px; margin: 0 0 16px; }
  h1 { font-size: 16px; font-weight: 600; margin: 0 0 4px; color: #444; }
  .amount { font-size: 32px; font-weight: 700; font-variant-numeric: tabular-nums; margin: 0 0 16px; }
  dl { margin: 0 0 24px; display: grid; grid-template-columns: auto 1fr; gap: 4px 16px; font-size: 14px; }
  dt { color: #555; }
  dd { margin: 0; word-break: break-all; }
  .actions { display: flex; gap: 12px; flex-wrap: wrap; }
  .actions form { margin: 0; }
  button, .link { font: inherit; font-weight: 600; border-radius: 6px; padding: 10px 24px; cursor: pointer;
    border: 1px solid #2b8a3e; text-decoration: none; display: inline-block; }
  .pay { background: #2b8a3e; color: #fff; }
  .cancel { background: #fff; color: #2b8a3e; }
  button:focus-visible, .link:focus-visible { outline: 3px solid #1c5d29; outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Freightlane</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Freightlane</p>
<section class="card" aria-labelledby="title">
<p class="notice">Test checkout: no money moves. It stands in for Paystack while the platform is in development.</p>
${body}
</section>
</main>
</body>
</html>`;
}

function details(transaction: SimulatedTransaction): string {
  const invoice = (transaction.metadata as { invoiceNumber?: unknown } | null)?.invoiceNumber;
  return `<dl>
<dt>E-mail</dt><dd>${escapeHtml(transaction.email)}</dd>
${typeof invoice === 'string' ? `<dt>Invoice</dt><dd>${escapeHtml(invoice)}</dd>` : ''}
<dt>Reference</dt><dd>${escapeHtml(transaction.reference)}</dd>
</dl>`;
}

function checkoutPage(transaction: SimulatedTransaction): string {
  const amount = escapeHtml(formatMoney(transaction.amountKobo));
  const action = `${SIMULATOR_PATH}/checkout/${encodeURIComponent(transaction.accessCode)}`;
  if (transaction.status === 'ongoing') {
    return page(
      `Pay ${formatMoney(transaction.amountKobo)}`,
      `<h1 id="title">Amount to pay</h1>
<p class="amount">${amount}</p>
${details(transaction)}
<div class="actions">
<form method="post" action="${escapeHtml(`${action}/pay`)}"><button type="submit" class="pay">Pay</button></form>
<form method="post" action="${escapeHtml(`${action}/cancel`)}"><button type="submit" class="cancel">Cancel</button></form>
</div>`,
    );
  }
  const back = returnUrl(transaction);
  const done = transaction.status === 'success' ? 'This payment is complete' : 'This payment was cancelled';
  return page(
    done,
    `<h1 id="title">${done}</h1>
<p class="amount">${amount}</p>
${details(transaction)}
${back ? `<p><a class="link cancel" href="${escapeHtml(back)}">Back to Freightlane</a></p>` : ''}`,
  );
}

const notFoundPage = page(
  'Checkout not found',
  '<h1 id="title">This checkout does not exist</h1><p>Start the payment again from the invoice.</p>',
);

/** Posts the signed `charge.success` webhook to the API, as Paystack would; a failure is logged, not fatal. */
async function sendChargeSuccess(
  simulator: PaystackSimulator,
  transaction: SimulatedTransaction,
  log: FastifyRequest['log'],
): Promise<void> {
  const body = JSON.stringify({ event: 'charge.success', data: simulator.paystackData(transaction) });
  try {
    const response = await fetch(simulator.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PAYSTACK_SIGNATURE_HEADER]: paystackSignature(simulator.secretKey, body),
      },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (!response.ok) log.warn({ status: response.status }, 'the simulated webhook was refused');
  } catch (err) {
    // The return page's verification settles the payment all the same.
    log.warn({ err, webhookUrl: simulator.webhookUrl }, 'the simulated webhook could not be delivered');
  }
}

/** The stand-in speaks a third party's protocol, not the platform's API: it is left out of the OpenAPI document. */
export function paystackSimulatorRoutes(app: ZodApp, ctx: AppContext): void {
  const simulator = ctx.payments.simulator;
  if (!simulator) return;

  void app.register(async (scope: ZodApp) => {
    // The checkout's buttons are plain forms with no fields: their bodies are not read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    scope.post(
      `${SIMULATOR_PATH}/transaction/initialize`,
      {
        schema: { hide: true },
      },
      async (request, reply) => {
        if (!authorised(simulator, request, reply)) return reply;
        const parsed = initializeBody.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return reply.status(400).send({
            status: false,
            message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'Invalid'}`,
          });
        }
        const input = parsed.data;
        const transaction = simulator.start({
          email: input.email,
          amountKobo: input.amount,
          currency: input.currency.toUpperCase(),
          reference: input.reference,
          callbackUrl: input.callback_url,
          metadata: input.metadata,
        });
        if (!transaction) {
          return reply.status(400).send({ status: false, message: 'Duplicate Transaction Reference' });
        }
        return reply.send({
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `${simulator.publicUrl}/checkout/${transaction.accessCode}`,
            access_code: transaction.accessCode,
            reference: transaction.reference,
          },
        });
      },
    );

    scope.get(
      `${SIMULATOR_PATH}/transaction/verify/:reference`,
      {
        schema: { hide: true, params: referenceParams },
      },
      async (request, reply) => {
        if (!authorised(simulator, request, reply)) return reply;
        const transaction = simulator.byReferenceOf(request.params.reference);
        if (!transaction) {
          return reply.status(400).send({ status: false, message: 'Transaction reference not found' });
        }
        return reply.send({
          status: true,
          message: 'Verification successful',
          data: simulator.paystackData(transaction),
        });
      },
    );

    scope.get(
      `${SIMULATOR_PATH}/checkout/:accessCode`,
      {
        config: { securityHeaders: false },
        schema: { hide: true, params: accessCodeParams },
      },
      async (request, reply) => {
        const transaction = simulator.byAccessCode(request.params.accessCode);
        void reply.headers(pageHeaders(transaction));
        if (!transaction) return reply.status(404).send(notFoundPage);
        return reply.send(checkoutPage(transaction));
      },
    );

    scope.post(
      `${SIMULATOR_PATH}/checkout/:accessCode/pay`,
      {
        schema: { hide: true, params: accessCodeParams },
      },
      async (request, reply) => {
        const transaction = simulator.byAccessCode(request.params.accessCode);
        if (!transaction) return reply.status(404).headers(pageHeaders(undefined)).send(notFoundPage);
        if (simulator.pay(transaction)) await sendChargeSuccess(simulator, transaction, request.log);
        const back = returnUrl(transaction);
        if (back) return reply.redirect(back, 303);
        return reply.headers(pageHeaders(transaction)).send(checkoutPage(transaction));
      },
    );

    scope.post(
      `${SIMULATOR_PATH}/checkout/:accessCode/cancel`,
      {
        schema: { hide: true, params: accessCodeParams },
      },
      async (request, reply) => {
        const transaction = simulator.byAccessCode(request.params.accessCode);
        if (!transaction) return reply.status(404).headers(pageHeaders(undefined)).send(notFoundPage);
        simulator.cancel(transaction);
        const back = returnUrl(transaction);
        if (back) return reply.redirect(back, 303);
        return reply.headers(pageHeaders(transaction)).send(checkoutPage(transaction));
      },
    );
  });
}
