import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  MESSAGE_SPEND_CAP_REACHED,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  type NotificationChannel,
  type NotificationKind,
} from '@freightlane/domain';
import {
  companies,
  notificationDeliveries,
  notifications,
  smsMessages,
  users,
  whatsappMessages,
} from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { freePort } from '../../test/free-port';
import { queuedJobOf } from '../../test/queued-jobs';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { SMS_SEND_JOB } from '../sms/sms-send.job';
import { queueWhatsapp, WHATSAPP_TEMPLATES } from '../whatsapp';
import {
  notificationSmsText,
  notificationTemplate,
  notificationWhatsappParameters,
} from './notification-phone-text';
import { englishRow } from './notification-events.test-kit';
import { queueNotification, type NotificationEvent } from './notification.service';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

let seq = 0;
function event(overrides: Partial<NotificationEvent> & Pick<NotificationEvent, 'to'>): NotificationEvent {
  seq += 1;
  return {
    kind: 'TRIP_STATUS_CHANGED',
    title: {
      key: 'tripStatus.title',
      values: { tripNumber: `TRP-2026-00${String(seq).padStart(4, '0')}`, status: 'LOADED' },
    },
    body: {
      key: 'noteAdded.body',
      values: { text: `Container MSKU1234565 was loaded at APM Terminals, Apapa (${seq}).` },
    },
    link: `/trips/00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    key: `phone-test:${seq}`,
    ...overrides,
  };
}

describe('notifications by SMS and WhatsApp', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The app listens on the address it is told, so the simulated gateways it posts to are its own.
    const port = await freePort();
    t = await createTestApp({ APP_URL: `http://127.0.0.1:${port}` });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function send(e: NotificationEvent): Promise<void> {
    await t.ctx.db.transaction((tx) => queueNotification(t.ctx, tx, e));
    await t.ctx.jobs.drain();
  }

  async function verifiedPhone(account: Account): Promise<Account> {
    await t.ctx.db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, account.user.id));
    return account;
  }

  async function choose(
    account: Account,
    preferences: { kind: NotificationKind; channel: NotificationChannel; enabled: boolean }[],
  ) {
    const res = await call(
      t.app,
      'PUT',
      '/api/v1/notifications/preferences',
      { preferences },
      { token: account.accessToken },
    );
    expect(res.status).toBe(200);
  }

  /** Each delivery of one event to one person, by channel. */
  async function deliveriesOf(account: Account, key: string) {
    const rows = await t.ctx.db
      .select({ delivery: notificationDeliveries })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(and(eq(notifications.userId, account.user.id), eq(notifications.sourceKey, key)));
    return new Map(rows.map((r) => [r.delivery.channel, r.delivery]));
  }

  async function messagesTo(account: Account) {
    return {
      sms: await t.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, account.user.phoneNumber)),
      whatsapp: await t.ctx.db
        .select()
        .from(whatsappMessages)
        .where(eq(whatsappMessages.to, account.user.phoneNumber)),
    };
  }

  describe('defaults per role', () => {
    it('sends a customer trip news by WhatsApp and not SMS, unless they choose otherwise', async () => {
      const customer = await verifiedPhone(await signedInAccount(t, 'CUSTOMER'));
      const trip = event({ to: { companyIds: [customer.company.id] } });
      await send(trip);
      expect([...(await deliveriesOf(customer, trip.key)).keys()].sort()).toEqual(['EMAIL', 'WHATSAPP']);
      // An overdue payment goes by WhatsApp too; one falling due does not.
      const overdue = event({ kind: 'PAYMENT_OVERDUE', to: { companyIds: [customer.company.id] } });
      const due = event({ kind: 'PAYMENT_DUE', to: { companyIds: [customer.company.id] } });
      await send(overdue);
      await send(due);
      expect((await deliveriesOf(customer, overdue.key)).has('WHATSAPP')).toBe(true);
      expect((await deliveriesOf(customer, due.key)).has('WHATSAPP')).toBe(false);

      await choose(customer, [
        { kind: 'TRIP_STATUS_CHANGED', channel: 'WHATSAPP', enabled: false },
        { kind: 'TRIP_STATUS_CHANGED', channel: 'SMS', enabled: true },
        { kind: 'PAYMENT_DUE', channel: 'WHATSAPP', enabled: true },
      ]);
      const after = event({ to: { companyIds: [customer.company.id] } });
      const dueAfter = event({ kind: 'PAYMENT_DUE', to: { companyIds: [customer.company.id] } });
      await send(after);
      await send(dueAfter);
      expect([...(await deliveriesOf(customer, after.key)).keys()].sort()).toEqual(['EMAIL', 'SMS']);
      expect((await deliveriesOf(customer, dueAfter.key)).has('WHATSAPP')).toBe(true);
    });

    it('sends a transporter neither SMS nor WhatsApp until they turn one on', async () => {
      const transporter = await verifiedPhone(await signedInAccount(t, 'TRANSPORTER'));
      const trip = event({ to: { companyIds: [transporter.company.id] } });
      await send(trip);
      expect([...(await deliveriesOf(transporter, trip.key)).keys()]).toEqual(['EMAIL']);
      expect(await messagesTo(transporter)).toEqual({ sms: [], whatsapp: [] });

      await choose(transporter, [{ kind: 'TRIP_STATUS_CHANGED', channel: 'SMS', enabled: true }]);
      const next = event({ to: { companyIds: [transporter.company.id] } });
      await send(next);
      expect([...(await deliveriesOf(transporter, next.key)).keys()].sort()).toEqual(['EMAIL', 'SMS']);
    });

    it('shows the same defaults on the preferences, with whether the phone is verified', async () => {
      const customer = await signedInAccount(t, 'CUSTOMER');
      const res = await call(t.app, 'GET', '/api/v1/notifications/preferences', undefined, {
        token: customer.accessToken,
      });
      expect(res.status).toBe(200);
      expect(res.body.phoneVerified).toBe(false);
      const prefs = res.body.preferences as { kind: string; channel: string; enabled: boolean }[];
      const setting = (kind: string, channel: string) =>
        prefs.find((p) => p.kind === kind && p.channel === channel)?.enabled;
      expect(setting('TRIP_STATUS_CHANGED', 'WHATSAPP')).toBe(true);
      expect(setting('PAYMENT_OVERDUE', 'WHATSAPP')).toBe(true);
      expect(setting('PAYMENT_DUE', 'WHATSAPP')).toBe(false);
      expect(setting('TRIP_STATUS_CHANGED', 'SMS')).toBe(false);
      expect(setting('TRIP_STATUS_CHANGED', 'EMAIL')).toBe(true);

      await verifiedPhone(customer);
      await choose(customer, [{ kind: 'TRIP_STATUS_CHANGED', channel: 'WHATSAPP', enabled: false }]);
      const after = await call(t.app, 'GET', '/api/v1/notifications/preferences', undefined, {
        token: customer.accessToken,
      });
      expect(after.body.phoneVerified).toBe(true);
      expect(after.body.preferences).toContainEqual({
        kind: 'TRIP_STATUS_CHANGED',
        channel: 'WHATSAPP',
        enabled: false,
      });
    });
  });

  it('sends nothing to an unverified phone, but still tells the person in the app and by e-mail', async () => {
    const customer = await signedInAccount(t, 'CUSTOMER');
    await choose(customer, [{ kind: 'TRIP_STATUS_CHANGED', channel: 'SMS', enabled: true }]);
    const trip = event({ to: { companyIds: [customer.company.id] } });
    await send(trip);
    const [row] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.user.id), eq(notifications.sourceKey, trip.key)));
    expect(row?.inApp).toBe(true);
    expect([...(await deliveriesOf(customer, trip.key)).keys()]).toEqual(['EMAIL']);
    expect(await messagesTo(customer)).toEqual({ sms: [], whatsapp: [] });
  });

  it('skips a deactivated person with a verified phone', async () => {
    const customer = await verifiedPhone(await signedInAccount(t, 'CUSTOMER'));
    await t.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, customer.user.id));
    await send(event({ to: { companyIds: [customer.company.id] } }));
    expect(await messagesTo(customer)).toEqual({ sms: [], whatsapp: [] });
  });

  it('links each delivery to its SMS or WhatsApp message, with the message’s id and cost', async () => {
    const customer = await verifiedPhone(await signedInAccount(t, 'CUSTOMER'));
    await choose(customer, [{ kind: 'ISSUE_OPENED', channel: 'SMS', enabled: true }]);
    const issue = event({
      kind: 'ISSUE_OPENED',
      title: { key: 'issueOpened.title', values: { tripNumber: 'TRP-2026-000777', type: 'BREAKDOWN' } },
      body: { key: 'alarm.body', values: { description: 'The driver reported a breakdown near Ore, Ondo.' } },
      to: { companyIds: [customer.company.id] },
    });
    await send(issue);
    const deliveries = await deliveriesOf(customer, issue.key);
    const sms = deliveries.get('SMS')!;
    const whatsapp = deliveries.get('WHATSAPP')!;
    expect(sms).toMatchObject({ status: 'SENT', attempts: 1, lastError: null, whatsappMessageId: null });
    expect(whatsapp).toMatchObject({ status: 'SENT', attempts: 1, lastError: null, smsMessageId: null });
    expect(sms.sentAt).toBeInstanceOf(Date);

    const [text] = await t.ctx.db.select().from(smsMessages).where(eq(smsMessages.id, sms.smsMessageId!));
    const appUrl = t.ctx.env.appUrl;
    expect(text).toMatchObject({
      to: customer.user.phoneNumber,
      text: notificationSmsText(englishRow(issue), appUrl),
      purpose: 'notification.issue-opened',
      companyId: customer.company.id,
      // 165 characters with the test server's address: two parts, each at the configured price.
      segments: 2,
      costKobo: 2 * t.ctx.sms.settings.priceKobo,
    });
    expect(text!.costKobo).toBeGreaterThan(0);
    expect(text!.text).toBe(
      `Freightlane: TRP-2026-000777: breakdown reported. The driver reported a breakdown near Ore, Ondo. ${appUrl}${issue.link}`,
    );

    const [message] = await t.ctx.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.id, whatsapp.whatsappMessageId!));
    expect(message).toMatchObject({
      to: customer.user.phoneNumber,
      kind: 'template',
      templateName: 'notify_issue_opened',
      templateLanguage: 'en',
      parameters: [
        'TRP-2026-000777',
        'breakdown reported',
        'The driver reported a breakdown near Ore, Ondo.',
        `${appUrl}${issue.link}`,
      ],
      purpose: 'notification.issue-opened',
      companyId: customer.company.id,
      costKobo: t.ctx.whatsapp.settings.priceKobo,
    });
    expect(message!.text).toContain('Freightlane · Trips: an issue was reported');
    expect(message!.text).toContain('*TRP-2026-000777*: breakdown reported');
  });

  describe('the WhatsApp fallback to SMS', () => {
    it('is given the SMS text when the person takes WhatsApp but not SMS', async () => {
      const customer = await verifiedPhone(await signedInAccount(t, 'CUSTOMER'));
      const trip = event({ to: { companyIds: [customer.company.id] } });
      await send(trip);
      const { whatsapp } = await messagesTo(customer);
      expect(whatsapp).toHaveLength(1);
      expect(whatsapp[0]!.fallbackSmsText).toBe(notificationSmsText(englishRow(trip), t.ctx.env.appUrl));
    });

    it('is not given when the person takes the same notification by SMS as well', async () => {
      const customer = await verifiedPhone(await signedInAccount(t, 'CUSTOMER'));
      await choose(customer, [{ kind: 'TRIP_STATUS_CHANGED', channel: 'SMS', enabled: true }]);
      await send(event({ to: { companyIds: [customer.company.id] } }));
      const { sms, whatsapp } = await messagesTo(customer);
      expect(sms).toHaveLength(1);
      expect(whatsapp).toHaveLength(1);
      expect(whatsapp[0]!.fallbackSmsText).toBeNull();
    });
  });

  it('fails the delivery with the reason when the company’s spend cap refuses the message', async () => {
    const customer = await verifiedPhone(await signedInAccount(t, 'CUSTOMER'));
    await t.ctx.db
      .update(companies)
      .set({ messageSpendCapKobo: 0 })
      .where(eq(companies.id, customer.company.id));
    await choose(customer, [{ kind: 'TRIP_STATUS_CHANGED', channel: 'SMS', enabled: true }]);
    const trip = event({ to: { companyIds: [customer.company.id] } });
    await send(trip);
    const deliveries = await deliveriesOf(customer, trip.key);
    for (const channel of ['SMS', 'WHATSAPP'] as const) {
      expect(deliveries.get(channel), channel).toMatchObject({
        status: 'FAILED',
        attempts: 1,
        lastError: MESSAGE_SPEND_CAP_REACHED,
      });
      expect(deliveries.get(channel)!.failedAt).toBeInstanceOf(Date);
    }
    const { sms, whatsapp } = await messagesTo(customer);
    expect(sms.map((m) => [m.id, m.status])).toEqual([[deliveries.get('SMS')!.smsMessageId, 'FAILED']]);
    expect(whatsapp.map((m) => [m.id, m.status])).toEqual([
      [deliveries.get('WHATSAPP')!.whatsappMessageId, 'FAILED'],
    ]);
    // The e-mail is free and went out all the same.
    expect(deliveries.get('EMAIL')).toMatchObject({ status: 'SENT' });
  });

  describe('quiet hours', () => {
    // The rest of this file sends whatever the hour it runs at; here the rule is on, as in production.
    const settings = () => t.ctx.env as { MESSAGE_QUIET_HOURS: boolean };
    beforeAll(() => {
      settings().MESSAGE_QUIET_HOURS = true;
    });
    afterAll(() => {
      settings().MESSAGE_QUIET_HOURS = false;
    });

    /** Three days ahead at 22:00 Lagos (21:00Z), and the 06:00 Lagos (05:00Z) that ends that night. */
    function lateEvening(): { at: Date; sixAm: Date } {
      const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const at = new Date(`${day}T21:00:00Z`);
      return { at, sixAm: new Date(at.getTime() + 8 * 60 * 60 * 1000) };
    }

    async function smsJobAt(account: Account, at: Date, kind: NotificationKind) {
      const e = event({ kind, to: { companyIds: [account.company.id] } });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at);
      await send(e);
      vi.useRealTimers();
      const delivery = (await deliveriesOf(account, e.key)).get('SMS')!;
      expect(delivery.status).toBe('SENT');
      return queuedJobOf(t, SMS_SEND_JOB, 'smsId', delivery.smsMessageId!);
    }

    it('holds a notification that can wait until 06:00 Lagos, and sends an urgent one at once', async () => {
      const customer = await verifiedPhone(await signedInAccount(t, 'CUSTOMER'));
      await choose(customer, [
        { kind: 'TRIP_STATUS_CHANGED', channel: 'SMS', enabled: true },
        { kind: 'ISSUE_OPENED', channel: 'SMS', enabled: true },
      ]);
      const { at, sixAm } = lateEvening();
      const waits = await smsJobAt(customer, at, 'TRIP_STATUS_CHANGED');
      expect(waits.runAt).toEqual(sixAm);
      expect(waits.doneAt).toBeNull();
      const urgent = await smsJobAt(customer, at, 'ISSUE_OPENED');
      expect(urgent.runAt.getTime()).toBeLessThan(sixAm.getTime() - 60 * 60 * 1000);
    });
  });

  it('adds no delivery and no message twice when the fan-out runs again', async () => {
    const customer = await verifiedPhone(await signedInAccount(t, 'CUSTOMER'));
    await choose(customer, [{ kind: 'TRIP_STATUS_CHANGED', channel: 'SMS', enabled: true }]);
    const trip = event({ to: { companyIds: [customer.company.id] } });
    await send(trip);
    await send(trip);
    const { sms, whatsapp } = await messagesTo(customer);
    expect(sms).toHaveLength(1);
    expect(whatsapp).toHaveLength(1);
    const rows = await t.ctx.db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(
        and(
          eq(notifications.sourceKey, trip.key),
          inArray(notificationDeliveries.channel, ['SMS', 'WHATSAPP']),
        ),
      );
    expect(rows).toHaveLength(2);
  });

  it('fails an SMS delivery whose number stopped being verified after the fan-out', async () => {
    const customer = await verifiedPhone(await signedInAccount(t, 'CUSTOMER'));
    const trip = event({ to: { companyIds: [customer.company.id] } });
    // The fan-out alone, then the number is changed (and so no longer verified) before the delivery runs.
    const { fanOut } = await import('./notification-fanout.job');
    await fanOut(t.ctx, trip);
    await t.ctx.db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, customer.user.id));
    await t.ctx.jobs.drain();
    expect((await deliveriesOf(customer, trip.key)).get('WHATSAPP')).toMatchObject({
      status: 'FAILED',
      lastError: 'The phone number is not verified',
      whatsappMessageId: null,
    });
    expect(await messagesTo(customer)).toEqual({ sms: [], whatsapp: [] });
  });

  describe('the WhatsApp templates', () => {
    it('has one template per notification kind, named for it, in English', () => {
      for (const kind of NOTIFICATION_KINDS) {
        const name = notificationTemplate(kind);
        expect(name).toBe(`notify_${kind.toLowerCase()}`);
        const template = WHATSAPP_TEMPLATES[name];
        expect(template, kind).toBeDefined();
        expect(template.name).toBe(name);
        expect(template.language).toBe('en');
        expect(template.body).toMatch(/^Freightlane · /);
        for (let n = 1; n <= template.parameters.length; n++) expect(template.body).toContain(`{{${n}}}`);
      }
      expect(WHATSAPP_TEMPLATES.trip_update).toBeDefined();
    });

    it('fills every template with parameters the WhatsApp channel accepts', async () => {
      const owner = await signedInAccount(t, 'CUSTOMER');
      const awkward = [
        { title: 'TRP-2026-000001: Container(s)    Loaded\n', body: 'Line one.\n\tLine two.', link: null },
        { title: 'No subject here', body: '   ', link: '/payments' },
        { title: `ORD-2026-000002: ${'very long '.repeat(80)}`, body: 'x'.repeat(5000), link: '/orders/2' },
      ];
      for (const kind of NOTIFICATION_KINDS) {
        for (const text of awkward) {
          const parameters = notificationWhatsappParameters({ kind, ...text }, t.ctx.env.appUrl);
          await expect(
            t.ctx.db.transaction((tx) =>
              queueWhatsapp(t.ctx, tx, {
                to: owner.user.phoneNumber,
                template: notificationTemplate(kind),
                parameters,
                purpose: `notification.${kind.toLowerCase().replaceAll('_', '-')}`,
                companyId: owner.company.id,
                urgent: true,
              }),
            ),
            `${kind}: ${NOTIFICATION_KIND_LABELS[kind]}`,
          ).resolves.toMatchObject({ status: 'QUEUED' });
        }
      }
    });
  });
});
