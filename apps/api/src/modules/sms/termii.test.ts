import { createHmac } from 'node:crypto';
import { configErrorOf, PRODUCTION_ENV } from '../../test/env-config';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv, SMS_SIMULATOR_API_KEY, SMS_SIMULATOR_SECRET_KEY, type SmsSettings } from '../../env';
import { freePort } from '../../test/free-port';
import { listeningTestApp } from '../../test/listening-app';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { buildSms } from './sms-channel';
import { SmsSendError } from './sms-provider';
import { hasTermiiSignature, termiiSignature, termiiStatusOf, TermiiProvider } from './termii';

const SECRET = 'termii-secret-0123456789abcdef';
const API_KEY = 'TLtestapikey0123456789abcdef';
const REPORT = Buffer.from(
  '{"type":"sms","id":"3017544054459493859","message_id":"3017544054459493859","receiver":"2348031234567",' +
    '"sender":"Freightlane","message":"Your code is 482913","sent_at":"2026-11-21 14:05:00","cost":"4.00",' +
    '"status":"DELIVERED","channel":"dnd"}',
);

describe("Termii's delivery report signature", () => {
  it('is the hex HMAC-SHA512 of the raw body with the secret key', () => {
    const expected = createHmac('sha512', SECRET).update(REPORT).digest('hex');
    expect(termiiSignature(SECRET, REPORT)).toBe(expected);
    expect(termiiSignature(SECRET, REPORT.toString('utf8'))).toBe(expected);
    expect(hasTermiiSignature(SECRET, REPORT, expected)).toBe(true);
    expect(hasTermiiSignature(SECRET, REPORT, expected.toUpperCase())).toBe(true);
  });

  it('refuses a missing, short, other key’s or other body’s signature', () => {
    const signature = termiiSignature(SECRET, REPORT);
    expect(hasTermiiSignature(SECRET, REPORT, undefined)).toBe(false);
    expect(hasTermiiSignature(SECRET, REPORT, signature.slice(0, 64))).toBe(false);
    expect(hasTermiiSignature(SECRET, REPORT, termiiSignature(`${SECRET}x`, REPORT))).toBe(false);
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(REPORT.toString('utf8')), null, 1));
    expect(hasTermiiSignature(SECRET, reformatted, signature)).toBe(false);
  });

  it('reads a signed report, refuses an unsigned one, and never trusts a provider without its secret key', () => {
    const provider = new TermiiProvider({
      name: 'termii',
      apiKey: API_KEY,
      secretKey: SECRET,
      baseUrl: 'http://x',
    });
    const headers = { 'x-termii-signature': termiiSignature(SECRET, REPORT) };
    expect(provider.verifyDeliveryReport(REPORT, headers)).toEqual({
      authentic: true,
      report: { providerMessageId: '3017544054459493859', status: 'DELIVERED', providerStatus: 'DELIVERED' },
    });
    expect(provider.verifyDeliveryReport(REPORT, {})).toEqual({ authentic: false });
    const keyless = new TermiiProvider({
      name: 'termii',
      apiKey: API_KEY,
      secretKey: null,
      baseUrl: 'http://x',
    });
    expect(keyless.verifyDeliveryReport(REPORT, headers)).toEqual({ authentic: false });
    // Signed but not a report the platform can read: authentic, and nothing to apply.
    const junk = Buffer.from('{"status":"DELIVERED"}');
    expect(
      provider.verifyDeliveryReport(junk, { 'x-termii-signature': termiiSignature(SECRET, junk) }),
    ).toEqual({
      authentic: true,
      report: null,
    });
  });
});

describe("Termii's status words", () => {
  it('reads delivery, every way of failing, and anything else as still sent', () => {
    expect(termiiStatusOf('DELIVERED')).toBe('DELIVERED');
    expect(termiiStatusOf('Delivered')).toBe('DELIVERED');
    for (const words of [
      'Message Failed',
      'Rejected',
      'Expired',
      'DND Active',
      'Undelivered',
      'Not Delivered',
    ]) {
      expect(termiiStatusOf(words), words).toBe('FAILED');
    }
    for (const words of ['Message Sent', 'Sent', 'Accepted', 'Pending']) {
      expect(termiiStatusOf(words), words).toBe('SENT');
    }
  });
});

