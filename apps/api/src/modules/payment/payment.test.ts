import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, lagosDateInDays, lagosToday } from '@freightlane/domain';
import {
  auditLog,
  invoiceCharges,
  invoices,
  jobs,
  notifications,
  paymentWebhookEvents,
  payments,
  payouts,
} from '../../db/schema';
import { listening } from '../../test/event-stream';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { NOTIFICATION_FANOUT_JOB } from '../notification/notification-fanout.job';
import { paystackSignature } from './paystack';
import { freePort } from '../../test/free-port';

const SECRET = `sk_test_${randomBytes(20).toString('hex')}`;
const WEBHOOK = '/api/v1/payments/paystack/webhook';
/** Awards in these tests are at ₦400,000: VAT 7.5 % makes ₦430,000, the commission 5 % of ₦400,000. */
const HAULAGE = 40_000_000;
const TOTAL = 43_000_000;

let t: TestApp;
let w: TripWorld;
/** The listening API, which the simulated checkout is served by and posts its webhooks to. */
let base: string;

beforeAll(async () => {
  // The app is told its address before it listens, so the simulator's links and webhooks reach it.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    APP_URL: origin,
    PAYSTACK_SIMULATOR: 'true',
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: `${origin}/api/v1/dev/paystack`,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  base = await listening(t.app);
  w = await tripWorld(t);
});
afterAll(() => t.close());

async function invoiceOf(tripId: string) {
  const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, tripId));
  return row!;
}

/** A new unpaid invoice of Lekki Foods (customer) × Agege Haulage (transporter). */
async function newInvoice() {
  const trip = (await w.award({}, HAULAGE)).trips[0];
  return invoiceOf(trip.id);
}

async function paymentsOf(invoiceId: string) {
  return t.ctx.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}

async function payoutsOf(invoiceId: string) {
  return t.ctx.db.select().from(payouts).where(eq(payouts.invoiceId, invoiceId));
}

async function eventsOf(reference: string) {
  return t.ctx.db
    .select()
    .from(paymentWebhookEvents)
    .where(eq(paymentWebhookEvents.reference, reference))
    .orderBy(paymentWebhookEvents.receivedAt);
}

/** The PAYMENT_RECEIVED fan-outs queued for a payment: one per company told. */
async function receivedNewsOf(paymentId: string) {
  return t.ctx.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, NOTIFICATION_FANOUT_JOB),
        sql`${jobs.payload}->>'kind' = 'PAYMENT_RECEIVED'`,
        sql`${jobs.payload}->>'key' like ${`payment-received:${paymentId}:%`}`,
      ),
    );
}

const checkout = (invoiceId: string, token = w.customer.accessToken, body?: unknown) =>
  call(t.app, 'POST', `/api/v1/invoices/${invoiceId}/checkout`, body, { token });

const verify = (reference: string, token = w.customer.accessToken) =>
  call(t.app, 'GET', `/api/v1/payments/verify?reference=${encodeURIComponent(reference)}`, undefined, {
    token,
  });

/** Posts a webhook as Paystack does: the JSON body signed with the secret key (or the signature given). */
async function webhook(body: unknown, signature?: string | null) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-paystack-signature': signature ?? paystackSignature(SECRET, raw) }),
    },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

function chargeSuccess(reference: string, overrides: Record<string, unknown> = {}) {
  return {
    event: 'charge.success',
    data: {
      id: 4099260516,
      domain: 'test',
      status: 'success',
      reference,
      amount: TOTAL,
      currency: 'NGN',
      channel: 'card',
      paid_at: '2026-11-21T13:05:00.000Z',
      customer: { email: 'ada@example.com' },
      metadata: {},
      ...overrides,
    },
  };
}

/** A PENDING online payment of the invoice, started through the API. */
async function startedPayment(invoiceId: string) {
  const res = await checkout(invoiceId);
  expect(res.status).toBe(201);
  const [row] = await t.ctx.db.select().from(payments).where(eq(payments.reference, res.body.reference));
  return row!;
}

