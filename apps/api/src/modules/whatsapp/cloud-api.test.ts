import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadEnv,
  WHATSAPP_SIMULATOR_APP_SECRET,
  WHATSAPP_SIMULATOR_PHONE_NUMBER_ID,
  WHATSAPP_SIMULATOR_TOKEN,
  WHATSAPP_SIMULATOR_VERIFY_TOKEN,
  type WhatsappSettings,
} from '../../env';
import { configErrorOf, PRODUCTION_ENV } from '../../test/env-config';
import { listeningTestApp } from '../../test/listening-app';
import { stubProvider, type StubProvider, type StubReply } from '../../test/stub-provider';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { CloudApiProvider, hasWhatsappSignature, whatsappSignature } from './cloud-api';
import { WhatsappSendError } from './whatsapp-provider';

const SECRET = 'meta-app-secret-0123456789abcdef';
const TOKEN = 'EAAGtesttoken0123456789abcdef';
const BODY = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

describe("the Cloud API's webhook signature", () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body with the app secret', () => {
    const expected = `sha256=${createHmac('sha256', SECRET).update(BODY).digest('hex')}`;
    expect(whatsappSignature(SECRET, BODY)).toBe(expected);
    expect(hasWhatsappSignature(SECRET, BODY, expected)).toBe(true);
  });

  it('refuses a missing, bare, other secret’s or other body’s signature', () => {
    const good = whatsappSignature(SECRET, BODY);
    expect(hasWhatsappSignature(SECRET, BODY, undefined)).toBe(false);
    expect(hasWhatsappSignature(SECRET, BODY, good.slice(7))).toBe(false);
    expect(hasWhatsappSignature(SECRET, BODY, whatsappSignature('another-secret-0123456789', BODY))).toBe(
      false,
    );
    expect(hasWhatsappSignature(SECRET, Buffer.from(`${BODY.toString()} `), good)).toBe(false);
  });
});

describe('the Cloud API client', () => {
  let server: StubProvider;
  let base: string;
  let replies: StubReply[];

  beforeAll(async () => {
    server = await stubProvider(() => ({
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.TEST1' }] },
    }));
    base = server.url;
    replies = server.replies;
  });
  afterAll(() => server?.close());

  function client() {
    return new CloudApiProvider({
      name: 'cloud',
      token: TOKEN,
      phoneNumberId: '109876543210',
      appSecret: SECRET,
      verifyToken: 'verify-token-0123456789',
      apiVersion: 'v21.0',
      baseUrl: base,
    });
  }

  const template = {
    to: '+2348031234567',
    kind: 'template' as const,
    template: { name: 'trip_update', language: 'en', parameters: ['TRP-1', 'loaded', 'https://x.ng/t/1'] },
  };

  it('makes a 4xx final, a 5xx, 429, rate-limit code or network failure retryable', async () => {
    const outcome = async () => {
      try {
        await client().send(template);
        return 'sent';
      } catch (error) {
        expect(error).toBeInstanceOf(WhatsappSendError);
        return (error as WhatsappSendError).retryable ? 'retry' : 'final';
      }
    };
    const graphError = (code: number) => ({ error: { message: 'x', type: 'OAuthException', code } });
    replies.push({ status: 400, body: graphError(131009) });
    expect(await outcome()).toBe('final');
    replies.push({ status: 500, body: graphError(1) });
    expect(await outcome()).toBe('retry');
    replies.push({ status: 429, body: graphError(130429) });
    expect(await outcome()).toBe('retry');
    replies.push({ status: 400, body: graphError(131056) });
    expect(await outcome()).toBe('retry');
    replies.push('hang-up');
    expect(await outcome()).toBe('retry');
    replies.push({ status: 200, body: { messaging_product: 'whatsapp' } });
    expect(await outcome()).toBe('final');
  });

  it('names the error code and message of a refusal', async () => {
    replies.push({
      status: 400,
      body: {
        error: { message: '(#131009) Parameter value is not valid', type: 'OAuthException', code: 131009 },
      },
    });
    await expect(client().send(template)).rejects.toThrow(
      'The WhatsApp Cloud API refused the message (400 code 131009): (#131009) Parameter value is not valid',
    );
  });
});

