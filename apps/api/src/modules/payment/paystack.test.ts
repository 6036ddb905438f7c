import { createHmac } from 'node:crypto';
import { configErrorOf, PRODUCTION_ENV } from '../../test/env-config';
import { describe, expect, it } from 'vitest';
import { loadEnv, SIMULATOR_SECRET_KEY } from '../../env';
import { buildPayments } from './payments';
import { hasPaystackSignature, paystackSignature, paystackTransaction, toVerified } from './paystack';
import { PaystackSimulator } from './paystack-simulator';

const SECRET = 'sk_test_0123456789abcdef0123456789abcdef';
const BODY = Buffer.from('{"event":"charge.success","data":{"reference":"FL-1","amount":4300000}}');

describe("Paystack's webhook signature", () => {
  it('is the hex HMAC-SHA512 of the raw body with the secret key', () => {
    const expected = createHmac('sha512', SECRET).update(BODY).digest('hex');
    expect(paystackSignature(SECRET, BODY)).toBe(expected);
    expect(paystackSignature(SECRET, BODY.toString('utf8'))).toBe(expected);
    expect(expected).toHaveLength(128);
  });

  it('accepts the right signature, in either case of hex', () => {
    const signature = paystackSignature(SECRET, BODY);
    expect(hasPaystackSignature(SECRET, BODY, signature)).toBe(true);
    expect(hasPaystackSignature(SECRET, BODY, signature.toUpperCase())).toBe(true);
  });

  it('refuses a missing, malformed, other key’s or other body’s signature', () => {
    const signature = paystackSignature(SECRET, BODY);
    expect(hasPaystackSignature(SECRET, BODY, undefined)).toBe(false);
    expect(hasPaystackSignature(SECRET, BODY, '')).toBe(false);
    expect(hasPaystackSignature(SECRET, BODY, signature.slice(0, 64))).toBe(false);
    expect(hasPaystackSignature(SECRET, BODY, `${signature.slice(0, 127)}g`)).toBe(false);
    expect(hasPaystackSignature(SECRET, BODY, paystackSignature(`${SECRET}x`, BODY))).toBe(false);
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(BODY.toString('utf8')), null, 1));
    expect(hasPaystackSignature(SECRET, reformatted, signature)).toBe(false);
  });
});

describe('a Paystack transaction as the platform reads it', () => {
  it('keeps the reference, status, kobo amount, currency, channel and payment time', () => {
    const transaction = paystackTransaction.parse({
      id: 302961,
      status: 'success',
      reference: 'FL-abc',
      amount: 4_300_000,
      currency: 'ngn',
      channel: 'card',
      paid_at: '2026-11-21T13:05:00.000Z',
      customer: { email: 'ada@example.com' },
    });
    expect(toVerified(transaction)).toEqual({
      reference: 'FL-abc',
      status: 'success',
      amountKobo: 4_300_000,
      currency: 'NGN',
      channel: 'card',
      paidAt: new Date('2026-11-21T13:05:00.000Z'),
    });
  });

  it('reads paidAt when paid_at is absent, and an unknown status as pending', () => {
    const read = toVerified(
      paystackTransaction.parse({
        status: 'settling',
        reference: 'FL-x',
        amount: 100,
        currency: 'NGN',
        paidAt: 'not a date',
      }),
    );
    expect(read).toMatchObject({ status: 'pending', channel: null, paidAt: null });
  });

  it('refuses a charge without a reference or a whole kobo amount', () => {
    expect(paystackTransaction.safeParse({ status: 'success', amount: 1, currency: 'NGN' }).success).toBe(
      false,
    );
    expect(
      paystackTransaction.safeParse({ status: 'success', reference: 'r', amount: 1.5, currency: 'NGN' })
        .success,
    ).toBe(false);
  });
});

