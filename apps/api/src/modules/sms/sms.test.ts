import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages, smsStatusEvents } from '../../db/schema';
import { SMS_SIMULATOR_SECRET_KEY } from '../../env';
import { signedInAccount } from '../../test/accounts';
import { listeningTestApp } from '../../test/listening-app';
import { makeJobDue as makeDue, queuedJobOf } from '../../test/queued-jobs';
import { stubProvider, type StubProvider, type StubReply } from '../../test/stub-provider';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findTimeline } from '../../queries/outbound-message.repository';
import { SMS_SEND_JOB, SMS_SEND_MAX_ATTEMPTS, smsSendBackoffSeconds } from './sms-send.job';
import { queueSms, type SmsRequest } from './sms.service';
import { findSmsMessage } from './sms.repository';
import { termiiSignature } from './termii';

const REPORTS = '/api/v1/sms/delivery-reports/termii';
let seq = 0;

/** A phone of its own for each message, so inboxes and records never mix between tests. */
function phone(ending = ''): string {
  seq += 1;
  const base = `+23480${String(Date.now() % 1_000_000).padStart(6, '0')}${String(seq).padStart(2, '0')}`;
  return ending ? `${base.slice(0, base.length - ending.length)}${ending}` : base;
}

async function queue(t: TestApp, request: Partial<SmsRequest> = {}) {
  return t.ctx.db.transaction((tx) =>
    queueSms(t.ctx, tx, {
      to: phone(),
      text: 'Your Freightlane code is 482913',
      purpose: 'phone-verification',
      companyId: null,
      // Sent at once whatever the hour the tests run; quiet hours have their own tests.
      urgent: true,
      ...request,
    }),
  );
}

function smsJobOf(t: TestApp, smsId: string) {
  return queuedJobOf(t, SMS_SEND_JOB, 'smsId', smsId);
}

/** Every row of the SMS tables, to show a refused or ignored report wrote nothing. */
async function smsTables(t: TestApp) {
  return {
    messages: await t.ctx.db.select().from(smsMessages).orderBy(smsMessages.id),
    events: await t.ctx.db.select().from(smsStatusEvents).orderBy(smsStatusEvents.id),
  };
}

