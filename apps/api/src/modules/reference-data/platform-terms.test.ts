import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoices, platformSettings } from '../../db/schema';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  insertBid,
  placeOrderViaApi,
  referenceIds,
} from '../../test/marketplace';
import { auditRowsOf, expectAdminOnly, fieldsOf, referenceDataCallers } from '../../test/reference-data';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const URL = '/api/v1/admin/platform-settings';
const DAY = 24 * 3600 * 1000;

describe('admin: platform terms', () => {
  let t: TestApp;
  let callers: Awaited<ReturnType<typeof referenceDataCallers>>;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await referenceDataCallers(t);
  });
  afterAll(() => t.close());

  /** Awards a fresh one-container order; answers its invoice's due date and when the award was sent. */
  async function awardOne(): Promise<{ dueAt: Date; sentAt: number }> {
    const { linerId } = await referenceIds(t);
    const customer = await createVerifiedCustomer(t);
    const transporter = await createVerifiedTransporter(t);
    const order = await placeOrderViaApi(t, customer.accessToken, { containers: containerRows(1, linerId) });
    const bid = await insertBid(t, order.id, transporter.company.id, 38_000_000);
    const sentAt = Date.now();
    const res = await call(
      t.app,
      'POST',
      `/api/v1/orders/${order.id}/award`,
      { allocations: [{ bidId: bid.id, itemIds: order.items.map((i) => i.id) }] },
      { token: customer.accessToken },
    );
    expect(res.status).toBe(200);
    const [invoice] = await t.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.customerCompanyId, customer.company.id));
    return { dueAt: invoice!.dueAt, sentAt };
  }

  const expectDueIn = ({ dueAt, sentAt }: { dueAt: Date; sentAt: number }, days: number) => {
    expect(dueAt.getTime()).toBeGreaterThanOrEqual(sentAt + days * DAY - 1000);
    expect(dueAt.getTime()).toBeLessThanOrEqual(Date.now() + days * DAY);
  };

  it('starts with 5 % commission and 14 days to pay, set by nobody yet', async () => {
    const res = await callers.asAdmin('GET', URL);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      commissionBasisPoints: 500,
      paymentTermsDays: 14,
      updatedAt: expect.any(String),
      updatedBy: null,
    });
  });

  it('changes the terms, naming who did it, and audits what they were', async () => {
    const res = await callers.asAdmin('PUT', URL, { commissionBasisPoints: 725, paymentTermsDays: 30 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      commissionBasisPoints: 725,
      paymentTermsDays: 30,
      updatedAt: expect.any(String),
      updatedBy: { id: callers.admin.user.id, name: `Kemi ${callers.admin.user.lastName}`.trim() },
    });
    expect((await callers.asAdmin('GET', URL)).body).toEqual(res.body);
    const [row] = await auditRowsOf(t, 'platform_settings', '1');
    expect(row).toMatchObject({
      action: 'platform_settings.updated',
      actorUserId: callers.admin.user.id,
      data: {
        before: { commissionBasisPoints: 500, paymentTermsDays: 14 },
        after: { commissionBasisPoints: 725, paymentTermsDays: 30 },
      },
    });

    // Only the field that changed is in the next row; the same terms again write none.
    await callers.asAdmin('PUT', URL, { commissionBasisPoints: 725, paymentTermsDays: 21 });
    expect((await auditRowsOf(t, 'platform_settings', '1'))[0]!.data).toEqual({
      before: { paymentTermsDays: 30 },
      after: { paymentTermsDays: 21 },
    });
    await callers.asAdmin('PUT', URL, { commissionBasisPoints: 725, paymentTermsDays: 21 });
    expect(await auditRowsOf(t, 'platform_settings', '1')).toHaveLength(2);
  });

  it('gives an awarded invoice the payment terms in force, and leaves earlier invoices alone', async () => {
    await callers.asAdmin('PUT', URL, { commissionBasisPoints: 500, paymentTermsDays: 30 });
    const first = await awardOne();
    expectDueIn(first, 30);

    await callers.asAdmin('PUT', URL, { commissionBasisPoints: 500, paymentTermsDays: 7 });
    expectDueIn(await awardOne(), 7);
    const [still] = await t.ctx.db.select().from(invoices).where(eq(invoices.dueAt, first.dueAt));
    expect(still).toBeDefined();
  });

  it('answers 400 naming the field for terms out of range or not whole numbers', async () => {
    const cases: [unknown, string][] = [
      [{ commissionBasisPoints: 3001, paymentTermsDays: 14 }, 'commissionBasisPoints'],
      [{ commissionBasisPoints: -1, paymentTermsDays: 14 }, 'commissionBasisPoints'],
      [{ commissionBasisPoints: 5.25, paymentTermsDays: 14 }, 'commissionBasisPoints'],
      [{ commissionBasisPoints: '500', paymentTermsDays: 14 }, 'commissionBasisPoints'],
      [{ commissionBasisPoints: '5\u0000', paymentTermsDays: 14 }, 'commissionBasisPoints'],
      [{ commissionBasisPoints: 500, paymentTermsDays: 0 }, 'paymentTermsDays'],
      [{ commissionBasisPoints: 500, paymentTermsDays: 121 }, 'paymentTermsDays'],
      [{ commissionBasisPoints: 500 }, 'paymentTermsDays'],
      [{ commissionBasisPoints: 500, paymentTermsDays: 14, note: 'x'.repeat(5000) }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await callers.asAdmin('PUT', URL, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (field) expect(fieldsOf(res)).toContain(field);
    }
    const [row] = await t.ctx.db.select().from(platformSettings);
    expect(row).toMatchObject({ commissionBasisPoints: 500, paymentTermsDays: 7 });
  });

  it('takes the bounds themselves: 0 % to 30 %, 1 to 120 days', async () => {
    const low = await callers.asAdmin('PUT', URL, { commissionBasisPoints: 0, paymentTermsDays: 1 });
    expect(low.body).toMatchObject({ commissionBasisPoints: 0, paymentTermsDays: 1 });
    const high = await callers.asAdmin('PUT', URL, { commissionBasisPoints: 3000, paymentTermsDays: 120 });
    expect(high.body).toMatchObject({ commissionBasisPoints: 3000, paymentTermsDays: 120 });
  });

  it('lets only admins in', async () => {
    await expectAdminOnly(t, callers, [
      ['GET', URL],
      ['PUT', URL, { commissionBasisPoints: 0, paymentTermsDays: 120 }],
    ]);
    const [row] = await t.ctx.db.select().from(platformSettings);
    expect(row).toMatchObject({ commissionBasisPoints: 3000, paymentTermsDays: 120 });
  });
});