/** A stand-in for Termii's server that records each request and answers what the test says. */
async function recorder(answer: (body: unknown) => { status: number; body?: unknown } | 'hang-up') {
  const requests: { method: string; url: string; contentType: string; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      requests.push({
        method: req.method!,
        url: req.url!,
        contentType: req.headers['content-type'] ?? '',
        body,
      });
      const reply = answer(body);
      if (reply === 'hang-up') {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    requests,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the Termii client', () => {
  const outgoing = {
    to: '+2348031234567',
    from: 'Freightlane',
    text: 'Your code is 482913',
    unicode: false,
    route: 'dnd' as const,
  };

  it('posts the documented JSON to /api/sms/send and reads the message id', async () => {
    const termii = await recorder(() => ({
      status: 200,
      body: {
        message_id: '9122821270554876574',
        message: 'Successfully Sent',
        balance: 9,
        user: 'Freightlane',
      },
    }));
    try {
      const provider = new TermiiProvider({
        name: 'termii',
        apiKey: API_KEY,
        secretKey: SECRET,
        baseUrl: termii.baseUrl,
      });
      expect(await provider.send(outgoing)).toEqual({ providerMessageId: '9122821270554876574' });
      expect(await provider.send({ ...outgoing, text: 'Ẹ kú iṣẹ́', unicode: true, route: 'generic' })).toEqual(
        {
          providerMessageId: '9122821270554876574',
        },
      );
      expect(termii.requests).toEqual([
        {
          method: 'POST',
          url: '/api/sms/send',
          contentType: 'application/json',
          body: {
            api_key: API_KEY,
            to: '2348031234567',
            from: 'Freightlane',
            sms: 'Your code is 482913',
            type: 'plain',
            channel: 'dnd',
          },
        },
        {
          method: 'POST',
          url: '/api/sms/send',
          contentType: 'application/json',
          body: {
            api_key: API_KEY,
            to: '2348031234567',
            from: 'Freightlane',
            sms: 'Ẹ kú iṣẹ́',
            type: 'unicode',
            channel: 'generic',
          },
        },
      ]);
    } finally {
      await termii.close();
    }
  });

  it('reads a numeric message id as text', async () => {
    const termii = await recorder(() => ({
      status: 200,
      body: { message_id: 3017544054459493, message: 'ok' },
    }));
    try {
      const provider = new TermiiProvider({
        name: 'termii',
        apiKey: API_KEY,
        secretKey: SECRET,
        baseUrl: termii.baseUrl,
      });
      expect(await provider.send(outgoing)).toEqual({ providerMessageId: '3017544054459493' });
    } finally {
      await termii.close();
    }
  });

  async function failureOf(reply: { status: number; body?: unknown } | 'hang-up'): Promise<SmsSendError> {
    const termii = await recorder(() => reply);
    try {
      const provider = new TermiiProvider({
        name: 'termii',
        apiKey: API_KEY,
        secretKey: SECRET,
        baseUrl: termii.baseUrl,
      });
      const error = await provider.send(outgoing).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SmsSendError);
      return error as SmsSendError;
    } finally {
      await termii.close();
    }
  }

  it('makes a network failure, a 5xx and a 429 retryable, and a 4xx or an answer without id final', async () => {
    expect(await failureOf('hang-up')).toMatchObject({
      retryable: true,
      message: 'Termii could not be reached',
    });
    expect(await failureOf({ status: 502, body: { message: 'Bad gateway' } })).toMatchObject({
      retryable: true,
    });
    expect(await failureOf({ status: 429, body: { message: 'Too many requests' } })).toMatchObject({
      retryable: true,
    });
    const refused = await failureOf({ status: 400, body: { message: 'Insufficient balance' } });
    expect(refused).toMatchObject({ retryable: false });
    expect(refused.message).toBe('Termii refused the message (400): Insufficient balance');
    expect(await failureOf({ status: 200, body: { message: 'ok' } })).toMatchObject({ retryable: false });
  });

  it('makes an unreachable server retryable', async () => {
    const port = await freePort();
    const provider = new TermiiProvider({
      name: 'termii',
      apiKey: API_KEY,
      secretKey: SECRET,
      baseUrl: `http://127.0.0.1:${port}`,
    });
    await expect(provider.send(outgoing)).rejects.toMatchObject({ retryable: true });
  });
});

