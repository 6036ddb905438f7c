import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  smsMessages,
  whatsappInboundMessages,
  whatsappMessages,
  whatsappStatusEvents,
} from '../../db/schema';
import { WHATSAPP_SIMULATOR_VERIFY_TOKEN } from '../../env';
import { listeningTestApp } from '../../test/listening-app';
import { makeJobDue as makeDue, queuedJobOf } from '../../test/queued-jobs';
import { stubProvider, type StubProvider, type StubReply } from '../../test/stub-provider';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { signedInAccount } from '../../test/accounts';
import { findTimeline } from '../../queries/outbound-message.repository';
import { whatsappSignature } from './cloud-api';
import { WHATSAPP_SEND_JOB, WHATSAPP_SEND_MAX_ATTEMPTS } from './whatsapp-send.job';
import { queueWhatsapp, type WhatsappRequest } from './whatsapp.service';
import { findWhatsappMessage } from './whatsapp.repository';
import {
  postWhatsappNotification,
  WHATSAPP_WEBHOOK as WEBHOOK,
  whatsappNotification,
} from './webhook-notifications.test-kit';

let seq = 0;

/** A phone of its own for each test, so conversations and windows never mix. */
function phone(ending = ''): string {
  seq += 1;
  const base = `+23481${String(Date.now() % 1_000_000).padStart(6, '0')}${String(seq).padStart(2, '0')}`;
  return ending ? `${base.slice(0, base.length - ending.length)}${ending}` : base;
}

function tripUpdate(to: string): WhatsappRequest {
  return {
    to,
    template: 'trip_update',
    parameters: ['TRP-2026-000042', 'delivered at Kano', 'https://freightlane.ng/t/42'],
    purpose: 'trip-status',
    companyId: null,
  };
}

async function queue(t: TestApp, request: WhatsappRequest) {
  // Sent at once whatever the hour the tests run; quiet hours have their own tests.
  return t.ctx.db.transaction((tx) => queueWhatsapp(t.ctx, tx, { urgent: true, ...request }));
}

function jobOf(t: TestApp, whatsappId: string) {
  return queuedJobOf(t, WHATSAPP_SEND_JOB, 'whatsappId', whatsappId);
}

/** Every row of the WhatsApp tables, to show a refused notification wrote nothing. */
async function tables(t: TestApp) {
  return {
    messages: await t.ctx.db.select().from(whatsappMessages).orderBy(whatsappMessages.id),
    events: await t.ctx.db.select().from(whatsappStatusEvents).orderBy(whatsappStatusEvents.id),
    inbound: await t.ctx.db.select().from(whatsappInboundMessages).orderBy(whatsappInboundMessages.id),
  };
}

function statusOf(id: string, status: string, errors?: { code: number; title: string }[]) {
  return whatsappNotification({
    statuses: [
      { id, status, timestamp: '1764648000', recipient_id: '2348031234567', ...(errors ? { errors } : {}) },
    ],
  });
}