describe('the Cloud API client against the simulator, through HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await listeningTestApp();
  });
  afterAll(() => t?.close());

  it('posts the documented template body with the bearer token, reads the wamid, and keeps the conversation', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return realFetch(url, init);
    }) as typeof fetch;
    let sent: { providerMessageId: string };
    try {
      sent = await t.ctx.whatsapp.provider!.send({
        to: '+2348035550201',
        kind: 'template',
        template: {
          name: 'trip_update',
          language: 'en',
          parameters: ['TRP-2026-000001', 'loaded at Apapa', 'https://freightlane.ng/t/abc'],
        },
      });
    } finally {
      globalThis.fetch = realFetch;
      t.ctx.whatsapp.simulator!.dropOwedStatuses();
    }
    expect(seen[0]!.url).toBe(
      `${t.ctx.env.appUrl}/api/dev/whatsapp/v21.0/${WHATSAPP_SIMULATOR_PHONE_NUMBER_ID}/messages`,
    );
    expect((seen[0]!.init.headers as Record<string, string>).authorization).toBe(
      `Bearer ${WHATSAPP_SIMULATOR_TOKEN}`,
    );
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '2348035550201',
      type: 'template',
      template: {
        name: 'trip_update',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'TRP-2026-000001' },
              { type: 'text', text: 'loaded at Apapa' },
              { type: 'text', text: 'https://freightlane.ng/t/abc' },
            ],
          },
        ],
      },
    });
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    const conversation = await call(t.app, 'GET', '/api/dev/whatsapp/conversations?phone=%2B2348035550201');
    expect(conversation.status).toBe(200);
    expect(conversation.body.phones).toEqual([
      {
        phone: '+2348035550201',
        messages: [
          expect.objectContaining({
            messageId: sent.providerMessageId,
            direction: 'outbound',
            kind: 'template',
            template: 'trip_update',
            text: 'Freightlane: trip TRP-2026-000001: loaded at Apapa. Details: https://freightlane.ng/t/abc',
            status: 'QUEUED',
          }),
        ],
      },
    ]);
  });

  it('refuses a wrong token (401), another phone number id (400) and an unknown template (404), in Graph’s shape', async () => {
    const cloud = t.ctx.env.whatsapp.cloud!;
    const withOptions = (changes: Partial<typeof cloud>) =>
      new CloudApiProvider({ name: 'simulator', ...cloud, ...changes });
    const message = {
      to: '+2348035550202',
      kind: 'template' as const,
      template: { name: 'trip_update', language: 'en', parameters: ['a', 'b', 'c'] },
    };
    await expect(withOptions({ token: 'wrong-token-0123456789abc' }).send(message)).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining('(401 code 190)'),
    });
    await expect(withOptions({ phoneNumberId: '999' }).send(message)).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining('(400 code 100)'),
    });
    await expect(
      withOptions({}).send({ ...message, template: { ...message.template, name: 'no_such_template' } }),
    ).rejects.toMatchObject({ retryable: false, message: expect.stringContaining('code 132001') });
  });
});