describe('the Termii client against the simulator, through HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await listeningTestApp();
  });
  afterAll(() => t?.close());

  it('is sent what the client posts, answers Termii’s shape, and keeps it in the phone’s inbox', async () => {
    const provider = t.ctx.sms.provider!;
    expect(t.ctx.env.sms.termii?.baseUrl).toBe(`${t.ctx.env.appUrl}/api/dev/termii`);
    const sent = await provider.send({
      to: '+2348035550101',
      from: 'Freightlane',
      text: 'Ọjọ́ Ẹtì: your truck loads at Apapa',
      unicode: true,
      route: 'dnd',
    });
    expect(sent.providerMessageId).toMatch(/^\d+$/);
    const inbox = await call(t.app, 'GET', '/api/dev/sms/inbox?phone=%2B2348035550101');
    expect(inbox.status).toBe(200);
    expect(inbox.body.phones).toEqual([
      {
        phone: '+2348035550101',
        messages: [
          expect.objectContaining({
            messageId: sent.providerMessageId,
            to: '+2348035550101',
            from: 'Freightlane',
            text: 'Ọjọ́ Ẹtì: your truck loads at Apapa',
            route: 'dnd',
            encoding: 'UCS_2',
            segments: 1,
            costKobo: 400,
            status: 'SENT',
            reportedAt: null,
          }),
        ],
      },
    ]);
  });

  it('refuses a wrong API key (401), a malformed body (400) and the invalid test number (400)', async () => {
    const base = t.ctx.env.sms.termii!.baseUrl;
    const wrongKey = new TermiiProvider({
      name: 'simulator',
      apiKey: `${API_KEY}x`,
      secretKey: SECRET,
      baseUrl: base,
    });
    const outgoing = {
      to: '+2348031234567',
      from: 'Freightlane',
      text: 'Hi',
      unicode: false,
      route: 'dnd' as const,
    };
    await expect(wrongKey.send(outgoing)).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining('(401)'),
    });
    const invalid = t.ctx.sms.provider!.send({ ...outgoing, to: '+2348031239999' });
    await expect(invalid).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining('Invalid phone number'),
    });
    const malformed = await fetch(`${base}/api/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        api_key: SMS_SIMULATOR_API_KEY,
        to: '+234803',
        from: 'Freightlane',
        sms: 'x',
        type: 'plain',
        channel: 'dnd',
      }),
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toContain('to:');
  });

  it('shows letters outside GSM-7 as ? when a text was sent as plain', async () => {
    const provider = t.ctx.sms.provider!;
    await provider.send({
      to: '+2348035550102',
      from: 'Freightlane',
      text: 'Ẹ kú',
      unicode: false,
      route: 'dnd',
    });
    const inbox = await call(t.app, 'GET', '/api/dev/sms/inbox?phone=2348035550102');
    expect(inbox.body.phones[0].messages[0]).toMatchObject({ text: '? k?', encoding: 'GSM_7' });
  });

  it('answers 400 naming the phone for a number that is not international', async () => {
    const res = await call(t.app, 'GET', '/api/dev/sms/inbox?phone=0803');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('phone');
  });

  it('keeps each app’s inbox its own', () => {
    const env = loadEnv({ NODE_ENV: 'test' });
    const a = buildSms(env).simulator!;
    const b = buildSms(env).simulator!;
    a.receive({
      api_key: 'k',
      to: '2348035550103',
      from: 'Freightlane',
      sms: 'Only a',
      type: 'plain',
      channel: 'dnd',
    });
    expect(a.inbox('+2348035550103').phones).toHaveLength(1);
    expect(b.inbox('+2348035550103').phones).toHaveLength(0);
  });
});

describe('SMS configuration', () => {
  const production = PRODUCTION_ENV;

  it('runs the simulator outside production when no Termii key is set, with the defaults', () => {
    expect(loadEnv({ APP_URL: 'http://localhost:3000' }).sms).toEqual({
      provider: 'simulator',
      termii: {
        apiKey: SMS_SIMULATOR_API_KEY,
        secretKey: SMS_SIMULATOR_SECRET_KEY,
        baseUrl: 'http://localhost:3000/api/dev/termii',
      },
      senderId: 'Freightlane',
      route: 'dnd',
      priceKobo: 400,
    } satisfies SmsSettings);
  });

  it('talks to Termii itself once its API key is set, at its own address unless another is given', () => {
    const env = loadEnv({ TERMII_API_KEY: API_KEY, TERMII_SECRET_KEY: SECRET });
    expect(env.sms).toMatchObject({
      provider: 'termii',
      termii: { apiKey: API_KEY, secretKey: SECRET, baseUrl: 'https://api.ng.termii.com' },
    });
    expect(buildSms(env).simulator).toBeNull();
    expect(buildSms(env).provider?.name).toBe('termii');
    expect(
      loadEnv({ TERMII_API_KEY: API_KEY, TERMII_BASE_URL: 'https://v3.api.termii.com/' }).sms.termii?.baseUrl,
    ).toBe('https://v3.api.termii.com');
  });

  it('turns SMS off with SMS_PROVIDER=none or SMS_SIMULATOR=false, and in production without a key', () => {
    expect(loadEnv({ SMS_PROVIDER: 'none' }).sms).toMatchObject({ provider: 'none', termii: null });
    expect(loadEnv({ SMS_SIMULATOR: 'false' }).sms).toMatchObject({ provider: 'none', termii: null });
    expect(loadEnv(production).sms).toMatchObject({ provider: 'none', termii: null });
    expect(buildSms(loadEnv(production))).toMatchObject({ provider: null, simulator: null });
  });

  it('takes the route, sender id and price per part', () => {
    expect(
      loadEnv({ SMS_ROUTE: 'generic', SMS_SENDER_ID: 'FL Haulage', SMS_PRICE_KOBO: '250' }).sms,
    ).toMatchObject({
      route: 'generic',
      senderId: 'FL Haulage',
      priceKobo: 250,
    });
  });

  it('refuses the simulator, its public keys, a Termii without its secret key and plain http in production', () => {
    expect(configErrorOf({ ...production, SMS_SIMULATOR: 'true' }).message).toContain(
      'SMS_SIMULATOR: the SMS simulator cannot run in production',
    );
    expect(configErrorOf({ ...production, SMS_PROVIDER: 'simulator' }).message).toContain(
      'SMS_PROVIDER: the SMS simulator cannot run in production',
    );
    expect(
      configErrorOf({ ...production, TERMII_API_KEY: SMS_SIMULATOR_API_KEY, TERMII_SECRET_KEY: SECRET })
        .message,
    ).toContain("TERMII_API_KEY: must be the platform's own key, not the simulator's");
    expect(configErrorOf({ ...production, TERMII_API_KEY: API_KEY }).message).toContain(
      'TERMII_SECRET_KEY: is required in production with Termii',
    );
    expect(
      configErrorOf({
        ...production,
        TERMII_API_KEY: API_KEY,
        TERMII_SECRET_KEY: SECRET,
        TERMII_BASE_URL: 'http://termii.internal',
      }).message,
    ).toContain('TERMII_BASE_URL: must be an https:// address in production');
    expect(loadEnv({ ...production, TERMII_API_KEY: API_KEY, TERMII_SECRET_KEY: SECRET }).sms.provider).toBe(
      'termii',
    );
  });

  it('names a bad sender id, route, price, provider or a contradiction', () => {
    expect(configErrorOf({ SMS_SENDER_ID: 'FreightlaneNG' }).message).toContain(
      'SMS_SENDER_ID: must be 3 to 11',
    );
    expect(configErrorOf({ SMS_SENDER_ID: 'FL' }).message).toContain('SMS_SENDER_ID: must be 3 to 11');
    expect(configErrorOf({ SMS_SENDER_ID: 'Freight!' }).message).toContain('SMS_SENDER_ID: must be 3 to 11');
    expect(configErrorOf({ SMS_ROUTE: 'whatsapp' }).message).toContain('SMS_ROUTE: must be generic or dnd');
    expect(configErrorOf({ SMS_PRICE_KOBO: '4.5' }).message).toContain(
      'SMS_PRICE_KOBO: must be a whole number of kobo',
    );
    expect(configErrorOf({ SMS_PRICE_KOBO: '-1' }).message).toContain(
      'SMS_PRICE_KOBO: must be a whole number of kobo',
    );
    expect(configErrorOf({ SMS_PROVIDER: 'twilio' }).message).toContain(
      'SMS_PROVIDER: must be termii, simulator or none',
    );
    expect(configErrorOf({ SMS_PROVIDER: 'termii' }).message).toContain(
      'TERMII_API_KEY: is required when SMS_PROVIDER is termii',
    );
    expect(configErrorOf({ SMS_PROVIDER: 'none', SMS_SIMULATOR: 'true' }).message).toContain(
      'SMS_SIMULATOR: says true but SMS_PROVIDER is none',
    );
    expect(configErrorOf({ TERMII_API_KEY: 'short' }).message).toContain(
      'TERMII_API_KEY: must be the API key',
    );
    expect(configErrorOf({ TERMII_BASE_URL: 'api.ng.termii.com' }).message).toContain(
      'TERMII_BASE_URL: must be an absolute URL',
    );
  });

  it('serves no simulator in production: its routes answer 404', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      APP_URL: 'https://freightlane.test',
    });
    try {
      expect(prod.ctx.sms.simulator).toBeNull();
      expect((await call(prod.app, 'GET', '/api/dev/sms/inbox')).status).toBe(404);
      const send = await call(prod.app, 'POST', '/api/dev/termii/api/sms/send', {
        api_key: SMS_SIMULATOR_API_KEY,
        to: '2348031234567',
        from: 'Freightlane',
        sms: 'Hi',
        type: 'plain',
        channel: 'dnd',
      });
      expect(send.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
