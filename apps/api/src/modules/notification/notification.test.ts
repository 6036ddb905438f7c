import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS_BY_ROLE,
  type NotificationKind,
} from '@freightlane/domain';
import { createUser } from '../../db/seed/factories';
import { notificationDeliveries, notifications, pushSubscriptions, users } from '../../db/schema';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail } from '../../test/accounts';
import { eventually, listening, openEventStream } from '../../test/event-stream';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { inEnglish } from './notification-events.test-kit';
import { queueNotification, UNSUBSCRIBED_TEXT, type NotificationEvent } from './notification.service';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

let seq = 0;
function event(overrides: Partial<NotificationEvent> & Pick<NotificationEvent, 'to'>): NotificationEvent {
  seq += 1;
  return {
    kind: 'TRIP_STATUS_CHANGED',
    title: { key: 'tripStatus.title', values: { tripNumber: `TRP-2026-00000${seq}`, status: 'LOADED' } },
    body: {
      key: 'noteAdded.body',
      values: { text: `Container MSKU1234565 was loaded at APM Terminals, Apapa (${seq}).` },
    },
    link: `/trips/00000000-0000-4000-8000-00000000000${seq % 10}`,
    key: `test:${seq}`,
    ...overrides,
  };
}

describe('notifications', () => {
  let t: TestApp;
  let customer: Account;
  let colleague: { id: string; email: string };
  let transporter: Account;

  async function send(e: NotificationEvent): Promise<void> {
    await t.ctx.db.transaction((tx) => queueNotification(t.ctx, tx, e));
    await t.ctx.jobs.drain();
  }

  async function rowsOf(userId: string) {
    return t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
  }

  beforeAll(async () => {
    t = await createTestApp();
    customer = await signedInAccount(t, 'CUSTOMER', { verificationStatus: 'VERIFIED' });
    const email = uniqueEmail('colleague');
    colleague = await createUser(t.ctx.db, customer.company.id, {
      email,
      password: GOOD_PASSWORD,
      userType: 'CUSTOMER',
      firstName: 'Tunde',
    });
    colleague = { ...colleague, email };
    transporter = await signedInAccount(t, 'TRANSPORTER', { verificationStatus: 'VERIFIED' });
  });
  afterAll(() => t?.close());

  describe('fan-out', () => {
    it('reaches every active user of the company except the one who acted, in the app and by e-mail', async () => {
      const e = event({ to: { companyIds: [customer.company.id] }, actorUserId: customer.user.id });
      await send(e);
      expect(await rowsOf(customer.user.id)).toEqual([]);
      const [row] = await rowsOf(colleague.id);
      expect(row).toMatchObject({
        kind: 'TRIP_STATUS_CHANGED',
        title: inEnglish(e.title),
        body: inEnglish(e.body),
        link: e.link,
      });
      const deliveries = await t.ctx.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, row!.id));
      expect(deliveries.map((d) => [d.channel, d.status])).toEqual([['EMAIL', 'SENT']]);
      const [mail] = await t.mailsTo(colleague.email);
      expect(mail?.subject).toBe(inEnglish(e.title));
      expect(mail?.text).toContain('Hello Tunde,');
      expect(mail?.text).toContain(inEnglish(e.body));
      expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail?.headers?.['List-Unsubscribe']).toMatch(
        /^<http:\/\/localhost:\d+\/api\/v1\/notifications\/unsubscribe\?token=[\w.-]+>$/,
      );
    });

    it('adds nothing twice when the same event is fanned out again', async () => {
      const e = event({ to: { companyIds: [customer.company.id] } });
      await send(e);
      await send(e);
      expect((await rowsOf(colleague.id)).filter((r) => r.sourceKey === e.key)).toHaveLength(1);
      expect((await t.mailsTo(colleague.email)).filter((m) => m.subject === inEnglish(e.title))).toHaveLength(
        1,
      );
    });

    it("tells only the kinds a person's role receives", async () => {
      expect(NOTIFICATION_KINDS_BY_ROLE.role_customer).not.toContain('BID_WON');
      const e = event({ kind: 'BID_WON', to: { companyIds: [customer.company.id, transporter.company.id] } });
      await send(e);
      expect((await rowsOf(colleague.id)).some((r) => r.sourceKey === e.key)).toBe(false);
      expect((await rowsOf(transporter.user.id)).some((r) => r.sourceKey === e.key)).toBe(true);
    });

    it('skips deactivated and never-activated accounts', async () => {
      const dormant = await createUser(t.ctx.db, customer.company.id, {
        email: uniqueEmail('dormant'),
        password: GOOD_PASSWORD,
        userType: 'CUSTOMER',
        activated: false,
      });
      const gone = await createUser(t.ctx.db, customer.company.id, {
        email: uniqueEmail('gone'),
        password: GOOD_PASSWORD,
        userType: 'CUSTOMER',
      });
      await t.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
      await send(event({ to: { companyIds: [customer.company.id] } }));
      expect(await rowsOf(dormant.id)).toEqual([]);
      expect(await rowsOf(gone.id)).toEqual([]);
    });

    it('follows each person’s choices per kind and channel', async () => {
      const res = await call(
        t.app,
        'PUT',
        '/api/v1/notifications/preferences',
        {
          preferences: [
            { kind: 'ISSUE_OPENED', channel: 'IN_APP', enabled: false },
            { kind: 'DOCUMENT_ADDED', channel: 'EMAIL', enabled: false },
          ],
        },
        { token: transporter.accessToken },
      );
      expect(res.status).toBe(200);
      const issue = event({ kind: 'ISSUE_OPENED', to: { companyIds: [transporter.company.id] } });
      const document = event({ kind: 'DOCUMENT_ADDED', to: { companyIds: [transporter.company.id] } });
      await send(issue);
      await send(document);
      const rows = await rowsOf(transporter.user.id);
      const issueRow = rows.find((r) => r.sourceKey === issue.key)!;
      const documentRow = rows.find((r) => r.sourceKey === document.key)!;
      // Off in the app but still by e-mail: the row exists for the e-mail, hidden from the list.
      expect(issueRow.inApp).toBe(false);
      expect(documentRow.inApp).toBe(true);
      const mails = await t.mailsTo(transporter.email);
      expect(mails.some((m) => m.subject === inEnglish(issue.title))).toBe(true);
      expect(mails.some((m) => m.subject === inEnglish(document.title))).toBe(false);
      const list = await call(t.app, 'GET', '/api/v1/notifications?size=100', undefined, {
        token: transporter.accessToken,
      });
      const titles = (list.body.content as { title: string }[]).map((n) => n.title);
      expect(titles).toContain(inEnglish(document.title));
      expect(titles).not.toContain(inEnglish(issue.title));
    });
  });

  describe('the list', () => {
    let reader: Account;
    beforeAll(async () => {
      reader = await signedInAccount(t, 'CUSTOMER');
      for (let i = 0; i < 3; i++) await send(event({ to: { userIds: [reader.user.id] } }));
    });

    it('lists newest first with the unread count, and filters the unread', async () => {
      const res = await call(t.app, 'GET', '/api/v1/notifications?size=2', undefined, {
        token: reader.accessToken,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, size: 2, unreadCount: 3 });
      const [first, second] = res.body.content as { createdAt: string; read: boolean }[];
      expect(first!.createdAt >= second!.createdAt).toBe(true);
      expect(first!.read).toBe(false);
    });

    it('marks some read, only ever the caller’s own, then all', async () => {
      const list = await call(t.app, 'GET', '/api/v1/notifications', undefined, {
        token: reader.accessToken,
      });
      const [one] = list.body.content as { id: string }[];
      const othersRow = (await rowsOf(colleague.id))[0]!;
      const res = await call(
        t.app,
        'POST',
        '/api/v1/notifications/read',
        { ids: [one!.id, othersRow.id] },
        { token: reader.accessToken },
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ unreadCount: 2 });
      expect((await rowsOf(colleague.id)).find((r) => r.id === othersRow.id)?.readAt).toBeNull();
      const unread = await call(t.app, 'GET', '/api/v1/notifications?unreadOnly=true', undefined, {
        token: reader.accessToken,
      });
      expect(unread.body.totalElements).toBe(2);
      const all = await call(
        t.app,
        'POST',
        '/api/v1/notifications/read',
        { all: true },
        { token: reader.accessToken },
      );
      expect(all.body).toEqual({ unreadCount: 0 });
      const count = await call(t.app, 'GET', '/api/v1/notifications/unread-count', undefined, {
        token: reader.accessToken,
      });
      expect(count.body).toEqual({ unreadCount: 0 });
    });

    it('refuses bad input with the field, and anonymous callers', async () => {
      const bad = [
        { body: {}, field: 'ids' },
        { body: { ids: ['not-a-uuid'] }, field: 'ids.0' },
        { body: { ids: [], all: true }, field: 'ids' },
        { body: { all: false }, field: 'all' },
      ];
      for (const { body, field } of bad) {
        const res = await call(t.app, 'POST', '/api/v1/notifications/read', body, {
          token: reader.accessToken,
        });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((res.body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
      }
      const page = await call(t.app, 'GET', '/api/v1/notifications?size=1000', undefined, {
        token: reader.accessToken,
      });
      expect(page.status).toBe(400);
      const nul = await call(t.app, 'GET', '/api/v1/notifications?unreadOnly=%00', undefined, {
        token: reader.accessToken,
      });
      expect(nul.status).toBe(400);
      expect((await call(t.app, 'GET', '/api/v1/notifications')).status).toBe(401);
      expect((await call(t.app, 'GET', '/api/v1/notifications/unread-count')).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/v1/notifications/read', { all: true })).status).toBe(401);
    });
  });

  describe('preferences', () => {
    it("lists every kind of the caller's role on every channel, with the role's defaults until chosen", async () => {
      const fresh = await signedInAccount(t, 'TRANSPORTER');
      const res = await call(t.app, 'GET', '/api/v1/notifications/preferences', undefined, {
        token: fresh.accessToken,
      });
      expect(res.status).toBe(200);
      expect(res.body.pushEnabled).toBe(false);
      expect(res.body.phoneVerified).toBe(false);
      const prefs = res.body.preferences as { kind: string; channel: string; enabled: boolean }[];
      expect(prefs).toHaveLength(
        NOTIFICATION_KINDS_BY_ROLE.role_transporter.length * NOTIFICATION_CHANNELS.length,
      );
      expect(NOTIFICATION_CHANNELS).toHaveLength(5);
      // In the app, e-mail and push on; a transporter's SMS and WhatsApp off until chosen.
      expect(prefs.filter((p) => p.enabled).map((p) => p.channel)).not.toContain('SMS');
      expect(prefs.filter((p) => p.enabled).map((p) => p.channel)).not.toContain('WHATSAPP');
      expect(
        prefs.filter((p) => ['IN_APP', 'EMAIL', 'PUSH'].includes(p.channel)).every((p) => p.enabled),
      ).toBe(true);
      expect(prefs.some((p) => p.kind === 'BID_RECEIVED')).toBe(false);
    });

    it('refuses a kind the role does not receive, an unknown channel and a wrong type', async () => {
      const cases = [
        {
          preferences: [{ kind: 'BID_RECEIVED', channel: 'EMAIL', enabled: false }],
          field: 'preferences.0.kind',
        },
        {
          preferences: [{ kind: 'BID_WON', channel: 'TELEGRAM', enabled: false }],
          field: 'preferences.0.channel',
        },
        {
          preferences: [{ kind: 'BID_WON', channel: 'EMAIL', enabled: 'no' }],
          field: 'preferences.0.enabled',
        },
        { preferences: [], field: 'preferences' },
      ];
      for (const { preferences, field } of cases) {
        const res = await call(
          t.app,
          'PUT',
          '/api/v1/notifications/preferences',
          { preferences },
          { token: transporter.accessToken },
        );
        expect(res.status, field).toBe(400);
        expect((res.body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
      }
      expect((await call(t.app, 'GET', '/api/v1/notifications/preferences')).status).toBe(401);
    });
  });

  describe('one-click unsubscribe', () => {
    async function unsubscribeLinkFor(
      account: { id: string; email: string },
      kind: NotificationKind = 'NOTE_ADDED',
    ) {
      const e = event({ kind, to: { userIds: [account.id] } });
      await send(e);
      const mail = (await t.mailsTo(account.email)).find((m) => m.subject === inEnglish(e.title))!;
      const page = mail.links.find((l) => l.includes('/unsubscribe?token='))!;
      return { page, token: new URL(page).searchParams.get('token')!, mail };
    }

    it('turns that kind of e-mail off for that person only, from the page or a mail client', async () => {
      const { token, mail } = await unsubscribeLinkFor(colleague);
      expect(mail.html).toContain('Unsubscribe from these e-mails');
      const res = await call(t.app, 'POST', '/api/v1/notifications/unsubscribe', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        kind: 'NOTE_ADDED',
        kindLabel: 'Notes added to trips',
        message: UNSUBSCRIBED_TEXT,
      });
      const after = event({
        kind: 'NOTE_ADDED',
        to: { userIds: [colleague.id, customer.user.id] },
        title: { key: 'noteAdded.title', values: { tripNumber: 'After', side: 'CUSTOMER' } },
      });
      await send(after);
      expect((await t.mailsTo(colleague.email)).some((m) => m.subject === inEnglish(after.title))).toBe(
        false,
      );
      expect((await t.mailsTo(customer.email)).some((m) => m.subject === inEnglish(after.title))).toBe(true);
      // Again: nothing more changes, and it still answers yes.
      expect((await call(t.app, 'POST', '/api/v1/notifications/unsubscribe', { token })).status).toBe(200);

      // RFC 8058: the mail client posts the form to the List-Unsubscribe address.
      const other = await unsubscribeLinkFor({ id: customer.user.id, email: customer.email });
      const oneClick = await t.app.inject({
        method: 'POST',
        url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(other.token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      const prefs = await call(t.app, 'GET', '/api/v1/notifications/preferences', undefined, {
        token: customer.accessToken,
      });
      expect(prefs.body.preferences).toContainEqual({ kind: 'NOTE_ADDED', channel: 'EMAIL', enabled: false });
      expect(prefs.body.preferences).toContainEqual({ kind: 'NOTE_ADDED', channel: 'IN_APP', enabled: true });
    });

    it('refuses a forged, altered or foreign-made token', async () => {
      const { token } = await unsubscribeLinkFor(colleague, 'ISSUE_RESOLVED');
      const [body, mac] = token.split('.') as [string, string];
      const bytes = Buffer.from(body, 'base64url');
      bytes[0] = bytes[0]! ^ 1; // another user's id with the same signature
      const forged = [
        `${bytes.toString('base64url')}.${mac}`,
        `${body}.${Buffer.alloc(16).toString('base64url')}`,
        `${body}`,
        'x'.repeat(600),
        '',
        'abc\u0000.def',
      ];
      for (const bad of forged) {
        const res = await call(t.app, 'POST', '/api/v1/notifications/unsubscribe', { token: bad });
        expect(res.status, bad.slice(0, 40)).toBe(400);
        expect(res.body.message).toBeTruthy();
      }
      // A token signed by another deployment's secret is refused too.
      const elsewhere = await createTestApp();
      try {
        const foreign = elsewhere.ctx.unsubscribeTokens.sign(colleague.id, 'NOTE_ADDED');
        expect(
          (await call(t.app, 'POST', '/api/v1/notifications/unsubscribe', { token: foreign })).status,
        ).toBe(400);
      } finally {
        await elsewhere.close();
      }
    });
  });

  describe('push subscriptions', () => {
    const subscription = (endpoint: string) => ({
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });

    it('gives the public key without sign-in, the same on every call', async () => {
      const a = await call(t.app, 'GET', '/api/v1/notifications/push/key');
      const b = await call(t.app, 'GET', '/api/v1/notifications/push/key');
      expect(a.status).toBe(200);
      expect(a.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(b.body.publicKey).toBe(a.body.publicKey);
    });

    it('refuses an address on this machine or a private network, and a plain-http one', async () => {
      for (const endpoint of [
        'https://127.0.0.1/push/1',
        'https://10.0.0.5/push/1',
        'https://[::1]/push/1',
        'http://push.example.com/push/1',
        'ftp://push.example.com/1',
      ]) {
        const res = await call(
          t.app,
          'POST',
          '/api/v1/notifications/push/subscriptions',
          subscription(endpoint),
          {
            token: customer.accessToken,
          },
        );
        expect(res.status, endpoint).toBe(400);
        expect((res.body.errors as { field: string }[])[0]?.field).toBe('endpoint');
      }
      const badKeys = await call(
        t.app,
        'POST',
        '/api/v1/notifications/push/subscriptions',
        { endpoint: 'https://push.example.com/1', keys: { p256dh: 'short', auth: 'x' } },
        { token: customer.accessToken },
      );
      expect(badKeys.status).toBe(400);
      expect(
        (
          await call(
            t.app,
            'POST',
            '/api/v1/notifications/push/subscriptions',
            subscription('https://a.example/1'),
          )
        ).status,
      ).toBe(401);
    });

    it("links a subscription sent as the login's deviceId to the new session; a later login takes it over", async () => {
      const pushy = await createTestApp({ PUSH_ALLOW_INTERNAL_HOSTS: 'true' });
      try {
        const first = await signedInAccount(pushy, 'CUSTOMER');
        const second = await signedInAccount(pushy, 'CUSTOMER');
        const deviceId = JSON.stringify(subscription('http://127.0.0.1:9/push/abc'));
        const login = async (email: string) =>
          pushy.app.inject({
            method: 'POST',
            url: LOGIN_URL,
            headers: { deviceid: deviceId },
            payload: { username: email, password: GOOD_PASSWORD },
          });
        expect((await login(first.email)).statusCode).toBe(200);
        let rows = await pushy.ctx.db.select().from(pushSubscriptions);
        expect(rows.map((r) => r.userId)).toEqual([first.user.id]);
        const signedIn = await login(second.email);
        rows = await pushy.ctx.db.select().from(pushSubscriptions);
        expect(rows.map((r) => r.userId)).toEqual([second.user.id]);
        const prefs = await call(pushy.app, 'GET', '/api/v1/notifications/preferences', undefined, {
          token: signedIn.json().accessToken,
        });
        expect(prefs.body.pushEnabled).toBe(true);
        // A deviceId that is not a subscription is only a device name: the login works, nothing is linked.
        const plain = await pushy.app.inject({
          method: 'POST',
          url: LOGIN_URL,
          headers: { deviceid: '{"endpoint":"javascript:alert(1)"}' },
          payload: { username: first.email, password: GOOD_PASSWORD },
        });
        expect(plain.statusCode).toBe(200);
        expect(await pushy.ctx.db.select().from(pushSubscriptions)).toHaveLength(1);
        // Another person naming this browser's endpoint removes nothing: a subscription is only its owner's.
        const stranger = await call(
          pushy.app,
          'DELETE',
          '/api/v1/notifications/push/subscriptions',
          { endpoint: 'http://127.0.0.1:9/push/abc' },
          { token: first.accessToken },
        );
        expect(stranger.status).toBe(204);
        expect(await pushy.ctx.db.select().from(pushSubscriptions)).toHaveLength(1);
        const removed = await call(
          pushy.app,
          'DELETE',
          '/api/v1/notifications/push/subscriptions',
          { endpoint: 'http://127.0.0.1:9/push/abc' },
          { token: signedIn.json().accessToken },
        );
        expect(removed.status).toBe(204);
        expect(await pushy.ctx.db.select().from(pushSubscriptions)).toEqual([]);
      } finally {
        await pushy.close();
      }
    });
  });

  describe('live stream', () => {
    it('sends the unread count, then each new notification and the new count, on every instance', async () => {
      const origin = await listening(t.app);
      const watcher = await signedInAccount(t, 'TRANSPORTER');
      const stream = await openEventStream(`${origin}/api/v1/notifications/events`, {
        authorization: `Bearer ${watcher.accessToken}`,
      });
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers['content-type']).toContain('text/event-stream');
        expect(JSON.parse((await stream.next((e) => e.event === 'unread')).data)).toEqual({ unreadCount: 0 });
        const e = event({ kind: 'BID_WON', to: { userIds: [watcher.user.id] } });
        await send(e);
        const arrived = JSON.parse((await stream.next((x) => x.event === 'notification')).data);
        expect(arrived).toMatchObject({ kind: 'BID_WON', title: inEnglish(e.title), read: false });
        expect(JSON.parse((await stream.next((x) => x.event === 'unread')).data)).toEqual({ unreadCount: 1 });
        await call(
          t.app,
          'POST',
          '/api/v1/notifications/read',
          { all: true },
          { token: watcher.accessToken },
        );
        expect(JSON.parse((await stream.next((x) => x.event === 'unread')).data)).toEqual({ unreadCount: 0 });
      } finally {
        stream.close();
      }
      await eventually(
        () => t.ctx.userNotifications.streamsOf(watcher.user.id),
        (n) => n === 0,
      );
      const anonymous = await openEventStream(`${origin}/api/v1/notifications/events`);
      expect(anonymous.status).toBe(401);
      anonymous.close();
    });
  });
});