describe('WhatsApp configuration', () => {
  it('runs the simulator outside production when no token is set, with the defaults', () => {
    expect(loadEnv({ APP_URL: 'http://localhost:3000' }).whatsapp).toEqual({
      provider: 'simulator',
      priceKobo: 1000,
      cloud: {
        token: WHATSAPP_SIMULATOR_TOKEN,
        phoneNumberId: WHATSAPP_SIMULATOR_PHONE_NUMBER_ID,
        appSecret: WHATSAPP_SIMULATOR_APP_SECRET,
        verifyToken: WHATSAPP_SIMULATOR_VERIFY_TOKEN,
        apiVersion: 'v21.0',
        baseUrl: 'http://localhost:3000/api/dev/whatsapp',
      },
    } satisfies WhatsappSettings);
  });

  it('talks to the Cloud API once its token is set, at graph.facebook.com unless another is given', () => {
    const env = loadEnv({
      WHATSAPP_TOKEN: TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: '109876543210',
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_API_VERSION: 'v22.0',
      WHATSAPP_PRICE_KOBO: '1500',
    });
    expect(env.whatsapp).toMatchObject({
      provider: 'cloud',
      priceKobo: 1500,
      cloud: {
        token: TOKEN,
        appSecret: SECRET,
        verifyToken: null,
        apiVersion: 'v22.0',
        baseUrl: 'https://graph.facebook.com',
      },
    });
  });

  it('turns WhatsApp off with WHATSAPP_PROVIDER=none or WHATSAPP_SIMULATOR=false, and in production without a token', () => {
    expect(loadEnv({ WHATSAPP_PROVIDER: 'none' }).whatsapp).toMatchObject({ provider: 'none', cloud: null });
    expect(loadEnv({ WHATSAPP_SIMULATOR: 'false' }).whatsapp.provider).toBe('none');
    expect(loadEnv(PRODUCTION_ENV).whatsapp.provider).toBe('none');
  });

  it('refuses the simulator, its public keys, a Cloud API without its secrets and plain http in production', () => {
    expect(configErrorOf({ ...PRODUCTION_ENV, WHATSAPP_SIMULATOR: 'true' }).message).toContain(
      'WHATSAPP_SIMULATOR: the WhatsApp simulator cannot run in production',
    );
    expect(configErrorOf({ ...PRODUCTION_ENV, WHATSAPP_PROVIDER: 'simulator' }).message).toContain(
      'WHATSAPP_PROVIDER: the WhatsApp simulator cannot run in production',
    );
    const message = configErrorOf({
      ...PRODUCTION_ENV,
      WHATSAPP_TOKEN: WHATSAPP_SIMULATOR_TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: '109876543210',
      WHATSAPP_BASE_URL: 'http://graph.example.test',
    }).message;
    expect(message).toContain("WHATSAPP_TOKEN: must be the platform's own, not the simulator's");
    expect(message).toContain('WHATSAPP_APP_SECRET: is required in production');
    expect(message).toContain('WHATSAPP_VERIFY_TOKEN: is required in production');
    expect(message).toContain('WHATSAPP_BASE_URL: must be an https:// address in production');
    expect(
      configErrorOf({
        ...PRODUCTION_ENV,
        WHATSAPP_TOKEN: TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: '109876543210',
        WHATSAPP_APP_SECRET: WHATSAPP_SIMULATOR_APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: WHATSAPP_SIMULATOR_VERIFY_TOKEN,
      }).message,
    ).toMatch(
      /WHATSAPP_APP_SECRET: must be the platform's own[\s\S]*WHATSAPP_VERIFY_TOKEN: must be the platform's own/,
    );
  });

  it('names a bad provider, version, price, a token without its phone number id, or a contradiction', () => {
    expect(configErrorOf({ WHATSAPP_PROVIDER: 'twilio' }).message).toContain(
      'WHATSAPP_PROVIDER: must be cloud, simulator or none',
    );
    expect(configErrorOf({ WHATSAPP_API_VERSION: '21' }).message).toContain('WHATSAPP_API_VERSION: must be');
    expect(configErrorOf({ WHATSAPP_PRICE_KOBO: '-1' }).message).toContain('WHATSAPP_PRICE_KOBO: must be');
    expect(configErrorOf({ WHATSAPP_TOKEN: TOKEN }).message).toContain(
      'WHATSAPP_PHONE_NUMBER_ID: is required',
    );
    expect(configErrorOf({ WHATSAPP_PROVIDER: 'cloud', WHATSAPP_SIMULATOR: 'true' }).message).toContain(
      'WHATSAPP_SIMULATOR: says true but WHATSAPP_PROVIDER is cloud',
    );
  });

  it('serves no simulator in production: its routes answer 404', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      APP_URL: 'https://freightlane.test',
    });
    try {
      expect(prod.ctx.whatsapp.simulator).toBeNull();
      expect((await call(prod.app, 'GET', '/api/dev/whatsapp/conversations')).status).toBe(404);
      expect(
        (await call(prod.app, 'POST', '/api/dev/whatsapp/inbound', { phone: '+2348031234567', text: 'Hi' }))
          .status,
      ).toBe(404);
      const send = await call(
        prod.app,
        'POST',
        `/api/dev/whatsapp/v21.0/${WHATSAPP_SIMULATOR_PHONE_NUMBER_ID}/messages`,
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '2348031234567',
          type: 'text',
          text: { body: 'Hi' },
        },
      );
      expect(send.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