describe('SMS through the simulated Termii', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await listeningTestApp();
  });
  afterAll(() => t?.close());

  /** Posts a delivery report as Termii does: the JSON body signed with the secret key (or the signature given). */
  async function report(body: unknown, signature?: string | null) {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const res = await t.app.inject({
      method: 'POST',
      url: REPORTS,
      headers: {
        'content-type': 'application/json',
        ...(signature === null
          ? {}
          : { 'x-termii-signature': signature ?? termiiSignature(SMS_SIMULATOR_SECRET_KEY, raw) }),
      },
      payload: raw,
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  }

  function termiiReport(messageId: string, status: string) {
    return {
      type: 'sms',
      id: messageId,
      message_id: messageId,
      receiver: '2348031234567',
      sender: 'Freightlane',
      message: 'Your Freightlane code is 482913',
      sent_at: '2026-11-21 14:05:00',
      cost: '4.00',
      status,
      channel: 'dnd',
    };
  }

  /**
   * A message queued and taken by the simulated gateway. `withhold`: the simulator's own delivery report is
   * dropped, so that only the reports the test posts reach the webhook.
   */
  async function sentMessage(request: Partial<SmsRequest> = {}, withhold = true) {
    const queued = await queue(t, request);
    await t.ctx.jobs.drain();
    if (withhold) t.ctx.sms.simulator!.dropOwedReports();
    const row = (await findSmsMessage(t.ctx.db, queued.id))!;
    expect(row.status).toBe('SENT');
    return row;
  }

  it('records a message QUEUED with its parts, cost, route and sender, and queues its sending', async () => {
    const account = await signedInAccount(t, 'TRANSPORTER');
    const to = phone();
    const queued = await queue(t, {
      to,
      text: 'Ẹ kú iṣẹ́: trip TRP-2026-000001 loads at Apapa',
      companyId: account.company!.id,
    });
    expect(queued).toMatchObject({ encoding: 'UCS_2', segments: 1, costKobo: 400 });
    expect(await findSmsMessage(t.ctx.db, queued.id)).toMatchObject({
      to,
      senderId: 'Freightlane',
      purpose: 'phone-verification',
      companyId: account.company!.id,
      encoding: 'UCS_2',
      segments: 1,
      costKobo: 400,
      route: 'dnd',
      provider: 'simulator',
      providerMessageId: null,
      status: 'QUEUED',
      attempts: 0,
    });
    expect((await smsJobOf(t, queued.id)).doneAt).toBeNull();
    expect((await findTimeline(t.ctx.db, 'sms', queued.id)).map((e) => e.status)).toEqual(['QUEUED']);
    await t.ctx.jobs.drain();
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const to = phone();
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await queueSms(t.ctx, tx, { to, text: 'Never sent', purpose: 'test', companyId: null, urgent: true });
        throw new Error('the change that caused it failed');
      }),
    ).rejects.toThrow('the change that caused it failed');
    expect(await t.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, to))).toEqual([]);
  });

  it('goes queued → sent → delivered through the job and the simulator, each step on its timeline', async () => {
    const to = phone();
    const text = `${'Your truck KJA-123-XY is booked for pickup at Apapa. '.repeat(3)}Reply STOP to opt out.`;
    const queued = await queue(t, { to, text });
    expect(queued).toMatchObject({ encoding: 'GSM_7', segments: 2, costKobo: 800 });
    expect(await t.ctx.jobs.drain()).toBeGreaterThanOrEqual(1);

    const sent = (await findSmsMessage(t.ctx.db, queued.id))!;
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, failureReason: null });
    expect(sent.providerMessageId).toMatch(/^\d+$/);
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/dev/sms/inbox?phone=${encodeURIComponent(to)}`,
    });
    expect(before.json().phones[0].messages[0]).toMatchObject({
      messageId: sent.providerMessageId,
      text,
      segments: 2,
      costKobo: 800,
      status: 'SENT',
    });

    await t.ctx.sms.simulator!.flush();
    expect(await findSmsMessage(t.ctx.db, queued.id)).toMatchObject({ status: 'DELIVERED' });
    expect((await findTimeline(t.ctx.db, 'sms', queued.id)).map((e) => [e.status, e.providerStatus])).toEqual(
      [
        ['QUEUED', 'Queued'],
        ['SENT', 'Sent to simulator'],
        ['DELIVERED', 'DELIVERED'],
      ],
    );
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/dev/sms/inbox?phone=${encodeURIComponent(to)}`,
    });
    expect(after.json().phones[0].messages[0]).toMatchObject({
      status: 'DELIVERED',
      providerStatus: 'DELIVERED',
    });
    expect(after.json().phones[0].messages[0].reportedAt).not.toBeNull();
  });

  it('keeps no working code: once the gateway has a code or a PIN, the copy kept here loses its digits', async () => {
    const to = phone();
    const code = await queue(t, { to, text: 'Your Freightlane code is 482913. It expires in 10 minutes.' });
    const news = await queue(t, {
      to,
      text: 'Trip TRP-2026-000123 loads at Apapa',
      purpose: 'trip.assigned',
    });
    await t.ctx.jobs.drain();
    const simulated = t.ctx.sms.simulator!.inbox(to).phones[0]!.messages.map((m) => m.text);
    // The phone got the code; the record keeps the message without it, and other texts whole.
    expect(simulated).toContain('Your Freightlane code is 482913. It expires in 10 minutes.');
    expect(await findSmsMessage(t.ctx.db, code.id)).toMatchObject({
      status: 'SENT',
      text: 'Your Freightlane code is ••••••. It expires in 10 minutes.',
    });
    expect((await findSmsMessage(t.ctx.db, news.id))!.text).toBe('Trip TRP-2026-000123 loads at Apapa');
  });

  it('records a number the network cannot reach as FAILED with the gateway’s words', async () => {
    const sent = await sentMessage({ to: phone('0000') }, false);
    await t.ctx.sms.simulator!.flush();
    expect(await findSmsMessage(t.ctx.db, sent.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'Message Failed',
    });
  });

  it('records a refused number as FAILED at once, with the gateway’s reason and no retry', async () => {
    const queued = await queue(t, { to: phone('9999') });
    await t.ctx.jobs.drain();
    const row = (await findSmsMessage(t.ctx.db, queued.id))!;
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1, providerMessageId: null });
    expect(row.failureReason).toContain('Termii refused the message (400): Invalid phone number');
    expect((await smsJobOf(t, queued.id)).doneAt).toBeInstanceOf(Date);
    expect((await findTimeline(t.ctx.db, 'sms', queued.id)).map((e) => e.status)).toEqual([
      'QUEUED',
      'FAILED',
    ]);
  });

  it('refuses a report with a bad or missing signature (401) and writes nothing', async () => {
    const sent = await sentMessage();
    const body = termiiReport(sent.providerMessageId!, 'DELIVERED');
    const before = await smsTables(t);
    const unsigned = await report(body, null);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.message).toBe('The delivery report signature does not match.');
    expect(
      (await report(body, termiiSignature('another-secret-key-0123', JSON.stringify(body)))).status,
    ).toBe(401);
    expect((await report(body, 'f'.repeat(128))).status).toBe(401);
    expect(await smsTables(t)).toEqual(before);
  });

  it('applies a report once: the same report again changes nothing', async () => {
    const sent = await sentMessage();
    const body = termiiReport(sent.providerMessageId!, 'DELIVERED');
    expect(await report(body)).toEqual({ status: 200, body: { outcome: 'APPLIED' } });
    const once = await smsTables(t);
    expect(await report(body)).toEqual({ status: 200, body: { outcome: 'DUPLICATE' } });
    expect(await smsTables(t)).toEqual(once);
    expect(await findSmsMessage(t.ctx.db, sent.id)).toMatchObject({ status: 'DELIVERED' });
    expect(
      (await findTimeline(t.ctx.db, 'sms', sent.id)).filter((e) => e.status === 'DELIVERED'),
    ).toHaveLength(1);
  });

  it('never moves a delivered message back: a late SENT or a later failure leaves it DELIVERED', async () => {
    const sent = await sentMessage();
    expect((await report(termiiReport(sent.providerMessageId!, 'DELIVERED'))).body.outcome).toBe('APPLIED');
    expect((await report(termiiReport(sent.providerMessageId!, 'Message Sent'))).body.outcome).toBe(
      'APPLIED',
    );
    expect((await report(termiiReport(sent.providerMessageId!, 'Expired'))).body.outcome).toBe('APPLIED');
    expect(await findSmsMessage(t.ctx.db, sent.id)).toMatchObject({
      status: 'DELIVERED',
      failureReason: null,
    });
  });

  it('answers 200 to a report of no message of ours, or one it cannot read, and writes nothing', async () => {
    await sentMessage();
    const before = await smsTables(t);
    expect(await report(termiiReport('99999999999999999', 'DELIVERED'))).toEqual({
      status: 200,
      body: { outcome: 'IGNORED' },
    });
    expect(await report({ status: 'DELIVERED' })).toEqual({ status: 200, body: { outcome: 'IGNORED' } });
    expect(await report('not json')).toEqual({ status: 200, body: { outcome: 'IGNORED' } });
    expect(await smsTables(t)).toEqual(before);
  });

  it('refuses bad input naming the field', async () => {
    const refusal = (request: Partial<SmsRequest>) =>
      queue(t, request).then(
        () => null,
        (e: { status: number; errors: { field: string }[] }) => [e.status, e.errors[0]?.field],
      );
    expect(await refusal({ to: '08031234567' })).toEqual([400, 'to']);
    expect(await refusal({ purpose: 'Phone Verification' })).toEqual([400, 'purpose']);
    expect(await refusal({ text: '  ' })).toEqual([400, 'text']);
    expect(await refusal({ text: 'a\u0000b' })).toEqual([400, 'text']);
    expect(await refusal({ text: 'a'.repeat(153 * 6 + 1) })).toEqual([400, 'text']);
  });
});

