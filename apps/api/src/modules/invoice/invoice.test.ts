import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import { containerRows } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type Account } from '../../test/trip-world';

const DAY = 24 * 3600_000;

describe('GET /api/v1/invoices', () => {
  let t: TestApp;
  let lekki: Account;
  let ibadan: Account;
  let agege: Account;
  let kano: Account;
  let agegeManager: string;
  let admin: Account;
  /** Invoice ids by name, with their trips and orders for the expected answers. */
  const inv: Record<string, { id: string; tripId: string; tripNumber: string; orderNumber: string }> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const w = await tripWorld(t);
    ({ customer: lekki, otherCustomer: ibadan, transporter: agege, otherTransporter: kano, admin } = w);
    agegeManager = w.fleetManager.accessToken;

    const lekkiAgege = await w.award({ containers: containerRows(2, w.linerId) }, 40_000_000);
    const ibadanAgege = await w.award({}, 55_000_000, { customer: ibadan, transporter: agege });
    const ibadanKano = await w.award({}, 61_000_000, { customer: ibadan, transporter: kano });
    const named: [string, Record<string, any>, number][] = [
      ['lekkiA', lekkiAgege, 0],
      ['lekkiB', lekkiAgege, 1],
      ['ibadanAgege', ibadanAgege, 0],
      ['ibadanKano', ibadanKano, 0],
    ];
    for (const [name, order, index] of named) {
      const trip = order.trips[index];
      const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, trip.id));
      inv[name] = {
        id: row!.id,
        tripId: trip.id,
        tripNumber: trip.tripNumber,
        orderNumber: order.orderNumber,
      };
    }
    // Known due dates so the order is certain: lekkiB is due first, then ibadanKano, lekkiA, ibadanAgege.
    const dueIn = { lekkiB: 3, ibadanKano: 5, lekkiA: 10, ibadanAgege: 12 } as const;
    for (const [name, days] of Object.entries(dueIn)) {
      await t.ctx.db
        .update(invoices)
        .set({ dueAt: new Date(Date.now() + days * DAY) })
        .where(eq(invoices.id, inv[name]!.id));
    }
    await t.ctx.db
      .update(invoices)
      .set({ status: 'PAID', paidAt: new Date() })
      .where(inArray(invoices.id, [inv.lekkiA!.id]));
  });
  afterAll(() => t.close());

  const list = (token: string | undefined, query = '') =>
    call(t.app, 'GET', `/api/v1/invoices${query}`, undefined, token ? { token } : {});
  const idsOf = (body: Record<string, any>) => body.content.map((i: { id: string }) => i.id);

  it("gives a customer its pending payments, the soonest due first, with the trip's details", async () => {
    const res = await list(lekki.accessToken, '?status=PENDING_PAYMENT');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 20 });
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, inv.lekkiB!.id));
    expect(res.body.content).toEqual([
      {
        id: inv.lekkiB!.id,
        invoiceNumber: row!.invoiceNumber,
        trip: { id: inv.lekkiB!.tripId, tripNumber: inv.lekkiB!.tripNumber },
        orderNumber: inv.lekkiB!.orderNumber,
        customerName: 'Lekki Foods Ltd',
        transporterName: 'Agege Haulage Ltd',
        amountKobo: 40_000_000,
        status: 'PENDING_PAYMENT',
        dueAt: row!.dueAt.toISOString(),
        paidAt: null,
        createdAt: row!.createdAt.toISOString(),
      },
    ]);
    expect(row!.invoiceNumber).toMatch(/^INV-/);
  });

  it('shows the paid ones too without a status, and only paid ones with PAID', async () => {
    expect(idsOf((await list(lekki.accessToken)).body)).toEqual([inv.lekkiB!.id, inv.lekkiA!.id]);
    const paid = await list(lekki.accessToken, '?status=PAID');
    expect(idsOf(paid.body)).toEqual([inv.lekkiA!.id]);
    expect(paid.body.content[0].paidAt).toEqual(expect.any(String));
  });

  it("shows a transporter and its fleet manager their company's invoices across customers", async () => {
    for (const token of [agege.accessToken, agegeManager]) {
      const res = await list(token, '?status=PENDING_PAYMENT');
      expect(idsOf(res.body)).toEqual([inv.lekkiB!.id, inv.ibadanAgege!.id]);
    }
    expect(idsOf((await list(kano.accessToken)).body)).toEqual([inv.ibadanKano!.id]);
    expect(idsOf((await list(ibadan.accessToken)).body)).toEqual([inv.ibadanKano!.id, inv.ibadanAgege!.id]);
  });

  it('shows an admin every invoice, and pages', async () => {
    const all = await list(admin.accessToken);
    expect(idsOf(all.body)).toEqual([
      inv.lekkiB!.id,
      inv.ibadanKano!.id,
      inv.lekkiA!.id,
      inv.ibadanAgege!.id,
    ]);
    const page = await list(admin.accessToken, '?page=1&size=3');
    expect(page.body).toMatchObject({ totalElements: 4, totalPages: 2, number: 1, size: 3 });
    expect(idsOf(page.body)).toEqual([inv.ibadanAgege!.id]);
  });

  it('refuses an unknown status with 400 and a missing token with 401', async () => {
    const bad = await list(lekki.accessToken, '?status=OVERDUE');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'query.status', message: 'status is PENDING_PAYMENT, PAID or VOID' },
    ]);
    expect((await list(undefined)).status).toBe(401);
  });
});