describe('the simulated checkout’s memory', () => {
  const start = (simulator: PaystackSimulator, reference?: string) =>
    simulator.start({
      email: 'ada@example.com',
      amountKobo: 4_300_000,
      currency: 'NGN',
      reference,
      callbackUrl: 'http://localhost:3000/payments/callback',
      metadata: { invoiceNumber: 'INV-2026-000001' },
    });

  it('starts a transaction once per reference, found by reference and by access code', () => {
    const simulator = new PaystackSimulator(
      SECRET,
      'http://localhost:3000/api/v1/dev/paystack',
      'http://x/hook',
    );
    const started = start(simulator, 'FL-1')!;
    expect(started).toMatchObject({ reference: 'FL-1', status: 'ongoing', amountKobo: 4_300_000 });
    expect(started.accessCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(start(simulator, 'FL-1')).toBeNull();
    expect(simulator.byReferenceOf('FL-1')).toBe(started);
    expect(simulator.byAccessCode(started.accessCode)).toBe(started);
    expect(simulator.byAccessCode('nope')).toBeUndefined();
  });

  it('pays once; a cancelled transaction stays abandoned and a paid one paid', () => {
    const simulator = new PaystackSimulator(SECRET, 'http://x', 'http://x/hook');
    const paid = start(simulator)!;
    expect(simulator.pay(paid)).toBe(true);
    expect(simulator.pay(paid)).toBe(false);
    simulator.cancel(paid);
    expect(simulator.paystackData(paid)).toMatchObject({
      status: 'success',
      channel: 'card',
      amount: 4_300_000,
    });
    const cancelled = start(simulator)!;
    simulator.cancel(cancelled);
    expect(simulator.pay(cancelled)).toBe(false);
    expect(simulator.paystackData(cancelled)).toMatchObject({ status: 'abandoned', paid_at: null });
  });

  it('lives on each app of its own: two apps never share transactions', () => {
    const env = loadEnv({ NODE_ENV: 'test' });
    const a = buildPayments(env).simulator!;
    const b = buildPayments(env).simulator!;
    const started = start(a, 'FL-only-a')!;
    expect(b.byReferenceOf('FL-only-a')).toBeUndefined();
    expect(a.byReferenceOf('FL-only-a')).toBe(started);
  });
});

describe('payment configuration', () => {
  const production = PRODUCTION_ENV;

  it('runs the simulated checkout outside production when no secret key is set', () => {
    const env = loadEnv({ APP_URL: 'http://localhost:3000' });
    expect(env.paystack).toEqual({
      mode: 'simulator',
      secretKey: SIMULATOR_SECRET_KEY,
      baseUrl: 'http://localhost:3000/api/v1/dev/paystack',
    });
    const payments = buildPayments(env);
    expect(payments.simulator).not.toBeNull();
    expect(payments.provider?.name).toBe('paystack');
    expect(payments.callbackUrl).toBe('http://localhost:3000/payments/callback');
    expect(payments.webhookUrl).toBe('http://localhost:3000/api/v1/payments/paystack/webhook');
  });

  it('talks to Paystack itself once a secret key is set, at its own address unless another is given', () => {
    expect(loadEnv({ PAYSTACK_SECRET_KEY: SECRET }).paystack).toEqual({
      mode: 'paystack',
      secretKey: SECRET,
      baseUrl: 'https://api.paystack.co',
    });
    expect(
      loadEnv({ PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: 'https://pay.example.com/v1/' }).paystack
        ?.baseUrl,
    ).toBe('https://pay.example.com/v1');
    expect(buildPayments(loadEnv({ PAYSTACK_SECRET_KEY: SECRET })).simulator).toBeNull();
  });

  it('lets a test point the simulator anywhere with its own key', () => {
    const env = loadEnv({
      PAYSTACK_SIMULATOR: 'true',
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_BASE_URL: 'http://127.0.0.1:4123/api/v1/dev/paystack',
    });
    expect(env.paystack).toEqual({
      mode: 'simulator',
      secretKey: SECRET,
      baseUrl: 'http://127.0.0.1:4123/api/v1/dev/paystack',
    });
  });

  it('turns online payment off when the simulator is off and no key is set', () => {
    const env = loadEnv({ PAYSTACK_SIMULATOR: 'false' });
    expect(env.paystack).toBeNull();
    expect(buildPayments(env)).toMatchObject({ provider: null, simulator: null });
  });

  it('starts in production without online payment, and with a key of its own', () => {
    expect(loadEnv(production).paystack).toBeNull();
    expect(loadEnv({ ...production, PAYSTACK_SECRET_KEY: SECRET }).paystack?.mode).toBe('paystack');
  });

  it('refuses the simulator, its public key and a key-less or plain-http provider in production', () => {
    expect(configErrorOf({ ...production, PAYSTACK_SIMULATOR: 'true' }).message).toContain(
      'PAYSTACK_SIMULATOR: the simulated checkout cannot run in production',
    );
    expect(configErrorOf({ ...production, PAYSTACK_SECRET_KEY: SIMULATOR_SECRET_KEY }).message).toContain(
      "PAYSTACK_SECRET_KEY: must be the platform's own key, not the simulator's",
    );
    expect(configErrorOf({ ...production, PAYSTACK_BASE_URL: 'https://api.paystack.co' }).message).toContain(
      'PAYSTACK_SECRET_KEY: is required in production when PAYSTACK_BASE_URL is set',
    );
    expect(
      configErrorOf({ ...production, PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: 'http://pay.internal' })
        .message,
    ).toContain('PAYSTACK_BASE_URL: must be an https:// address in production');
  });

  it('names a malformed key, address or flag', () => {
    expect(configErrorOf({ PAYSTACK_SECRET_KEY: 'short' }).message).toContain(
      'PAYSTACK_SECRET_KEY: must be the secret key',
    );
    expect(configErrorOf({ PAYSTACK_BASE_URL: 'api.paystack.co' }).message).toContain(
      'PAYSTACK_BASE_URL: must be an absolute URL',
    );
    expect(configErrorOf({ PAYSTACK_SIMULATOR: 'yes' }).message).toContain(
      'PAYSTACK_SIMULATOR: must be true or false',
    );
  });
});
