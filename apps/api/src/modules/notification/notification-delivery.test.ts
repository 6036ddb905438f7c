import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { jobs, notificationDeliveries, notifications, pushSubscriptions } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { startPushService, type PushService } from '../../test/push-service';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { DELIVERY_MAX_ATTEMPTS, deliveryBackoffSeconds } from './notification-delivery.job';
import { inEnglish } from './notification-events.test-kit';
import { NOTIFICATION_DELIVERY_JOB } from './notification-fanout.job';
import { queueNotification, type NotificationEvent } from './notification.service';

describe('notification delivery by the job worker', () => {
  let smtp: SmtpSink;
  let push: PushService;
  let t: TestApp;
  let seq = 0;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    push = await startPushService();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUSH_ALLOW_INTERNAL_HOSTS: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await smtp?.close();
  });

  function event(userId: string, overrides: Partial<NotificationEvent> = {}): NotificationEvent {
    seq += 1;
    return {
      kind: 'BID_WON',
      to: { userIds: [userId] },
      title: {
        key: 'bidWon.title',
        values: { orderNumber: `ORD-2026-00000${seq}`, count: 2, unit: 'container' },
      },
      body: {
        key: 'bidWon.body',
        values: {
          customerName: 'Dangote Cement',
          amount: { naira: 450_000 },
          unit: 'container',
          tripNumbers: 'TRP-2026-000001, TRP-2026-000002',
        },
      },
      link: '/bids/won',
      key: `delivery-test:${seq}`,
      ...overrides,
    };
  }

  /** Queues the event and runs every job that is due now. */
  async function send(e: NotificationEvent): Promise<void> {
    await t.ctx.db.transaction((tx) => queueNotification(t.ctx, tx, e));
    await t.ctx.jobs.drain();
  }

  async function deliveryOf(key: string, channel: 'EMAIL' | 'PUSH') {
    const [row] = await t.ctx.db
      .select({ delivery: notificationDeliveries })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(and(eq(notifications.sourceKey, key), eq(notificationDeliveries.channel, channel)));
    return row?.delivery;
  }

  async function deliveryJobOf(deliveryId: number) {
    const rows = await t.ctx.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, NOTIFICATION_DELIVERY_JOB),
          sql`${jobs.payload}->>'deliveryId' = ${String(deliveryId)}`,
        ),
      );
    return rows[0]!;
  }

  /** Makes a job waiting for its retry due now, as time passing would. */
  async function makeDue(jobId: number): Promise<void> {
    await t.ctx.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, jobId));
  }

  async function subscribed(account: Awaited<ReturnType<typeof signedInAccount>>) {
    const browser = push.browser();
    const res = await call(t.app, 'POST', '/api/v1/notifications/push/subscriptions', browser.subscription, {
      token: account.accessToken,
    });
    expect(res.status).toBe(204);
    return browser;
  }

  it('e-mails through the SMTP server with the one-click unsubscribe headers, HTML and text', async () => {
    const account = await signedInAccount(t, 'TRANSPORTER');
    const e = event(account.user.id);
    await send(e);
    const mail = smtp.mails.find((m) => m.to.includes(account.email));
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/localhost:\d+\/api\/v1\/notifications\/unsubscribe\?token=/m,
    );
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Content-Type: text/html');
    expect(mail!.text).toContain(inEnglish(e.body));
    expect(await deliveryOf(e.key, 'EMAIL')).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
  });

  it('retries a refused e-mail with growing waits, then records it failed with the reason', async () => {
    const account = await signedInAccount(t, 'TRANSPORTER');
    const e = event(account.user.id);
    smtp.refuse(true);
    try {
      await send(e);
      const delivery = (await deliveryOf(e.key, 'EMAIL'))!;
      for (let attempt = 1; attempt < DELIVERY_MAX_ATTEMPTS; attempt++) {
        const row = (await deliveryOf(e.key, 'EMAIL'))!;
        expect(row).toMatchObject({ status: 'QUEUED', attempts: attempt });
        expect(row.lastError).toContain('Mailbox busy');
        const job = await deliveryJobOf(delivery.id);
        const waitSeconds = (job.runAt.getTime() - Date.now()) / 1000;
        expect(waitSeconds).toBeGreaterThan(deliveryBackoffSeconds(attempt) - 5);
        expect(waitSeconds).toBeLessThanOrEqual(deliveryBackoffSeconds(attempt) + 1);
        // Not due yet: a drain leaves it alone.
        expect(await t.ctx.jobs.drain()).toBe(0);
        await makeDue(job.id);
        await t.ctx.jobs.drain();
      }
      const failed = (await deliveryOf(e.key, 'EMAIL'))!;
      expect(failed).toMatchObject({ status: 'FAILED', attempts: DELIVERY_MAX_ATTEMPTS });
      expect(failed.lastError).toContain('Mailbox busy');
      expect(failed.failedAt).toBeInstanceOf(Date);
      expect((await deliveryJobOf(delivery.id)).failedAt).toBeInstanceOf(Date);
    } finally {
      smtp.refuse(false);
    }
    // The same person's next e-mail goes out once the server takes mail again.
    const next = event(account.user.id);
    await send(next);
    expect(await deliveryOf(next.key, 'EMAIL')).toMatchObject({ status: 'SENT' });
  });

  it('pushes to the browser with VAPID and aes128gcm, and the browser reads the message', async () => {
    const account = await signedInAccount(t, 'TRANSPORTER');
    const browser = await subscribed(account);
    const e = event(account.user.id);
    await send(e);
    const arrived = push.received.filter((r) => browser.subscription.endpoint.endsWith(r.path));
    expect(push.refused).toEqual([]);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.payload).toEqual({
      title: inEnglish(e.title),
      body: inEnglish(e.body),
      link: '/bids/won',
      tag: 'BID_WON:/bids/won',
    });
    expect(arrived[0]!.vapid.publicKey).toBe(
      (await call(t.app, 'GET', '/api/v1/notifications/push/key')).body.publicKey,
    );
    expect(arrived[0]!.vapid.subject).toBe('mailto:no-reply@freightlane.ng');
    expect(Number(arrived[0]!.headers.ttl)).toBeGreaterThan(0);
    expect(arrived[0]!.headers.urgency).toBe('normal');
    expect(await deliveryOf(e.key, 'PUSH')).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('removes a subscription the push service calls gone (410, 404) and does not retry it', async () => {
    for (const status of [410, 404]) {
      const account = await signedInAccount(t, 'TRANSPORTER');
      const browser = await subscribed(account);
      push.answer(browser.subscription.endpoint, status);
      const e = event(account.user.id);
      await send(e);
      const delivery = (await deliveryOf(e.key, 'PUSH'))!;
      expect(delivery).toMatchObject({ status: 'FAILED', attempts: 1 });
      expect(delivery.lastError).toContain('gone');
      const left = await t.ctx.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, account.user.id));
      expect(left).toEqual([]);
      expect((await deliveryJobOf(delivery.id)).doneAt).toBeInstanceOf(Date);
      // The e-mail of the same notification went out all the same.
      expect(await deliveryOf(e.key, 'EMAIL')).toMatchObject({ status: 'SENT' });
      // With no subscription left, the next notification queues no push at all.
      const next = event(account.user.id);
      await send(next);
      expect(await deliveryOf(next.key, 'PUSH')).toBeUndefined();
    }
  });

  it('retries a push the service failed (500) and sends it when the service is back', async () => {
    const account = await signedInAccount(t, 'TRANSPORTER');
    const browser = await subscribed(account);
    push.answer(browser.subscription.endpoint, 500);
    const e = event(account.user.id);
    await send(e);
    const delivery = (await deliveryOf(e.key, 'PUSH'))!;
    expect(delivery).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(delivery.lastError).toContain('500');
    push.answer(browser.subscription.endpoint, 201);
    await makeDue((await deliveryJobOf(delivery.id)).id);
    await t.ctx.jobs.drain();
    expect(await deliveryOf(e.key, 'PUSH')).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
    expect(push.received.filter((r) => browser.subscription.endpoint.endsWith(r.path))).toHaveLength(1);
  });

  it('pushes only to browsers of sessions still signed in', async () => {
    const account = await signedInAccount(t, 'TRANSPORTER');
    const browser = await subscribed(account);
    const logout = await call(
      t.app,
      'POST',
      '/api/v1/auth/logout',
      { refreshToken: account.refreshToken },
      {
        token: account.accessToken,
      },
    );
    expect(logout.status).toBeLessThan(300);
    const e = event(account.user.id);
    await send(e);
    expect(await deliveryOf(e.key, 'PUSH')).toBeUndefined();
    expect(push.received.some((r) => browser.subscription.endpoint.endsWith(r.path))).toBe(false);
  });
});