describe('WhatsApp through the simulated Cloud API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await listeningTestApp({ MESSAGE_QUIET_HOURS: 'true' });
  });
  afterAll(() => t?.close());

  /** Posts a notification signed with the app secret (or the signature given; null: none). */
  const post = (body: unknown, signature?: string | null) => postWhatsappNotification(t, body, signature);

  /** A template queued and taken by the simulator, its own statuses withheld. */
  async function sentMessage(to = phone()) {
    const queued = await queue(t, tripUpdate(to));
    await t.ctx.jobs.drain();
    t.ctx.whatsapp.simulator!.dropOwedStatuses();
    const row = (await findWhatsappMessage(t.ctx.db, queued.id))!;
    expect(row.status).toBe('SENT');
    return row;
  }

  it('goes queued → sent → delivered → read through the job and the simulator’s webhooks', async () => {
    const to = phone();
    const queued = await queue(t, tripUpdate(to));
    expect(queued.costKobo).toBe(1000);
    expect(await findWhatsappMessage(t.ctx.db, queued.id)).toMatchObject({
      to,
      kind: 'template',
      templateName: 'trip_update',
      templateLanguage: 'en',
      parameters: ['TRP-2026-000042', 'delivered at Kano', 'https://freightlane.ng/t/42'],
      text: 'Freightlane: trip TRP-2026-000042: delivered at Kano. Details: https://freightlane.ng/t/42',
      status: 'QUEUED',
      provider: 'simulator',
    });
    await t.ctx.jobs.drain();
    const sent = (await findWhatsappMessage(t.ctx.db, queued.id))!;
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(sent.providerMessageId).toMatch(/^wamid\./);

    await t.ctx.whatsapp.simulator!.flush();
    expect(await findWhatsappMessage(t.ctx.db, queued.id)).toMatchObject({ status: 'READ' });
    expect(
      (await findTimeline(t.ctx.db, 'whatsapp', queued.id)).map((e) => [e.status, e.providerStatus]),
    ).toEqual([
      ['QUEUED', 'Queued'],
      ['SENT', 'Sent to simulator'],
      ['SENT', 'sent'],
      ['DELIVERED', 'delivered'],
      ['READ', 'read'],
    ]);
    const conversation = await call(
      t.app,
      'GET',
      `/api/dev/whatsapp/conversations?phone=${encodeURIComponent(to)}`,
    );
    expect(conversation.body.phones[0].messages[0]).toMatchObject({
      messageId: sent.providerMessageId,
      status: 'READ',
    });
  });

  it('records an undeliverable number as FAILED with the API’s code and title', async () => {
    const queued = await queue(t, tripUpdate(phone('0000')));
    await t.ctx.jobs.drain();
    await t.ctx.whatsapp.simulator!.flush();
    expect(await findWhatsappMessage(t.ctx.db, queued.id)).toMatchObject({
      status: 'FAILED',
      failureReason: '131026 Message undeliverable',
    });
  });

  it('refuses a notification with a bad or missing signature (401) and writes nothing', async () => {
    const sent = await sentMessage();
    const before = await tables(t);
    const body = statusOf(sent.providerMessageId!, 'delivered');
    expect((await post(body, null)).status).toBe(401);
    expect(
      (await post(body, whatsappSignature('someone-elses-secret-0123', JSON.stringify(body)))).status,
    ).toBe(401);
    expect((await post(body, 'sha256=00')).status).toBe(401);
    const inbound = whatsappNotification({
      messages: [
        {
          from: '2348031234567',
          id: 'wamid.FORGED',
          timestamp: '1764648000',
          type: 'text',
          text: { body: 'hi' },
        },
      ],
    });
    expect((await post(inbound, null)).status).toBe(401);
    expect(await tables(t)).toEqual(before);
  });

  it('applies a status once: the same notification again changes nothing', async () => {
    const sent = await sentMessage();
    const body = statusOf(sent.providerMessageId!, 'delivered');
    expect((await post(body)).body).toEqual({ applied: 1, ignored: 0, received: 0 });
    const timeline = await findTimeline(t.ctx.db, 'whatsapp', sent.id);
    expect((await post(body)).body).toEqual({ applied: 0, ignored: 1, received: 0 });
    expect(await findTimeline(t.ctx.db, 'whatsapp', sent.id)).toEqual(timeline);
    expect(await findWhatsappMessage(t.ctx.db, sent.id)).toMatchObject({ status: 'DELIVERED' });
  });

  it('only moves forward: a late sent or delivered after read is kept on the timeline, the status stays READ', async () => {
    const sent = await sentMessage();
    const id = sent.providerMessageId!;
    await post(statusOf(id, 'read'));
    await post(statusOf(id, 'delivered'));
    await post(statusOf(id, 'sent'));
    expect(await findWhatsappMessage(t.ctx.db, sent.id)).toMatchObject({ status: 'READ' });
    expect((await findTimeline(t.ctx.db, 'whatsapp', sent.id)).map((e) => e.providerStatus)).toEqual([
      'Queued',
      'Sent to simulator',
      'read',
      'delivered',
      'sent',
    ]);
  });

  it('answers 200 to statuses of no message of ours or a notification it cannot read, writing nothing', async () => {
    const before = await tables(t);
    expect((await post(statusOf('wamid.NOT_OURS', 'delivered'))).body).toEqual({
      applied: 0,
      ignored: 1,
      received: 0,
    });
    expect((await post('{"object":"page"}')).status).toBe(200);
    expect((await post('not json')).status).toBe(200);
    expect(await tables(t)).toEqual(before);
  });

  it('verifies the webhook: the right token gets the challenge as text, anything else 403', async () => {
    const right = await t.app.inject({
      method: 'GET',
      url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${WHATSAPP_SIMULATOR_VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain/);
    expect(right.body).toBe('1158201444');
    const wrongToken = await t.app.inject({
      method: 'GET',
      url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=wrong-token-0123456789&hub.challenge=1158201444`,
    });
    expect(wrongToken.statusCode).toBe(403);
    const wrongMode = await t.app.inject({
      method: 'GET',
      url: `${WEBHOOK}?hub.mode=unsubscribe&hub.verify_token=${WHATSAPP_SIMULATOR_VERIFY_TOKEN}&hub.challenge=1`,
    });
    expect(wrongMode.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: WEBHOOK })).statusCode).toBe(403);
  });

  it('refuses free-form text outside the 24-hour window and sends it inside, once the person has written', async () => {
    const to = phone();
    await expect(
      queue(t, { to, text: 'Your driver is 10 minutes away', purpose: 'trip-status', companyId: null }),
    ).rejects.toMatchObject({ status: 400, errors: [{ field: 'text' }] });
    expect(await t.ctx.db.select().from(whatsappMessages).where(eq(whatsappMessages.to, to))).toEqual([]);

    const written = await call(t.app, 'POST', '/api/dev/whatsapp/inbound', {
      phone: to,
      text: 'Where is my truck?',
    });
    expect(written.status).toBe(200);
    expect(written.body.webhookStatus).toBe(200);
    const [kept] = await t.ctx.db
      .select()
      .from(whatsappInboundMessages)
      .where(eq(whatsappInboundMessages.from, to));
    expect(kept).toMatchObject({
      providerMessageId: written.body.messageId,
      type: 'text',
      text: 'Where is my truck?',
    });

    const queued = await queue(t, {
      to,
      text: 'Your driver is 10 minutes away',
      purpose: 'trip-status',
      companyId: null,
    });
    expect(queued.costKobo).toBe(0);
    await t.ctx.jobs.drain();
    await t.ctx.whatsapp.simulator!.flush();
    expect(await findWhatsappMessage(t.ctx.db, queued.id)).toMatchObject({ kind: 'text', status: 'READ' });
    const conversation = await call(
      t.app,
      'GET',
      `/api/dev/whatsapp/conversations?phone=${encodeURIComponent(to)}`,
    );
    expect(conversation.body.phones[0].messages.map((m: { direction: string }) => m.direction)).toEqual([
      'inbound',
      'outbound',
    ]);
  });

  it('keeps an inbound message once by its id, and its window runs from when it was sent', async () => {
    const from = phone();
    const long = Math.floor((Date.now() - 25 * 60 * 60 * 1000) / 1000);
    const old = whatsappNotification({
      messages: [
        {
          from: from.slice(1),
          id: `wamid.OLD${seq}`,
          timestamp: String(long),
          type: 'text',
          text: { body: 'hi' },
        },
      ],
    });
    expect((await post(old)).body).toEqual({ applied: 0, ignored: 0, received: 1 });
    expect((await post(old)).body).toEqual({ applied: 0, ignored: 0, received: 0 });
    await expect(
      queue(t, { to: from, text: 'Hello', purpose: 'trip-status', companyId: null }),
    ).rejects.toThrow(/24 hours/);
  });

  it('refuses bad input naming the field', async () => {
    const field = async (request: WhatsappRequest) => {
      try {
        await queue(t, request);
      } catch (error) {
        return (error as { errors?: { field: string }[] }).errors?.[0]?.field;
      }
      return 'accepted';
    };
    expect(await field({ ...tripUpdate('08031234567') })).toBe('to');
    expect(await field({ ...tripUpdate(phone()), purpose: 'Trip Status' })).toBe('purpose');
    expect(await field({ ...tripUpdate(phone()), parameters: ['only one'] })).toBe('parameters');
    expect(await field({ ...tripUpdate(phone()), parameters: ['a', 'two\nlines', 'c'] })).toBe('parameters');
    expect(
      await field({
        to: phone(),
        template: 'no_such' as 'trip_update',
        parameters: [],
        purpose: 'x1',
        companyId: null,
      }),
    ).toBe('template');
    expect(await field({ to: phone(), text: '  ', purpose: 'trip-status', companyId: null })).toBe('text');
  });

  describe('falling back to SMS', () => {
    const FALLBACK = 'Freightlane: trip TRP-2026-000042 delivered at Kano.';

    async function smsTo(to: string) {
      return t.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, to));
    }

    it('sends one SMS when a failure is reported twice, to the same number, purpose and company', async () => {
      const account = await signedInAccount(t, 'TRANSPORTER');
      const to = phone();
      const queued = await queue(t, {
        ...tripUpdate(to),
        companyId: account.company!.id,
        fallbackSmsText: FALLBACK,
      });
      await t.ctx.jobs.drain();
      t.ctx.whatsapp.simulator!.dropOwedStatuses();
      const sent = (await findWhatsappMessage(t.ctx.db, queued.id))!;
      expect(sent).toMatchObject({ status: 'SENT', fallbackSmsText: FALLBACK, fallbackSmsId: null });
      expect(await smsTo(to)).toEqual([]);

      const undeliverable = [{ code: 131026, title: 'Message undeliverable' }];
      expect((await post(statusOf(sent.providerMessageId!, 'failed', undeliverable))).body).toMatchObject({
        applied: 1,
      });
      // The same failure again, and the same message failed in other words: no second SMS.
      await post(statusOf(sent.providerMessageId!, 'failed', undeliverable));
      await post(statusOf(sent.providerMessageId!, 'failed', [{ code: 131049, title: 'Not delivered' }]));

      const texts = await smsTo(to);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatchObject({
        text: FALLBACK,
        purpose: 'trip-status',
        companyId: account.company!.id,
        status: 'QUEUED',
      });
      expect(await findWhatsappMessage(t.ctx.db, queued.id)).toMatchObject({
        status: 'FAILED',
        fallbackSmsId: texts[0]!.id,
      });
    });

    it('sends no SMS for a failed message without a fallback text, nor for one that was delivered', async () => {
      const failing = phone('0000');
      await queue(t, tripUpdate(failing));
      const fine = phone();
      await queue(t, { ...tripUpdate(fine), fallbackSmsText: FALLBACK });
      await t.ctx.jobs.drain();
      await t.ctx.whatsapp.simulator!.flush();
      expect(await smsTo(failing)).toEqual([]);
      expect(await smsTo(fine)).toEqual([]);
    });

    it('sends the fallback of an urgent message at once in quiet hours, and holds that of one that can wait', async () => {
      // Both fail at 22:35 Lagos; only the urgent one's SMS may go before 06:00.
      const failedAt = new Date('2026-11-21T21:35:00Z');
      const answers: Record<string, Date> = {};
      for (const [name, urgent] of [
        ['urgent', true],
        ['canWait', false],
      ] as const) {
        const to = phone();
        const queued = await queue(t, { ...tripUpdate(to), fallbackSmsText: FALLBACK, urgent });
        // The message that can wait went at 06:00 like any other; its send job is made due now.
        await t.ctx.db.execute(
          sql`UPDATE jobs SET run_at = now() WHERE kind = 'whatsapp.send' AND done_at IS NULL`,
        );
        await t.ctx.jobs.drain();
        t.ctx.whatsapp.simulator!.dropOwedStatuses();
        const sent = (await findWhatsappMessage(t.ctx.db, queued.id))!;
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(failedAt);
        await post(
          statusOf(sent.providerMessageId!, 'failed', [{ code: 131026, title: 'Message undeliverable' }]),
        );
        vi.useRealTimers();
        const [sms] = await smsTo(to);
        answers[name] = (await queuedJobOf(t, 'sms.send', 'smsId', sms!.id)).runAt;
      }
      // Due at once: the database's clock, not the held 06:00.
      expect(answers.urgent).not.toEqual(new Date('2026-11-22T05:00:00Z'));
      expect(answers.urgent!.getTime()).toBeLessThanOrEqual(Date.now());
      expect(answers.canWait).toEqual(new Date('2026-11-22T05:00:00Z'));
    });

    it('refuses a fallback text that is empty or longer than an SMS may be', async () => {
      await expect(queue(t, { ...tripUpdate(phone()), fallbackSmsText: ' ' })).rejects.toMatchObject({
        status: 400,
        errors: [{ field: 'fallbackSmsText' }],
      });
      await expect(
        queue(t, { ...tripUpdate(phone()), fallbackSmsText: 'x'.repeat(1000) }),
      ).rejects.toMatchObject({ status: 400, errors: [{ field: 'fallbackSmsText' }] });
    });
  });

  describe('quiet hours', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('holds a template queued at 21:15 Lagos until 06:00, unless it is urgent', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T20:15:00Z'));
      const held = await t.ctx.db.transaction((tx) => queueWhatsapp(t.ctx, tx, tripUpdate(phone())));
      const urgent = await queue(t, tripUpdate(phone()));
      vi.useRealTimers();
      expect(held.status).toBe('QUEUED');
      expect((await jobOf(t, held.id)).runAt).toEqual(new Date('2026-11-22T05:00:00Z'));
      expect((await jobOf(t, urgent.id)).runAt.getTime()).toBeLessThanOrEqual(Date.now());
    });
  });
});

describe('WhatsApp through a Cloud API that fails', () => {
  let t: TestApp;
  let graph: StubProvider;
  let replies: StubReply[];

  beforeAll(async () => {
    graph = await stubProvider((n) => ({
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.OK${n}` }] },
    }));
    replies = graph.replies;
    t = await createTestApp({
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_TOKEN: 'EAAGtesttoken0123456789abcdef',
      WHATSAPP_PHONE_NUMBER_ID: '109876543210',
      WHATSAPP_APP_SECRET: 'meta-app-secret-0123456789abcdef',
      WHATSAPP_BASE_URL: graph.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await graph?.close();
  });

  it('tries again after a network failure and is sent on the next try', async () => {
    replies.push('hang-up');
    const queued = await queue(t, tripUpdate(phone()));
    await t.ctx.jobs.drain();
    expect(await findWhatsappMessage(t.ctx.db, queued.id)).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      failureReason: 'The WhatsApp Cloud API could not be reached',
    });
    await makeDue(t, (await jobOf(t, queued.id)).id);
    await t.ctx.jobs.drain();
    const sent = (await findWhatsappMessage(t.ctx.db, queued.id))!;
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, failureReason: null, provider: 'cloud' });
    expect(sent.providerMessageId).toMatch(/^wamid\.OK\d+$/);
  });

  it('records FAILED with the reason after the last try when the API stays down', async () => {
    for (let i = 0; i < WHATSAPP_SEND_MAX_ATTEMPTS; i++) {
      replies.push({ status: 503, body: { error: { message: 'Service temporarily unavailable', code: 2 } } });
    }
    const queued = await queue(t, tripUpdate(phone()));
    await t.ctx.jobs.drain();
    for (let attempt = 1; attempt < WHATSAPP_SEND_MAX_ATTEMPTS; attempt++) {
      expect(await findWhatsappMessage(t.ctx.db, queued.id)).toMatchObject({
        status: 'QUEUED',
        attempts: attempt,
      });
      await makeDue(t, (await jobOf(t, queued.id)).id);
      await t.ctx.jobs.drain();
    }
    const failed = (await findWhatsappMessage(t.ctx.db, queued.id))!;
    expect(failed).toMatchObject({ status: 'FAILED', attempts: WHATSAPP_SEND_MAX_ATTEMPTS });
    expect(failed.failureReason).toBe(
      'The WhatsApp Cloud API refused the message (503 code 2): Service temporarily unavailable',
    );
    expect((await findTimeline(t.ctx.db, 'whatsapp', queued.id)).map((e) => e.status)).toEqual([
      'QUEUED',
      'FAILED',
    ]);
  });

  it('records a refusal (4xx) as FAILED at once, without trying again', async () => {
    replies.push({
      status: 400,
      body: {
        error: {
          message: '(#132000) Number of parameters does not match',
          type: 'OAuthException',
          code: 132000,
        },
      },
    });
    const queued = await queue(t, tripUpdate(phone()));
    await t.ctx.jobs.drain();
    expect(await findWhatsappMessage(t.ctx.db, queued.id)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      failureReason:
        'The WhatsApp Cloud API refused the message (400 code 132000): (#132000) Number of parameters does not match',
    });
    expect((await jobOf(t, queued.id)).doneAt).toBeInstanceOf(Date);
  });

  it('falls back to one SMS when the send job gives the message up', async () => {
    replies.push({
      status: 400,
      body: { error: { message: '(#131030) Recipient not allowed', code: 131030 } },
    });
    const to = phone();
    const queued = await queue(t, { ...tripUpdate(to), fallbackSmsText: 'Trip TRP-2026-000042 delivered.' });
    await t.ctx.jobs.drain();
    const failed = (await findWhatsappMessage(t.ctx.db, queued.id))!;
    expect(failed.status).toBe('FAILED');
    const texts = await t.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, to));
    expect(texts.map((m) => [m.id, m.text])).toEqual([
      [failed.fallbackSmsId, 'Trip TRP-2026-000042 delivered.'],
    ]);
  });
});

describe('WhatsApp turned off', () => {
  it('records each message FAILED with the reason, sending nothing', async () => {
    const t = await createTestApp({ WHATSAPP_PROVIDER: 'none' });
    try {
      const queued = await queue(t, tripUpdate(phone()));
      await t.ctx.jobs.drain();
      expect(await findWhatsappMessage(t.ctx.db, queued.id)).toMatchObject({
        status: 'FAILED',
        provider: 'none',
        failureReason: 'WhatsApp is turned off on this server (WHATSAPP_PROVIDER=none)',
      });
      expect(
        (await call(t.app, 'GET', `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`)).status,
      ).toBe(403);
    } finally {
      await t.close();
    }
  });
});