describe('POST /api/v1/invoices/{id}/checkout', () => {
  it("starts a PENDING card payment for the invoice's total, whatever the client sends", async () => {
    const invoice = await newInvoice();
    expect(invoice.amountKobo).toBe(TOTAL);
    const res = await checkout(invoice.id, w.customer.accessToken, { amountKobo: 100, reference: 'MINE' });
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^FL-[0-9a-f]{32}$/);
    expect(res.body.authorizationUrl).toMatch(new RegExp(`^${base}/api/v1/dev/paystack/checkout/[\\w-]+$`));
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({
      method: 'CARD',
      status: 'PENDING',
      reference: res.body.reference,
      amountKobo: TOTAL,
      authorizationUrl: res.body.authorizationUrl,
      createdBy: w.customer.user.id,
    });
    expect(payment!.accessCode).toBe(res.body.authorizationUrl.split('/').pop());
  });

  it('gives each checkout a reference of its own', async () => {
    const invoice = await newInvoice();
    const first = await checkout(invoice.id);
    const second = await checkout(invoice.id);
    expect(first.body.reference).not.toBe(second.body.reference);
    expect(await paymentsOf(invoice.id)).toHaveLength(2);
  });

  it('refuses a paid or void invoice with 409', async () => {
    const paid = await newInvoice();
    await t.ctx.db
      .update(invoices)
      .set({ status: 'PAID', paidAt: new Date() })
      .where(eq(invoices.id, paid.id));
    const res = await checkout(paid.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Invoice ${paid.invoiceNumber} is already paid.`);
    const voided = await newInvoice();
    await t.ctx.db.update(invoices).set({ status: 'VOID' }).where(eq(invoices.id, voided.id));
    expect((await checkout(voided.id)).status).toBe(409);
    expect(await paymentsOf(paid.id)).toEqual([]);
    expect(await paymentsOf(voided.id)).toEqual([]);
  });

  it('refuses while a proposed charge awaits the answer, not once it is disputed', async () => {
    const invoice = await newInvoice();
    const [charge] = await t.ctx.db
      .insert(invoiceCharges)
      .values({
        invoiceId: invoice.id,
        kind: 'OTHER',
        amountKobo: 500_000,
        reason: 'Extra night at the port',
      })
      .returning();
    const res = await checkout(invoice.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Answer the proposed charges first/);
    await t.ctx.db
      .update(invoiceCharges)
      .set({ status: 'DISPUTED', disputeNote: 'Not agreed' })
      .where(eq(invoiceCharges.id, charge!.id));
    expect((await checkout(invoice.id)).status).toBe(201);
  });

  it("answers 404 for another company's invoice and an unknown one, 403 to other roles", async () => {
    const invoice = await newInvoice();
    expect((await checkout(invoice.id, w.otherCustomer.accessToken)).status).toBe(404);
    expect((await checkout(crypto.randomUUID())).status).toBe(404);
    for (const token of [w.transporter.accessToken, w.fleetManager.accessToken, w.admin.accessToken]) {
      expect((await checkout(invoice.id, token)).status).toBe(403);
    }
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  it('answers 400 naming the id when it is not one, and 401 without a token', async () => {
    const res = await checkout('not-an-id');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'params.id', message: 'Invoice not found' }]);
    expect((await call(t.app, 'POST', `/api/v1/invoices/${crypto.randomUUID()}/checkout`)).status).toBe(401);
  });
});

describe('the simulated checkout, end to end over HTTP', () => {
  it('shows the amount and e-mail, pays, posts the signed webhook, returns to the callback, verifies PAID', async () => {
    const invoice = await newInvoice();
    const started = await checkout(invoice.id);
    const { reference, authorizationUrl } = started.body;

    const page = await fetch(authorizationUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const html = await page.text();
    expect(html).toContain(formatMoney(TOTAL));
    expect(html).toContain(w.customer.email);
    expect(html).toContain(invoice.invoiceNumber);
    expect(html).toMatch(/<button type="submit" class="pay">Pay<\/button>/);
    expect(html).toMatch(/<button type="submit" class="cancel">Cancel<\/button>/);
    expect(html).not.toMatch(/<script|onclick=/i);
    const action = /<form method="post" action="([^"]+\/pay)">/.exec(html)![1]!;

    const paid = await fetch(`${base}${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${base}/payments/callback?trxref=${reference}&reference=${reference}`,
    );

    // The webhook arrived before the payer was sent back.
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({ status: 'SUCCEEDED', channel: 'card', amountKobo: TOTAL });
    expect(payment!.paidAt).toBeInstanceOf(Date);
    expect((await invoiceOf(invoice.tripId)).status).toBe('PAID');
    expect((await eventsOf(reference)).map((e) => [e.event, e.outcome])).toEqual([
      ['charge.success', 'APPLIED'],
    ]);
    expect(await payoutsOf(invoice.id)).toHaveLength(1);

    const outcome = await verify(reference);
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({
      reference,
      status: 'SUCCEEDED',
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      invoiceStatus: 'PAID',
      amountKobo: TOTAL,
    });
    // The admin reads it too.
    expect((await verify(reference, w.admin.accessToken)).body.status).toBe('SUCCEEDED');
  });

  it('on Cancel returns to the callback; verify says FAILED and the invoice stays unpaid', async () => {
    const invoice = await newInvoice();
    const { reference, authorizationUrl } = (await checkout(invoice.id)).body;
    const cancelled = await fetch(`${authorizationUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(
      `${base}/payments/callback?trxref=${reference}&reference=${reference}`,
    );
    const outcome = await verify(reference);
    expect(outcome.body).toMatchObject({ status: 'FAILED', invoiceStatus: 'PENDING_PAYMENT' });
    expect((await invoiceOf(invoice.tripId)).status).toBe('PENDING_PAYMENT');
    expect(await eventsOf(reference)).toEqual([]);
    // The page no longer offers to pay.
    const html = await (await fetch(authorizationUrl)).text();
    expect(html).toContain('This payment was cancelled');
    expect(html).not.toContain('class="pay"');
    // And the customer may start again.
    expect((await checkout(invoice.id)).status).toBe(201);
  });

  it('settles on verify when the webhook has not come, and only once', async () => {
    const invoice = await newInvoice();
    const { reference } = (await checkout(invoice.id)).body;
    expect((await verify(reference)).body.status).toBe('PENDING');
    // The payer paid, but the webhook is late: only the provider knows so far.
    t.ctx.payments.simulator!.pay(t.ctx.payments.simulator!.byReferenceOf(reference)!);
    const [first, second] = await Promise.all([verify(reference), verify(reference)]);
    expect(first.body).toMatchObject({ status: 'SUCCEEDED', invoiceStatus: 'PAID' });
    expect(second.body).toMatchObject({ status: 'SUCCEEDED', invoiceStatus: 'PAID' });
    expect(await payoutsOf(invoice.id)).toHaveLength(1);
    const [payment] = await paymentsOf(invoice.id);
    expect(await receivedNewsOf(payment!.id)).toHaveLength(2);
    // The webhook coming after finds it settled.
    const late = await webhook(chargeSuccess(reference, { paid_at: new Date().toISOString() }));
    expect(late.body).toEqual({ outcome: 'DUPLICATE' });
  });

  it('answers an unknown checkout with a 404 page', async () => {
    const res = await fetch(`${base}/api/v1/dev/paystack/checkout/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This checkout does not exist');
    const pay = await fetch(`${base}/api/v1/dev/paystack/checkout/nothing-here/pay`, { method: 'POST' });
    expect(pay.status).toBe(404);
  });

  it("speaks Paystack's protocol only to a caller with the secret key", async () => {
    const body = JSON.stringify({ email: 'ada@example.com', amount: '5000' });
    const noKey = await fetch(`${base}/api/v1/dev/paystack/transaction/initialize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ status: false, message: 'Invalid key' });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` };
    const started = await fetch(`${base}/api/v1/dev/paystack/transaction/initialize`, {
      method: 'POST',
      headers,
      body,
    });
    const answer = (await started.json()) as Record<string, any>;
    expect(answer).toMatchObject({ status: true, message: 'Authorization URL created' });
    expect(answer.data).toEqual({
      authorization_url: expect.stringMatching(/\/checkout\//),
      access_code: expect.any(String),
      reference: expect.any(String),
    });
    const verified = await fetch(`${base}/api/v1/dev/paystack/transaction/verify/${answer.data.reference}`, {
      headers,
    });
    expect(await verified.json()).toMatchObject({
      status: true,
      data: { status: 'ongoing', amount: 5000, currency: 'NGN', reference: answer.data.reference },
    });
    const bad = await fetch(`${base}/api/v1/dev/paystack/transaction/initialize`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'not an email', amount: 5000 }),
    });
    expect(bad.status).toBe(400);
    const unknown = await fetch(`${base}/api/v1/dev/paystack/transaction/verify/nope`, { headers });
    expect(await unknown.json()).toEqual({ status: false, message: 'Transaction reference not found' });
  });
});

describe('GET /api/v1/payments/verify', () => {
  it("answers 404 for another company's payment and an unknown reference, 403 to the transporter side", async () => {
    const payment = await startedPayment((await newInvoice()).id);
    expect((await verify(payment.reference, w.otherCustomer.accessToken)).status).toBe(404);
    expect((await verify('FL-unknown')).status).toBe(404);
    expect((await verify(payment.reference, w.transporter.accessToken)).status).toBe(403);
    expect((await verify(payment.reference, w.fleetManager.accessToken)).status).toBe(403);
  });

  it('answers 400 naming the reference when it is missing or malformed', async () => {
    const missing = await call(t.app, 'GET', '/api/v1/payments/verify', undefined, {
      token: w.customer.accessToken,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('query.reference');
    const malformed = await verify('FL 1/../x');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([
      {
        field: 'query.reference',
        message: 'reference has letters, digits, dots, dashes and underscores only',
      },
    ]);
  });
});

describe('POST /api/v1/payments/paystack/webhook', () => {
  it('settles a charge.success with a good signature once: payment, invoice, payout, news, event', async () => {
    const invoice = await newInvoice();
    const payment = await startedPayment(invoice.id);
    const res = await webhook(chargeSuccess(payment.reference));
    expect(res).toEqual({ status: 200, body: { outcome: 'APPLIED' } });

    const [settled] = await paymentsOf(invoice.id);
    expect(settled).toMatchObject({
      status: 'SUCCEEDED',
      channel: 'card',
      paidAt: new Date('2026-11-21T13:05:00.000Z'),
    });
    expect(await invoiceOf(invoice.tripId)).toMatchObject({
      status: 'PAID',
      paidAt: new Date('2026-11-21T13:05:00.000Z'),
    });
    const [payout] = await payoutsOf(invoice.id);
    // 5 % of the ₦400,000 haulage, not of the VAT.
    expect(payout).toMatchObject({
      status: 'PENDING',
      transporterCompanyId: w.transporter.company.id,
      paidKobo: TOTAL,
      commissionBasisPoints: 500,
      commissionKobo: 2_000_000,
      netKobo: TOTAL - 2_000_000,
      reference: null,
    });
    const [event] = await eventsOf(payment.reference);
    expect(event).toMatchObject({
      provider: 'paystack',
      event: 'charge.success',
      outcome: 'APPLIED',
      payload: chargeSuccess(payment.reference),
    });
    const news = (await receivedNewsOf(payment.id)).map((j) => j.payload as Record<string, any>);
    // One piece of news to each company; the jobs table keeps no order between them.
    expect(news.map((n) => n.to.companyIds)).toHaveLength(2);
    expect(news.map((n) => n.to.companyIds)).toEqual(
      expect.arrayContaining([[w.customer.company.id], [w.transporter.company.id]]),
    );
    await t.ctx.jobs.drain();
    const told = await t.ctx.db
      .select({ title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, w.customer.user.id), eq(notifications.kind, 'PAYMENT_RECEIVED')));
    expect(told).toContainEqual({
      title: `${invoice.invoiceNumber}: payment received`,
      link: `/payments/${invoice.id}`,
    });
  });

  it('changes nothing when replayed, and keeps each delivery', async () => {
    const invoice = await newInvoice();
    const payment = await startedPayment(invoice.id);
    expect((await webhook(chargeSuccess(payment.reference))).body.outcome).toBe('APPLIED');
    const before = { invoice: await invoiceOf(invoice.tripId), payments: await paymentsOf(invoice.id) };
    const replay = await webhook(chargeSuccess(payment.reference, { paid_at: '2026-11-22T09:00:00.000Z' }));
    expect(replay).toEqual({ status: 200, body: { outcome: 'DUPLICATE' } });
    expect(await invoiceOf(invoice.tripId)).toEqual(before.invoice);
    expect(await paymentsOf(invoice.id)).toEqual(before.payments);
    expect(await payoutsOf(invoice.id)).toHaveLength(1);
    expect(await receivedNewsOf(payment.id)).toHaveLength(2);
    expect((await eventsOf(payment.reference)).map((e) => e.outcome)).toEqual(['APPLIED', 'DUPLICATE']);
  });

  it('settles exactly once when five copies arrive together', async () => {
    const invoice = await newInvoice();
    const payment = await startedPayment(invoice.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => webhook(chargeSuccess(payment.reference))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual([
      'APPLIED',
      'DUPLICATE',
      'DUPLICATE',
      'DUPLICATE',
      'DUPLICATE',
    ]);
    const rows = await paymentsOf(invoice.id);
    expect(rows.filter((p) => p.status === 'SUCCEEDED')).toHaveLength(1);
    expect(await payoutsOf(invoice.id)).toHaveLength(1);
    expect((await invoiceOf(invoice.tripId)).status).toBe('PAID');
    expect(await receivedNewsOf(payment.id)).toHaveLength(2);
    await t.ctx.jobs.drain();
    const customerNews = await t.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, w.customer.user.id),
          eq(notifications.sourceKey, `payment-received:${payment.id}:customer`),
        ),
      );
    expect(customerNews).toHaveLength(1);
    expect(await eventsOf(payment.reference)).toHaveLength(5);
  });

  it('answers 401 to a bad or missing signature and writes nothing', async () => {
    const invoice = await newInvoice();
    const payment = await startedPayment(invoice.id);
    const body = JSON.stringify(chargeSuccess(payment.reference));
    const forged = await webhook(body, paystackSignature('sk_test_someone_else_entirely', body));
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('The webhook signature does not match.');
    expect((await webhook(body, null)).status).toBe(401);
    expect((await webhook(body, 'abc')).status).toBe(401);
    // Signed, then altered on the way: the amount doubled.
    const altered = body.replace(`"amount":${TOTAL}`, `"amount":${TOTAL * 2}`);
    expect((await webhook(altered, paystackSignature(SECRET, body))).status).toBe(401);
    expect(await paymentsOf(invoice.id)).toEqual([payment]);
    expect((await invoiceOf(invoice.tripId)).status).toBe('PENDING_PAYMENT');
    expect(await eventsOf(payment.reference)).toEqual([]);
    expect(await payoutsOf(invoice.id)).toEqual([]);
  });

  it('records a success of another amount or currency and does not apply it', async () => {
    const invoice = await newInvoice();
    const short = await startedPayment(invoice.id);
    const res = await webhook(chargeSuccess(short.reference, { amount: 100 }));
    expect(res).toEqual({ status: 200, body: { outcome: 'REJECTED' } });
    const [event] = await eventsOf(short.reference);
    expect(event).toMatchObject({
      outcome: 'REJECTED',
      detail: `Paid ₦1.00 where ${formatMoney(TOTAL)} was asked: refund it`,
    });
    const dollars = await startedPayment(invoice.id);
    expect((await webhook(chargeSuccess(dollars.reference, { currency: 'USD' }))).body.outcome).toBe(
      'REJECTED',
    );
    const rows = await paymentsOf(invoice.id);
    expect(rows.map((p) => p.status)).toEqual(['FAILED', 'FAILED']);
    expect(rows.find((p) => p.id === dollars.id)!.note).toBe('Paid in USD, not NGN: refund it');
    expect((await invoiceOf(invoice.tripId)).status).toBe('PENDING_PAYMENT');
    expect(await payoutsOf(invoice.id)).toEqual([]);
    expect(await receivedNewsOf(short.id)).toEqual([]);
    // A replay of the refused one stays refused.
    expect((await webhook(chargeSuccess(short.reference, { amount: 100 }))).body.outcome).toBe('DUPLICATE');
  });

  it('refuses a second payment of an invoice already paid, naming the first', async () => {
    const invoice = await newInvoice();
    const first = await startedPayment(invoice.id);
    const second = await startedPayment(invoice.id);
    expect((await webhook(chargeSuccess(first.reference))).body.outcome).toBe('APPLIED');
    expect((await webhook(chargeSuccess(second.reference))).body.outcome).toBe('REJECTED');
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, second.id));
    expect(row).toMatchObject({
      status: 'FAILED',
      note: `The invoice was paid already when the money arrived: refund it (paid by ${first.reference})`,
    });
    expect(await payoutsOf(invoice.id)).toHaveLength(1);
  });

  it('answers 200 IGNORED to an unknown reference, another event or an unreadable body, and keeps them', async () => {
    const unknown = `FL-${randomBytes(8).toString('hex')}`;
    expect(await webhook(chargeSuccess(unknown))).toEqual({ status: 200, body: { outcome: 'IGNORED' } });
    expect((await eventsOf(unknown))[0]).toMatchObject({
      outcome: 'IGNORED',
      detail: 'No payment has this reference',
    });

    const transfer = { event: 'transfer.success', data: { reference: 'TRF-1', amount: 100 } };
    expect((await webhook(transfer)).body.outcome).toBe('IGNORED');
    expect((await webhook('not json at all')).body.outcome).toBe('IGNORED');
    expect((await webhook({ event: 'charge.success', data: { amount: 'lots' } })).body.outcome).toBe(
      'IGNORED',
    );
    const kept = await t.ctx.db
      .select({ event: paymentWebhookEvents.event, payload: paymentWebhookEvents.payload })
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.outcome, 'IGNORED'));
    expect(kept).toContainEqual({ event: 'transfer.success', payload: transfer });
    expect(kept).toContainEqual({ event: 'unreadable', payload: { unreadable: 'not JSON', bytes: 15 } });
  });

  it('refuses a body over 64 KB', async () => {
    const huge = JSON.stringify({ event: 'charge.success', data: { padding: 'x'.repeat(70 * 1024) } });
    expect((await webhook(huge)).status).toBe(413);
  });
});

describe('POST /api/v1/admin/invoices/{id}/bank-transfer', () => {
  const record = (invoiceId: string, body: unknown, token = w.admin.accessToken) =>
    call(t.app, 'POST', `/api/v1/admin/invoices/${invoiceId}/bank-transfer`, body, { token });
  const uniqueRef = () => `NIP/${randomBytes(5).toString('hex').toUpperCase()}`;

  /** An invoice raised `days` ago. */
  async function invoiceRaisedDaysAgo(days: number) {
    const invoice = await newInvoice();
    const createdAt = new Date(Date.now() - days * 24 * 3600_000);
    await t.ctx.db.update(invoices).set({ createdAt }).where(eq(invoices.id, invoice.id));
    return { ...invoice, createdAt };
  }

  it('pays the invoice for its total on the day given, at noon Lagos, with its payout, news and audit', async () => {
    const invoice = await invoiceRaisedDaysAgo(5);
    const receivedOn = lagosDateInDays(-2);
    const reference = uniqueRef();
    const res = await record(invoice.id, { reference, receivedOn, note: 'GTBank statement line 14' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      reference,
      status: 'SUCCEEDED',
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      invoiceStatus: 'PAID',
      amountKobo: TOTAL,
    });
    const noon = new Date(`${receivedOn}T11:00:00.000Z`);
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({
      method: 'BANK_TRANSFER',
      status: 'SUCCEEDED',
      reference,
      amountKobo: TOTAL,
      note: 'GTBank statement line 14',
      paidAt: noon,
      createdBy: w.admin.user.id,
    });
    expect(await invoiceOf(invoice.tripId)).toMatchObject({ status: 'PAID', paidAt: noon });
    expect(await payoutsOf(invoice.id)).toEqual([
      expect.objectContaining({
        paidKobo: TOTAL,
        commissionKobo: HAULAGE / 20,
        netKobo: TOTAL - HAULAGE / 20,
      }),
    ]);
    expect(await receivedNewsOf(payment!.id)).toHaveLength(2);
    const [row] = await w.audits(invoice.id, 'invoice.bank_transfer_recorded');
    expect(row).toMatchObject({ actorUserId: w.admin.user.id });
    expect(row!.data).toMatchObject({
      before: { status: 'PENDING_PAYMENT', paidAt: null },
      after: { status: 'PAID', paidAt: noon.toISOString() },
      payment: { reference, amountKobo: TOTAL, receivedOn },
    });
  });

  it('takes a transfer that came today as paid now', async () => {
    const invoice = await newInvoice();
    const before = Date.now();
    const res = await record(invoice.id, { reference: uniqueRef(), receivedOn: lagosToday() });
    expect(res.status).toBe(201);
    const paidAt = (await invoiceOf(invoice.tripId)).paidAt!.getTime();
    expect(paidAt).toBeGreaterThanOrEqual(before - 1000);
    expect(paidAt).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a day in the future or before the invoice, naming receivedOn', async () => {
    const invoice = await invoiceRaisedDaysAgo(1);
    const future = await record(invoice.id, { reference: uniqueRef(), receivedOn: lagosDateInDays(1) });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([
      { field: 'receivedOn', message: 'The day the money arrived cannot be in the future' },
    ]);
    const early = await record(invoice.id, { reference: uniqueRef(), receivedOn: lagosDateInDays(-3) });
    expect(early.status).toBe(400);
    expect(early.body.errors[0].field).toBe('receivedOn');
    expect(early.body.message).toMatch(/^The money cannot have arrived before the invoice was raised on /);
    expect((await invoiceOf(invoice.tripId)).status).toBe('PENDING_PAYMENT');
  });

  it('answers 400 naming the field of malformed input', async () => {
    const invoice = await newInvoice();
    const cases: [unknown, string][] = [
      [{ reference: 'ab', receivedOn: lagosToday() }, 'reference'],
      [{ reference: uniqueRef(), receivedOn: '21/11/2026' }, 'receivedOn'],
      [{ reference: uniqueRef() }, 'receivedOn'],
      [{ reference: uniqueRef(), receivedOn: lagosToday(), amountKobo: 1 }, 'amountKobo'],
    ];
    for (const [body, field] of cases) {
      const res = await record(invoice.id, body);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  it('refuses a reference already recorded with 409 on reference', async () => {
    const reference = uniqueRef();
    expect((await record((await newInvoice()).id, { reference, receivedOn: lagosToday() })).status).toBe(201);
    const other = await newInvoice();
    const res = await record(other.id, { reference, receivedOn: lagosToday() });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      { field: 'reference', message: 'A payment with this reference is already recorded' },
    ]);
    expect((await invoiceOf(other.tripId)).status).toBe('PENDING_PAYMENT');
  });

  it('refuses a paid or void invoice, or one with a charge awaiting an answer, with 409', async () => {
    const paid = await newInvoice();
    expect((await record(paid.id, { reference: uniqueRef(), receivedOn: lagosToday() })).status).toBe(201);
    expect((await record(paid.id, { reference: uniqueRef(), receivedOn: lagosToday() })).status).toBe(409);
    const voided = await newInvoice();
    await t.ctx.db.update(invoices).set({ status: 'VOID' }).where(eq(invoices.id, voided.id));
    expect((await record(voided.id, { reference: uniqueRef(), receivedOn: lagosToday() })).status).toBe(409);
    const charged = await newInvoice();
    await t.ctx.db
      .insert(invoiceCharges)
      .values({ invoiceId: charged.id, kind: 'OTHER', amountKobo: 100_000, reason: 'Escort fee' });
    expect((await record(charged.id, { reference: uniqueRef(), receivedOn: lagosToday() })).status).toBe(409);
    expect(await payoutsOf(paid.id)).toHaveLength(1);
    expect(
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, paid.id), eq(auditLog.action, 'invoice.bank_transfer_recorded'))),
    ).toHaveLength(1);
  });

  it('is for admins only: 403 to the parties, 404 for an unknown invoice', async () => {
    const invoice = await newInvoice();
    const body = { reference: uniqueRef(), receivedOn: lagosToday() };
    for (const token of [w.customer.accessToken, w.transporter.accessToken, w.fleetManager.accessToken]) {
      expect((await record(invoice.id, body, token)).status).toBe(403);
    }
    expect((await record(crypto.randomUUID(), body)).status).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/v1/admin/invoices/${invoice.id}/bank-transfer`, body)).status,
    ).toBe(401);
  });
});