describe('SMS through a Termii that fails', () => {
  let t: TestApp;
  let termii: StubProvider;
  /** What the stand-in does with each next request. */
  let replies: StubReply[];

  beforeAll(async () => {
    termii = await stubProvider((n) => ({
      status: 200,
      body: { message_id: `70000${n}`, message: 'Successfully Sent' },
    }));
    replies = termii.replies;
    t = await createTestApp({
      SMS_PROVIDER: 'termii',
      TERMII_API_KEY: 'TLtestapikey0123456789abcdef',
      TERMII_SECRET_KEY: 'termii-secret-0123456789abcdef',
      TERMII_BASE_URL: termii.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await termii?.close();
  });

  it('tries again after a network failure, with its backoff, and is sent on the next try', async () => {
    replies.push('hang-up');
    const queued = await queue(t);
    await t.ctx.jobs.drain();
    const waiting = (await findSmsMessage(t.ctx.db, queued.id))!;
    expect(waiting).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      failureReason: 'Termii could not be reached',
    });
    const job = await smsJobOf(t, queued.id);
    const waitSeconds = (job.runAt.getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(smsSendBackoffSeconds(1) - 5);
    expect(waitSeconds).toBeLessThanOrEqual(smsSendBackoffSeconds(1) + 1);
    // Not due yet: a drain leaves it alone.
    expect(await t.ctx.jobs.drain()).toBe(0);
    await makeDue(t, job.id);
    await t.ctx.jobs.drain();
    const sent = (await findSmsMessage(t.ctx.db, queued.id))!;
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, failureReason: null, provider: 'termii' });
    expect(sent.providerMessageId).toMatch(/^70000\d+$/);
  });

  it('records FAILED with the reason after the last try when the gateway stays away', async () => {
    for (let i = 0; i < SMS_SEND_MAX_ATTEMPTS; i++)
      replies.push({ status: 503, body: { message: 'Service unavailable' } });
    const queued = await queue(t);
    await t.ctx.jobs.drain();
    for (let attempt = 1; attempt < SMS_SEND_MAX_ATTEMPTS; attempt++) {
      expect(await findSmsMessage(t.ctx.db, queued.id)).toMatchObject({
        status: 'QUEUED',
        attempts: attempt,
      });
      await makeDue(t, (await smsJobOf(t, queued.id)).id);
      await t.ctx.jobs.drain();
    }
    const failed = (await findSmsMessage(t.ctx.db, queued.id))!;
    expect(failed).toMatchObject({ status: 'FAILED', attempts: SMS_SEND_MAX_ATTEMPTS });
    expect(failed.failureReason).toBe('Termii refused the message (503): Service unavailable');
    expect((await findTimeline(t.ctx.db, 'sms', queued.id)).map((e) => e.status)).toEqual([
      'QUEUED',
      'FAILED',
    ]);
  });

  it('records a refusal (4xx) as FAILED at once, without trying again', async () => {
    replies.push({ status: 400, body: { message: 'Sender ID not registered' } });
    const queued = await queue(t);
    await t.ctx.jobs.drain();
    const failed = (await findSmsMessage(t.ctx.db, queued.id))!;
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(failed.failureReason).toBe('Termii refused the message (400): Sender ID not registered');
    expect((await smsJobOf(t, queued.id)).doneAt).toBeInstanceOf(Date);
  });
});

describe('SMS turned off', () => {
  it('records each message FAILED with the reason, sending nothing', async () => {
    const t = await createTestApp({ SMS_PROVIDER: 'none' });
    try {
      const queued = await queue(t);
      await t.ctx.jobs.drain();
      expect(await findSmsMessage(t.ctx.db, queued.id)).toMatchObject({
        status: 'FAILED',
        provider: 'none',
        failureReason: 'SMS is turned off on this server (SMS_PROVIDER=none)',
      });
      // Without a provider no report is trusted.
      const res = await t.app.inject({
        method: 'POST',
        url: REPORTS,
        headers: { 'content-type': 'application/json', 'x-termii-signature': 'f'.repeat(128) },
        payload: '{}',
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
