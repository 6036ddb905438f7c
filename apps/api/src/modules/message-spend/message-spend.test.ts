import { and, eq } from 'drizzle-orm';
import { MESSAGE_SPEND_CAP_REACHED } from '@freightlane/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  companies,
  jobs,
  messageSpend,
  smsStatusEvents,
  whatsappInboundMessages,
  whatsappMessages,
} from '../../db/schema';
import { signedInAccount, uniquePhone } from '../../test/accounts';
import { signedInFleetManagerOf } from '../../test/fleet';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { queueSms } from '../sms';
import { queueWhatsapp } from '../whatsapp';

// At the default price one SMS part costs 400 kobo and one WhatsApp template 1,000 kobo.
const SMS_KOBO = 400;
const SPEND = '/api/v1/company/message-spend';
const adminSpend = (companyId: string) => `/api/v1/admin/companies/${companyId}/message-spend`;

describe('the monthly SMS and WhatsApp spend cap', () => {
  let t: TestApp;
  const phone = uniquePhone;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function companyWithCap(capKobo: number | null) {
    const account = await signedInAccount(t, 'TRANSPORTER');
    await t.ctx.db
      .update(companies)
      .set({ messageSpendCapKobo: capKobo })
      .where(eq(companies.id, account.company!.id));
    return account;
  }

  function sms(companyId: string | null, text = 'Trip TRP-2026-000001 is loaded at Apapa') {
    return t.ctx.db.transaction((tx) =>
      queueSms(t.ctx, tx, { to: phone(), text, purpose: 'trip-status', companyId, urgent: true }),
    );
  }

  async function jobsFor(id: string) {
    const all = await t.ctx.db.select().from(jobs);
    return all.filter((j) => JSON.stringify(j.payload).includes(id));
  }

  it('lets a message that brings the month exactly to the cap go, and refuses one kobo over', async () => {
    const account = await companyWithCap(2 * SMS_KOBO);
    const companyId = account.company!.id;
    expect((await sms(companyId)).status).toBe('QUEUED');
    const last = await sms(companyId);
    expect(last.status).toBe('QUEUED');
    expect(await jobsFor(last.id)).toHaveLength(1);

    const refused = await sms(companyId);
    expect(refused.status).toBe('FAILED');
    expect(await jobsFor(refused.id)).toHaveLength(0);
    const events = await t.ctx.db
      .select()
      .from(smsStatusEvents)
      .where(eq(smsStatusEvents.smsMessageId, refused.id));
    expect(events).toMatchObject([{ status: 'FAILED', providerStatus: MESSAGE_SPEND_CAP_REACHED }]);
    const [spend] = await t.ctx.db.select().from(messageSpend).where(eq(messageSpend.companyId, companyId));
    expect(spend!.spentKobo).toBe(2 * SMS_KOBO);
  });

  it('refuses a message one kobo over the cap even as the first of the month', async () => {
    const account = await companyWithCap(SMS_KOBO - 1);
    expect((await sms(account.company!.id)).status).toBe('FAILED');
    expect(
      await t.ctx.db.select().from(messageSpend).where(eq(messageSpend.companyId, account.company!.id)),
    ).toEqual([]);
  });

  it('lets only one of two messages queued at once through when only one fits', async () => {
    const account = await companyWithCap(SMS_KOBO + SMS_KOBO / 2);
    const both = await Promise.all([sms(account.company!.id), sms(account.company!.id)]);
    expect(both.map((m) => m.status).sort()).toEqual(['FAILED', 'QUEUED']);
  });

  it('refuses WhatsApp messages at the same cap, with no SMS instead', async () => {
    const account = await companyWithCap(SMS_KOBO);
    const queued = await t.ctx.db.transaction((tx) =>
      queueWhatsapp(t.ctx, tx, {
        to: phone(),
        purpose: 'trip-status',
        companyId: account.company!.id,
        template: 'trip_update',
        parameters: ['TRP-2026-000001', 'loaded at Apapa', 'https://freightlane.ng/t/abc'],
        fallbackSmsText: 'Trip TRP-2026-000001 is loaded at Apapa',
      }),
    );
    expect(queued.status).toBe('FAILED');
    const [row] = await t.ctx.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, queued.id));
    expect(row).toMatchObject({
      status: 'FAILED',
      failureReason: MESSAGE_SPEND_CAP_REACHED,
      fallbackSmsId: null,
    });
    expect(await jobsFor(queued.id)).toHaveLength(0);
  });

  it('starts each Lagos month at zero', async () => {
    const account = await companyWithCap(SMS_KOBO);
    vi.useFakeTimers({ toFake: ['Date'] });
    // 22:59Z on 30 November is still November in Lagos; 23:00Z is 1 December.
    vi.setSystemTime(new Date('2026-11-30T22:59:00Z'));
    expect((await sms(account.company!.id)).status).toBe('QUEUED');
    expect((await sms(account.company!.id)).status).toBe('FAILED');
    vi.setSystemTime(new Date('2026-11-30T23:00:00Z'));
    expect((await sms(account.company!.id)).status).toBe('QUEUED');
    const months = await t.ctx.db
      .select({ month: messageSpend.month, spentKobo: messageSpend.spentKobo })
      .from(messageSpend)
      .where(eq(messageSpend.companyId, account.company!.id))
      .orderBy(messageSpend.month);
    expect(months).toEqual([
      { month: '2026-11', spentKobo: SMS_KOBO },
      { month: '2026-12', spentKobo: SMS_KOBO },
    ]);
  });

  it("uses the platform's default cap when the company has none of its own", async () => {
    const account = await companyWithCap(null);
    await t.ctx.db.insert(messageSpend).values({
      companyId: account.company!.id,
      month: new Date(Date.now() + 3600_000).toISOString().slice(0, 7),
      spentKobo: t.ctx.env.MESSAGE_SPEND_CAP_KOBO - SMS_KOBO + 1,
    });
    expect((await sms(account.company!.id)).status).toBe('FAILED');
  });

  it("never caps the platform's own messages, nor free ones", async () => {
    expect((await sms(null)).status).toBe('QUEUED');
    const account = await companyWithCap(0);
    // A free-form WhatsApp reply inside the window costs nothing, so it goes even at a cap of 0.
    const to = phone();
    await t.ctx.db.insert(whatsappInboundMessages).values({
      providerMessageId: `wamid.cap-${to}`,
      from: to,
      type: 'text',
      text: 'hello',
      sentAt: new Date(),
    });
    const reply = await t.ctx.db.transaction((tx) =>
      queueWhatsapp(t.ctx, tx, { to, purpose: 'trip-lookup', companyId: account.company!.id, text: 'Hello' }),
    );
    expect(reply).toMatchObject({ status: 'QUEUED', costKobo: 0 });
    expect((await sms(account.company!.id)).status).toBe('FAILED');
  });

  describe('the spend API', () => {
    it("shows the company's owner this month's spend by channel, the cap and the months before", async () => {
      const account = await companyWithCap(SMS_KOBO * 2);
      await sms(account.company!.id);
      await sms(account.company!.id);
      await sms(account.company!.id);
      const res = await call(t.app, 'GET', SPEND, undefined, { token: account.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        spentKobo: 2 * SMS_KOBO,
        capKobo: 2 * SMS_KOBO,
        capIsDefault: false,
        capReached: true,
        channels: [
          { channel: 'SMS', spentKobo: 2 * SMS_KOBO, messages: 2 },
          { channel: 'WHATSAPP', spentKobo: 0, messages: 0 },
        ],
        refusedMessages: 1,
      });
      expect(res.body.history).toHaveLength(6);
      expect(res.body.resetsOn).toMatch(/^\d{4}-\d{2}-01$/);
    });

    it('is not shown to a fleet manager', async () => {
      const account = await companyWithCap(null);
      const manager = await signedInFleetManagerOf(t, { company: account.company! });
      expect((await call(t.app, 'GET', SPEND, undefined, { token: manager.accessToken })).status).toBe(403);
    });

    it('lets only the back office read and set a cap, audit-logged; another company is not found', async () => {
      const admin = await signedInAccount(t, 'ADMIN');
      const account = await companyWithCap(null);
      const other = await companyWithCap(null);
      const url = adminSpend(account.company!.id);

      expect((await call(t.app, 'GET', url, undefined, { token: other.accessToken })).status).toBe(403);
      expect((await call(t.app, 'PUT', url, { capKobo: 0 }, { token: account.accessToken })).status).toBe(
        403,
      );
      const unknown = adminSpend('00000000-0000-4000-8000-000000000000');
      expect((await call(t.app, 'GET', unknown, undefined, { token: admin.accessToken })).status).toBe(404);
      expect((await call(t.app, 'PUT', unknown, { capKobo: 5 }, { token: admin.accessToken })).status).toBe(
        404,
      );

      const bad = await call(t.app, 'PUT', url, { capKobo: -1 }, { token: admin.accessToken });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/capKobo/);
      const tooMuch = await call(t.app, 'PUT', url, { capKobo: 1_000_000_001 }, { token: admin.accessToken });
      expect(tooMuch.status).toBe(400);

      const stop = await call(t.app, 'PUT', url, { capKobo: 0 }, { token: admin.accessToken });
      expect(stop.status).toBe(200);
      expect(stop.body).toMatchObject({ capKobo: 0, capIsDefault: false, capReached: true });
      expect((await sms(account.company!.id)).status).toBe('FAILED');
      expect((await sms(other.company!.id)).status).toBe('QUEUED');

      const read = await call(t.app, 'GET', url, undefined, { token: admin.accessToken });
      expect(read.body).toMatchObject({ capKobo: 0, refusedMessages: 1 });
      const back = await call(t.app, 'PUT', url, { capKobo: null }, { token: admin.accessToken });
      expect(back.body).toMatchObject({ capKobo: t.ctx.env.MESSAGE_SPEND_CAP_KOBO, capIsDefault: true });

      const rows = await t.ctx.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, account.company!.id),
            eq(auditLog.action, 'company.message_spend_cap_updated'),
          ),
        );
      expect(rows.map((r) => r.data)).toEqual(
        expect.arrayContaining([
          { before: { capKobo: null }, after: { capKobo: 0 } },
          { before: { capKobo: 0 }, after: { capKobo: null } },
        ]),
      );
      expect(rows.every((r) => r.actorUserId === admin.user.id)).toBe(true);
    });
  });
});
