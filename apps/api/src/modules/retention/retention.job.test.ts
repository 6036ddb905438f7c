import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountTokens,
  jobs,
  notifications,
  paymentWebhookEvents,
  phoneVerifications,
  rateLimitHits,
  refreshTokens,
  sessions,
  smsMessages,
  smsStatusEvents,
} from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextRetentionSweepAt, sweepRetention } from './retention.job';
import { RETENTION_RULES } from './retention.repository';

const NOW = new Date('2026-12-03T02:00:00Z');
const SPENT = '00000000-0000-4000-8000-00000000a001';
const CURRENT = '00000000-0000-4000-8000-00000000a002';
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

describe('retention sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs nightly at 03:00 Lagos time', () => {
    expect(nextRetentionSweepAt(new Date('2026-12-03T01:59:00Z')).toISOString()).toBe(
      '2026-12-03T02:00:00.000Z',
    );
    expect(nextRetentionSweepAt(new Date('2026-12-03T02:00:00Z')).toISOString()).toBe(
      '2026-12-04T02:00:00.000Z',
    );
  });

  it('removes what has outlived its use and keeps the rest', async () => {
    const account = await signedInAccount(t);
    const userId = account.user.id;
    const notification = (title: string, createdAt: Date, readAt: Date | null) => ({
      userId,
      kind: 'TRIP_STATUS_CHANGED' as const,
      title,
      body: title,
      sourceKey: `retention:${title}`,
      createdAt,
      readAt,
    });
    await t.ctx.db
      .insert(notifications)
      .values([
        notification('read long ago', daysAgo(200), daysAgo(181)),
        notification('read lately', daysAgo(200), daysAgo(10)),
        notification('unread a year', daysAgo(366), null),
        notification('unread half a year', daysAgo(200), null),
      ]);
    const job = (kind: string, at: Partial<{ doneAt: Date; failedAt: Date; runAt: Date }>) => ({
      kind,
      payload: {},
      ...at,
    });
    await t.ctx.db
      .insert(jobs)
      .values([
        job('retention-test.done-old', { doneAt: daysAgo(15) }),
        job('retention-test.done-new', { doneAt: daysAgo(1) }),
        job('retention-test.failed-old', { failedAt: daysAgo(91) }),
        job('retention-test.failed-new', { failedAt: daysAgo(10) }),
        job('retention-test.waiting', { runAt: daysAgo(400) }),
      ]);
    const ttl = t.ctx.env.REFRESH_TOKEN_TTL_SECONDS;
    const [revokedLongAgo, revokedLately, runOut, live] = await t.ctx.db
      .insert(sessions)
      .values([
        { userId, revokedAt: daysAgo(91), revokedReason: 'LOGOUT' as const, lastUsedAt: daysAgo(91) },
        { userId, revokedAt: daysAgo(10), revokedReason: 'LOGOUT' as const, lastUsedAt: daysAgo(10) },
        { userId, lastUsedAt: new Date(daysAgo(91).getTime() - ttl * 1000) },
        { userId, lastUsedAt: daysAgo(1) },
      ])
      .returning({ id: sessions.id });
    await t.ctx.db.insert(refreshTokens).values([
      { id: SPENT, sessionId: live!.id, expiresAt: daysAgo(31), usedAt: daysAgo(40) },
      { id: CURRENT, sessionId: live!.id, expiresAt: daysAgo(-20) },
    ]);
    await t.ctx.db.insert(accountTokens).values([
      { userId, purpose: 'PASSWORD_RESET', tokenHash: 'retention-old', expiresAt: daysAgo(31) },
      { userId, purpose: 'PASSWORD_RESET', tokenHash: 'retention-new', expiresAt: daysAgo(1) },
    ]);
    await t.ctx.db.insert(paymentWebhookEvents).values([
      {
        provider: 'paystack',
        event: 'charge.success',
        payload: {},
        outcome: 'IGNORED',
        receivedAt: daysAgo(181),
      },
      {
        provider: 'paystack',
        event: 'charge.success',
        payload: {},
        outcome: 'IGNORED',
        receivedAt: daysAgo(179),
      },
    ]);
    await t.ctx.db.insert(rateLimitHits).values([
      { key: 'retention-test', windowStart: daysAgo(2), count: 3 },
      { key: 'retention-test', windowStart: NOW, count: 1 },
    ]);
    const [sms] = await t.ctx.db
      .insert(smsMessages)
      .values({
        to: '+2348030000001',
        senderId: 'Freightlane',
        text: 'Trip TRP-2026-000001 loaded',
        purpose: 'retention-test',
        encoding: 'GSM_7',
        segments: 1,
        costKobo: 400,
        route: 'generic',
        provider: 'termii',
      })
      .returning({ id: smsMessages.id });
    await t.ctx.db.insert(smsStatusEvents).values([
      { smsMessageId: sms!.id, status: 'SENT', providerStatus: 'Sent', at: daysAgo(181) },
      { smsMessageId: sms!.id, status: 'DELIVERED', providerStatus: 'DELIVERED', at: daysAgo(179) },
    ]);
    await t.ctx.db.insert(phoneVerifications).values([
      { userId, phoneNumber: '+2348030000001', codeHash: 'retention-old', expiresAt: daysAgo(31) },
      { userId, phoneNumber: '+2348030000002', codeHash: 'retention-new', expiresAt: daysAgo(29) },
    ]);

    const removed = await sweepRetention(t.ctx, NOW);

    const titles = await t.ctx.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    expect(titles.map((n) => n.title).sort()).toEqual(['read lately', 'unread half a year']);
    const kinds = await t.ctx.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(
        inArray(jobs.kind, [
          'retention-test.done-old',
          'retention-test.done-new',
          'retention-test.failed-old',
          'retention-test.failed-new',
          'retention-test.waiting',
        ]),
      );
    expect(kinds.map((j) => j.kind).sort()).toEqual([
      'retention-test.done-new',
      'retention-test.failed-new',
      'retention-test.waiting',
    ]);
    const left = await t.ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, [revokedLongAgo!.id, revokedLately!.id, runOut!.id, live!.id]));
    expect(left.map((s) => s.id).sort()).toEqual([revokedLately!.id, live!.id].sort());
    const tokens = await t.ctx.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, live!.id));
    expect(tokens.map((r) => r.id)).toEqual([CURRENT]);
    const resets = await t.ctx.db
      .select({ hash: accountTokens.tokenHash })
      .from(accountTokens)
      .where(inArray(accountTokens.tokenHash, ['retention-old', 'retention-new']));
    expect(resets.map((r) => r.hash)).toEqual(['retention-new']);
    const webhooks = await t.ctx.db
      .select({ at: paymentWebhookEvents.receivedAt })
      .from(paymentWebhookEvents);
    expect(webhooks.map((w) => w.at.toISOString())).toEqual([daysAgo(179).toISOString()]);
    const windows = await t.ctx.db
      .select({ at: rateLimitHits.windowStart })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, 'retention-test'));
    expect(windows.map((w) => w.at.toISOString())).toEqual([NOW.toISOString()]);

    // The message itself stays: it is what the company's message spend is billed from.
    const reports = await t.ctx.db
      .select({ status: smsStatusEvents.status })
      .from(smsStatusEvents)
      .where(eq(smsStatusEvents.smsMessageId, sms!.id));
    expect(reports.map((r) => r.status)).toEqual(['DELIVERED']);
    const codes = await t.ctx.db
      .select({ hash: phoneVerifications.codeHash })
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, userId));
    expect(codes.map((c) => c.hash)).toEqual(['retention-new']);

    expect(Object.keys(removed)).toEqual(RETENTION_RULES.map((r) => r.name));
    expect(removed['read notifications']).toBeGreaterThanOrEqual(1);
    expect(removed['unread notifications']).toBeGreaterThanOrEqual(1);
    // A second sweep finds nothing more of these.
    const again = await sweepRetention(t.ctx, NOW);
    expect(again['read notifications']).toBe(0);
    expect(again['ended sessions']).toBe(0);
  });
});
