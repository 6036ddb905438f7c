import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { lagosToday } from '@freightlane/domain';
import { invoices, notifications, payouts, platformSettings } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

describe('earnings and payouts', () => {
  let t: TestApp;
  let w: TripWorld;
  /** Paid invoices by name, with their trips, payouts and figures. */
  const paid: Record<
    string,
    { invoiceId: string; invoiceNumber: string; tripId: string; tripNumber: string; payoutId: string }
  > = {};

  /** An invoice awarded at `haulage` to the pair given, paid by a bank transfer the admin records. */
  async function paidInvoice(
    name: string,
    haulage: number,
    parties: { customer: TripWorld['customer']; transporter: TripWorld['transporter'] },
  ) {
    const trip = (await w.award({}, haulage, parties)).trips[0];
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, trip.id));
    const res = await call(
      t.app,
      'POST',
      `/api/v1/admin/invoices/${invoice!.id}/bank-transfer`,
      { reference: `NIP/${randomBytes(5).toString('hex')}`, receivedOn: lagosToday() },
      { token: w.admin.accessToken },
    );
    if (res.status !== 201) throw new Error(`recording failed: ${res.status} ${JSON.stringify(res.body)}`);
    const [payout] = await t.ctx.db.select().from(payouts).where(eq(payouts.invoiceId, invoice!.id));
    paid[name] = {
      invoiceId: invoice!.id,
      invoiceNumber: invoice!.invoiceNumber,
      tripId: trip.id,
      tripNumber: trip.tripNumber,
      payoutId: payout!.id,
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    const agege = { customer: w.customer, transporter: w.transporter };
    // ₦400,000 at the default 5 %: commission ₦20,000 of the haulage; the customer paid ₦430,000 with VAT.
    await paidInvoice('first', 40_000_000, agege);
    // The rate changes to 7.5 %: the next payout takes the new rate, the first keeps its own.
    await t.ctx.db
      .update(platformSettings)
      .set({ commissionBasisPoints: 750 })
      .where(eq(platformSettings.id, 1));
    // ₦123,457.00: VAT ₦9,259.28 (rounded half up); 7.5 % commission ₦9,259.28 of the haulage.
    await paidInvoice('second', 12_345_700, agege);
    await paidInvoice('kano', 55_000_000, { customer: w.otherCustomer, transporter: w.otherTransporter });
    // Paid in the order first, second, kano; the second is the newest of Agege's.
    await t.ctx.db
      .update(invoices)
      .set({ paidAt: new Date(Date.now() - 3 * 24 * 3600_000) })
      .where(eq(invoices.id, paid.first!.invoiceId));
    await t.ctx.db
      .update(invoices)
      .set({ paidAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(invoices.id, paid.second!.invoiceId));
    await t.ctx.db
      .update(invoices)
      .set({ paidAt: new Date(Date.now() - 1 * 24 * 3600_000) })
      .where(eq(invoices.id, paid.kano!.invoiceId));
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => call(t.app, 'GET', url, undefined, { token });
  const markPaid = (payoutId: string, body: unknown, token = w.admin.accessToken) =>
    call(t.app, 'POST', `/api/v1/admin/payouts/${payoutId}/paid`, body, { token });

  describe('GET /api/v1/earnings', () => {
    it("lists the company's paid trips, newest first, with the commission of the rate of the day", async () => {
      const res = await get('/api/v1/earnings', w.transporter.accessToken);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ totalElements: 2, totalPages: 1, number: 0, size: 20 });
      const [second, first] = res.body.content;
      expect(first).toEqual({
        invoiceId: paid.first!.invoiceId,
        invoiceNumber: paid.first!.invoiceNumber,
        trip: { id: paid.first!.tripId, tripNumber: paid.first!.tripNumber },
        customerName: 'Lekki Foods Ltd',
        transporterName: 'Agege Haulage Ltd',
        paidAt: expect.any(String),
        payout: {
          id: paid.first!.payoutId,
          status: 'PENDING',
          paidKobo: 43_000_000,
          commissionBasisPoints: 500,
          commissionKobo: 2_000_000,
          netKobo: 41_000_000,
          reference: null,
          paidOutAt: null,
        },
      });
      // The commission is the rate of the haulage (₦123,457.00 × 7.5 % = ₦9,259.275 → ₦9,259.28), not of the VAT.
      expect(second.payout).toMatchObject({
        paidKobo: 12_345_700 + 925_928,
        commissionBasisPoints: 750,
        commissionKobo: 925_928,
        netKobo: 12_345_700,
      });
    });

    it('is the same for its fleet manager, and another transporter sees only its own', async () => {
      const manager = await get('/api/v1/earnings', w.fleetManager.accessToken);
      expect(manager.body.content.map((e: any) => e.invoiceId)).toEqual([
        paid.second!.invoiceId,
        paid.first!.invoiceId,
      ]);
      const kano = await get('/api/v1/earnings', w.otherTransporter.accessToken);
      expect(kano.body.content.map((e: any) => e.invoiceId)).toEqual([paid.kano!.invoiceId]);
    });

    it('filters by payout status and pages', async () => {
      const page = await get('/api/v1/earnings?status=PENDING&size=1&page=1', w.transporter.accessToken);
      expect(page.body).toMatchObject({ totalElements: 2, totalPages: 2, number: 1, size: 1 });
      expect(page.body.content.map((e: any) => e.invoiceId)).toEqual([paid.first!.invoiceId]);
      const bad = await get('/api/v1/earnings?status=LATE', w.transporter.accessToken);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'query.status', message: 'status is PENDING or PAID' }]);
    });

    it('is refused to customers and admins (403) and without a token (401)', async () => {
      for (const token of [w.customer.accessToken, w.admin.accessToken]) {
        expect((await get('/api/v1/earnings', token)).status).toBe(403);
        expect((await get('/api/v1/earnings/summary', token)).status).toBe(403);
      }
      expect((await call(t.app, 'GET', '/api/v1/earnings')).status).toBe(401);
    });
  });

  describe('the payout of a paid invoice', () => {
    it('is marked paid by an admin with the reference; the transporter is told and the change audited', async () => {
      const res = await markPaid(paid.first!.payoutId, { reference: 'FBN/PO/000123' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        invoiceId: paid.first!.invoiceId,
        payout: { id: paid.first!.payoutId, status: 'PAID', reference: 'FBN/PO/000123', netKobo: 41_000_000 },
      });
      expect(Date.parse(res.body.payout.paidOutAt)).toBeGreaterThan(Date.now() - 60_000);
      const [row] = await w.audits(paid.first!.payoutId, 'payout.paid');
      expect(row).toMatchObject({ actorUserId: w.admin.user.id, entityType: 'payout' });
      expect(row!.data).toMatchObject({
        before: { status: 'PENDING', reference: null },
        after: { status: 'PAID', reference: 'FBN/PO/000123' },
      });
      await t.ctx.jobs.drain();
      const told = await t.ctx.db
        .select({ title: notifications.title, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, w.transporter.user.id), eq(notifications.kind, 'PAYOUT_PAID')));
      expect(told).toEqual([
        { title: `${paid.first!.invoiceNumber}: payout of ₦410,000.00 sent`, link: '/earnings' },
      ]);
    });

    it('is paid once: a second time answers 409 and keeps the first reference', async () => {
      const res = await markPaid(paid.first!.payoutId, { reference: 'FBN/PO/999999' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This payout was paid already (reference FBN/PO/000123).');
      const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, paid.first!.payoutId));
      expect(row!.reference).toBe('FBN/PO/000123');
    });

    it('answers 400 naming the field, 404 for an unknown payout and 403 to anyone but an admin', async () => {
      const short = await markPaid(paid.second!.payoutId, { reference: 'x' });
      expect(short.status).toBe(400);
      expect(short.body.errors[0].field).toBe('reference');
      const extra = await markPaid(paid.second!.payoutId, { reference: 'FBN/PO/1', amountKobo: 5 });
      expect(extra.body.errors).toEqual([{ field: 'amountKobo', message: 'Unknown field' }]);
      const badId = await markPaid('nope', { reference: 'FBN/PO/1' });
      expect(badId.body.errors).toEqual([{ field: 'params.id', message: 'Payout not found' }]);
      expect((await markPaid(crypto.randomUUID(), { reference: 'FBN/PO/1' })).status).toBe(404);
      for (const token of [w.transporter.accessToken, w.fleetManager.accessToken, w.customer.accessToken]) {
        expect((await markPaid(paid.second!.payoutId, { reference: 'FBN/PO/1' }, token)).status).toBe(403);
      }
      const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, paid.second!.payoutId));
      expect(row!.status).toBe('PENDING');
    });
  });

  describe('GET /api/v1/earnings/summary', () => {
    it("adds up the company's payouts: paid by customers, commission, net, pending and paid out", async () => {
      const res = await get('/api/v1/earnings/summary', w.transporter.accessToken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        paidByCustomersKobo: 43_000_000 + 13_271_628,
        commissionKobo: 2_000_000 + 925_928,
        netKobo: 41_000_000 + 12_345_700,
        pendingPayoutKobo: 12_345_700,
        paidOutKobo: 41_000_000,
      });
      const kano = await get('/api/v1/earnings/summary', w.otherTransporter.accessToken);
      expect(kano.body).toMatchObject({ paidByCustomersKobo: 59_125_000, paidOutKobo: 0 });
    });
  });

  describe('GET /api/v1/admin/payouts', () => {
    const list = (query = '', token = w.admin.accessToken) => get(`/api/v1/admin/payouts${query}`, token);
    const ids = (body: Record<string, any>) => body.content.map((e: any) => e.payout.id);

    it("lists every transporter's payouts, the pending ones first and the longest owed at the top", async () => {
      const res = await list();
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([paid.second!.payoutId, paid.kano!.payoutId, paid.first!.payoutId]);
      expect(ids((await list('?status=PAID')).body)).toEqual([paid.first!.payoutId]);
    });

    it('finds a transporter by name, an invoice or a trip by its number', async () => {
      expect(ids((await list('?q=kano')).body)).toEqual([paid.kano!.payoutId]);
      expect(ids((await list(`?q=${paid.second!.invoiceNumber}`)).body)).toEqual([paid.second!.payoutId]);
      expect(ids((await list(`?q=${paid.first!.tripNumber.toLowerCase()}`)).body)).toEqual([
        paid.first!.payoutId,
      ]);
      expect((await list('?q=100%25')).body.totalElements).toBe(0);
    });

    it('answers 400 naming the field and 403 to anyone but an admin', async () => {
      const bad = await list(`?q=${'x'.repeat(101)}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('query.q');
      for (const token of [w.transporter.accessToken, w.customer.accessToken, w.fleetManager.accessToken]) {
        expect((await list('', token)).status).toBe(403);
      }
    });
  });
});