describe('without a payment provider (production with no secret key)', () => {
  it('refuses online checkout with 409, every webhook with 401, serves no simulator, takes transfers', async () => {
    const off = await createTestApp({ PAYSTACK_SIMULATOR: 'false' });
    try {
      expect(off.ctx.payments).toMatchObject({ provider: null, simulator: null });
      const world = await tripWorld(off);
      const trip = (await world.award({}, HAULAGE)).trips[0];
      const [invoice] = await off.ctx.db.select().from(invoices).where(eq(invoices.tripId, trip.id));
      const res = await call(off.app, 'POST', `/api/v1/invoices/${invoice!.id}/checkout`, undefined, {
        token: world.customer.accessToken,
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^Online payment is not available yet/);
      const body = JSON.stringify(chargeSuccess('FL-anything'));
      const hook = await off.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': paystackSignature(SECRET, body),
        },
        payload: body,
      });
      expect(hook.statusCode).toBe(401);
      expect(
        (await off.app.inject({ method: 'GET', url: '/api/v1/dev/paystack/checkout/x' })).statusCode,
      ).toBe(404);
      const transfer = await call(
        off.app,
        'POST',
        `/api/v1/admin/invoices/${invoice!.id}/bank-transfer`,
        { reference: 'NIP/OFFLINE/1', receivedOn: lagosToday() },
        { token: world.admin.accessToken },
      );
      expect(transfer.status).toBe(201);
    } finally {
      await off.close();
    }
  });
});
