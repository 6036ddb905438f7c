import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { formatMoney } from '@freightlane/domain';
import { invoices, payments, payouts } from '../../db/schema';
import { containerRows, generalCargoRow } from '../../test/marketplace';
import { pdfPages } from '../../test/pdf-text';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type Account, type TripWorld } from '../../test/trip-world';

const DAY = 24 * 3600_000;
/** What the customer pays on a haulage price with 7.5 % VAT and no charges. */
const withVat = (haulageKobo: number) => haulageKobo + Math.round((haulageKobo * 75) / 1000);

describe('GET /api/v1/invoices and /summary', () => {
  let t: TestApp;
  let lekki: Account;
  let ibadan: Account;
  let agege: Account;
  let kano: Account;
  let agegeManager: string;
  let admin: Account;
  /** Invoice ids by name, with their trips and orders for the expected answers. */
  const inv: Record<
    string,
    { id: string; invoiceNumber: string; tripId: string; tripNumber: string; orderNumber: string }
  > = {};

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
        invoiceNumber: row!.invoiceNumber,
        tripId: trip.id,
        tripNumber: trip.tripNumber,
        orderNumber: order.orderNumber,
      };
    }
    // Known due dates so the order is certain: ibadanKano is overdue, then lekkiB, lekkiA, ibadanAgege fall due.
    const dueIn = { ibadanKano: -2, lekkiB: 3, lekkiA: 10, ibadanAgege: 12 } as const;
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

  it("gives a customer its pending payments, the soonest due first, with the trip's details and VAT", async () => {
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
        haulageKobo: 40_000_000,
        chargesKobo: 0,
        vatKobo: 3_000_000,
        amountKobo: 43_000_000,
        chargesAwaitingAnswer: 0,
        status: 'PENDING_PAYMENT',
        dueAt: row!.dueAt.toISOString(),
        paidAt: null,
        createdAt: row!.createdAt.toISOString(),
      },
    ]);
    expect(row!.invoiceNumber).toMatch(/^INV-/);
    expect(row).toMatchObject({ haulageKobo: 40_000_000, vatBasisPoints: 750, amountKobo: 43_000_000 });
  });

  it('shows the paid ones too without a status, and only paid ones with PAID', async () => {
    expect(idsOf((await list(lekki.accessToken)).body)).toEqual([inv.lekkiB!.id, inv.lekkiA!.id]);
    const paid = await list(lekki.accessToken, '?status=PAID');
    expect(idsOf(paid.body)).toEqual([inv.lekkiA!.id]);
    expect(paid.body.content[0]).toMatchObject({ status: 'PAID', paidAt: expect.any(String) });
  });

  it('lists every unpaid invoice as pending, overdue ones shown OVERDUE, and only those past due with OVERDUE', async () => {
    const pending = await list(ibadan.accessToken, '?status=PENDING_PAYMENT');
    expect(idsOf(pending.body)).toEqual([inv.ibadanKano!.id, inv.ibadanAgege!.id]);
    expect(pending.body.content.map((i: { status: string }) => i.status)).toEqual([
      'OVERDUE',
      'PENDING_PAYMENT',
    ]);
    expect(pending.body.content[0].amountKobo).toBe(withVat(61_000_000));

    const overdue = await list(ibadan.accessToken, '?status=OVERDUE');
    expect(idsOf(overdue.body)).toEqual([inv.ibadanKano!.id]);
    expect(overdue.body.totalElements).toBe(1);
    expect(idsOf((await list(lekki.accessToken, '?status=OVERDUE')).body)).toEqual([]);
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
      inv.ibadanKano!.id,
      inv.lekkiB!.id,
      inv.lekkiA!.id,
      inv.ibadanAgege!.id,
    ]);
    const page = await list(admin.accessToken, '?page=1&size=3');
    expect(page.body).toMatchObject({ totalElements: 4, totalPages: 2, number: 1, size: 3 });
    expect(idsOf(page.body)).toEqual([inv.ibadanAgege!.id]);
  });

  it('finds an invoice by its invoice, trip or order number, in any case, within what the caller sees', async () => {
    const search = async (token: string, q: string) => {
      const res = await list(token, `?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return idsOf(res.body);
    };
    expect(await search(admin.accessToken, inv.lekkiB!.invoiceNumber)).toEqual([inv.lekkiB!.id]);
    expect(await search(admin.accessToken, inv.ibadanAgege!.tripNumber.toLowerCase())).toEqual([
      inv.ibadanAgege!.id,
    ]);
    expect(await search(admin.accessToken, ` ${inv.lekkiA!.orderNumber} `)).toEqual([
      inv.lekkiB!.id,
      inv.lekkiA!.id,
    ]);
    // Another company's invoice is not found, whatever its number.
    expect(await search(lekki.accessToken, inv.ibadanKano!.invoiceNumber)).toEqual([]);
    // The searcher's % and _ are letters, not wildcards.
    expect(await search(admin.accessToken, '%')).toEqual([]);
    expect(await search(admin.accessToken, 'INV_')).toEqual([]);
    // With a status too, and counted the same way.
    const both = await list(admin.accessToken, `?status=PAID&q=${inv.lekkiA!.orderNumber}`);
    expect(both.body).toMatchObject({ totalElements: 1 });
    expect(idsOf(both.body)).toEqual([inv.lekkiA!.id]);
  });

  it('refuses an unknown status, a search text with a NUL or too long with 400, and a missing token with 401', async () => {
    const bad = await list(lekki.accessToken, '?status=LATE');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'query.status', message: 'status is PENDING_PAYMENT, OVERDUE, PAID or VOID' },
    ]);
    const nul = await list(lekki.accessToken, '?q=INV%00');
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0].field).toBe('query.q');
    const long = await list(lekki.accessToken, `?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors[0].field).toBe('query.q');
    expect((await list(undefined)).status).toBe(401);
  });

  it("sums each caller's invoices: pending (overdue included), overdue, paid this month", async () => {
    const summary = async (token: string) => {
      const res = await call(t.app, 'GET', '/api/v1/invoices/summary', undefined, { token });
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(await summary(lekki.accessToken)).toEqual({
      pendingCount: 1,
      pendingKobo: 43_000_000,
      overdueCount: 0,
      overdueKobo: 0,
      paidThisMonthKobo: 43_000_000,
      chargesAwaitingAnswer: 0,
    });
    expect(await summary(ibadan.accessToken)).toEqual({
      pendingCount: 2,
      pendingKobo: withVat(55_000_000) + withVat(61_000_000),
      overdueCount: 1,
      overdueKobo: withVat(61_000_000),
      paidThisMonthKobo: 0,
      chargesAwaitingAnswer: 0,
    });
    for (const token of [agege.accessToken, agegeManager]) {
      expect(await summary(token)).toMatchObject({
        pendingCount: 2,
        pendingKobo: 43_000_000 + withVat(55_000_000),
        paidThisMonthKobo: 43_000_000,
      });
    }
    expect(await summary(admin.accessToken)).toMatchObject({ pendingCount: 3, overdueCount: 1 });
    expect((await call(t.app, 'GET', '/api/v1/invoices/summary')).status).toBe(401);
  });
});

describe('GET /api/v1/invoices/{id} and its PDF', () => {
  let t: TestApp;
  let w: TripWorld;
  let invoiceId: string;
  let invoiceNumber: string;
  let tripNumber: string;
  let containerNumber: string;
  /** Charge ids: accepted, disputed. */
  const charge: Record<'accepted' | 'disputed', string> = { accepted: '', disputed: '' };

  const detail = (token: string, id = invoiceId) =>
    call(t.app, 'GET', `/api/v1/invoices/${id}`, undefined, { token });
  const propose = async (amountKobo: number, reason: string) => {
    const res = await call(
      t.app,
      'POST',
      `/api/v1/invoices/${invoiceId}/charges`,
      { amountKobo, reason },
      { token: w.transporter.accessToken },
    );
    expect(res.status).toBe(201);
    return res.body.charges.at(-1).id as string;
  };
  const answer = async (chargeId: string, verb: 'accept' | 'dispute', body?: unknown) => {
    const res = await call(t.app, 'POST', `/api/v1/invoices/${invoiceId}/charges/${chargeId}/${verb}`, body, {
      token: w.customer.accessToken,
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  const pdf = (token: string, id = invoiceId) =>
    t.app.inject({ url: `/api/v1/invoices/${id}/pdf`, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    const order = await w.award({ containers: containerRows(1, w.linerId) }, 40_000_000);
    const trip = order.trips[0];
    tripNumber = trip.tripNumber;
    containerNumber = order.items[0].containerNumber;
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, trip.id));
    invoiceId = row!.id;
    invoiceNumber = row!.invoiceNumber;
    charge.accepted = await propose(1_500_000, 'Gate pass at the terminal');
    await answer(charge.accepted, 'accept');
    charge.disputed = await propose(2_000_001, 'Escort through Apapa');
    await answer(charge.disputed, 'dispute', { note: 'No escort was asked for' });
  });
  afterAll(() => t.close());

  it('shows the customer the invoice with both companies, the trip, its cargo, figures and charges', async () => {
    const res = await detail(w.customer.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: invoiceId,
      invoiceNumber,
      trip: { tripNumber },
      customerName: 'Lekki Foods Ltd',
      transporterName: 'Agege Haulage Ltd',
      customer: { name: 'Lekki Foods Ltd' },
      transporter: {
        name: 'Agege Haulage Ltd',
        address: '3 Trailer Park Road, Orile, Ajeromi-Ifelodun, Lagos',
      },
      cargoType: 'IMPORT_LINER_OWNED',
      recipient: 'Ikeja, Lagos',
      haulageKobo: 40_000_000,
      chargesKobo: 1_500_000,
      subtotalKobo: 41_500_000,
      vatBasisPoints: 750,
      vatKobo: 3_112_500,
      amountKobo: 44_612_500,
      chargesAwaitingAnswer: 0,
      status: 'PENDING_PAYMENT',
      payments: [],
      payout: null,
      actions: ['PAY'],
    });
    expect(res.body.cargo).toEqual([expect.stringContaining(containerNumber)]);
    expect(res.body.charges).toEqual([
      expect.objectContaining({
        id: charge.accepted,
        kind: 'OTHER',
        status: 'ACCEPTED',
        amountKobo: 1_500_000,
        reason: 'Gate pass at the terminal',
        waiting: null,
        proposedBy: 'Kemi User',
        answeredBy: 'Kemi User',
        answeredAt: expect.any(String),
      }),
      expect.objectContaining({
        id: charge.disputed,
        status: 'DISPUTED',
        disputeNote: 'No escort was asked for',
      }),
    ]);
  });

  it('names a general-cargo load on the invoice by what it carries', async () => {
    const order = await w.award(
      { cargoType: 'GENERAL_CARGO', containers: [], generalCargos: [generalCargoRow()] },
      30_000_000,
    );
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, order.trips[0].id));
    const res = await call(t.app, 'GET', `/api/v1/invoices/${row!.id}`, undefined, {
      token: w.customer.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.cargo).toEqual(['Bagged cement, 600 bags · quantity 600 · 30 t · Flatbed']);
  });

  it('offers each side what it may do: propose for the transporter side, record a transfer for admins', async () => {
    for (const token of [w.transporter.accessToken, w.fleetManager.accessToken]) {
      const res = await detail(token);
      expect(res.status).toBe(200);
      expect(res.body.actions).toEqual(['PROPOSE_CHARGE']);
    }
    expect((await detail(w.admin.accessToken)).body.actions).toEqual(['RECORD_BANK_TRANSFER']);
  });

  it('holds payment back while a charge awaits the customer’s answer', async () => {
    const pending = await propose(300_000, 'Weighbridge ticket');
    const res = await detail(w.customer.accessToken);
    expect(res.body).toMatchObject({ chargesAwaitingAnswer: 1, actions: [] });
    await call(t.app, 'POST', `/api/v1/invoices/${invoiceId}/charges/${pending}/withdraw`, undefined, {
      token: w.transporter.accessToken,
    });
    expect((await detail(w.customer.accessToken)).body).toMatchObject({
      chargesAwaitingAnswer: 0,
      actions: ['PAY'],
    });
  });

  it("answers 404 to another company's people and 400 to an id that is not one", async () => {
    for (const token of [w.otherCustomer.accessToken, w.otherTransporter.accessToken]) {
      const res = await detail(token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Invoice not found');
      expect((await pdf(token)).statusCode).toBe(404);
    }
    const bad = await detail(w.customer.accessToken, 'not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('params.id');
    expect((await call(t.app, 'GET', `/api/v1/invoices/${invoiceId}`)).status).toBe(401);
  });

  it('writes a PDF with both companies, the trip, the haulage, each accepted charge, VAT and the total', async () => {
    const res = await pdf(w.customer.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="${invoiceNumber}.pdf"`);
    const text = (await pdfPages(res.rawPayload)).join(' ');
    for (const expected of [
      `Invoice ${invoiceNumber}`,
      'Lekki Foods Ltd',
      'Agege Haulage Ltd',
      tripNumber,
      containerNumber,
      formatMoney(40_000_000),
      'Gate pass at the terminal',
      formatMoney(1_500_000),
      formatMoney(41_500_000),
      'VAT (7.5%)',
      formatMoney(3_112_500),
      formatMoney(44_612_500),
      'Pending payment',
    ]) {
      expect(text).toContain(expected);
    }
    // The disputed charge is named as outside the invoice, not as one of its lines.
    expect(text).not.toContain('Escort through Apapa');
    expect(text).toContain(`${formatMoney(2_000_001)} disputed`);
    expect((await pdf(w.fleetManager.accessToken)).statusCode).toBe(200);
    expect((await pdf(w.admin.accessToken)).statusCode).toBe(200);
  });

  it('shows a paid invoice with its payment and, to the transporter side and admins only, the payout', async () => {
    const paidAt = new Date();
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    await t.ctx.db.insert(payments).values([
      {
        invoiceId,
        method: 'CARD',
        status: 'FAILED',
        reference: `FL-FAILED-${invoiceId}`,
        amountKobo: row!.amountKobo,
        note: 'Card declined',
      },
      {
        invoiceId,
        method: 'BANK_TRANSFER',
        status: 'SUCCEEDED',
        reference: `GTB-${invoiceId.slice(0, 8)}`,
        amountKobo: row!.amountKobo,
        paidAt,
      },
    ]);
    await t.ctx.db.insert(payouts).values({
      invoiceId,
      transporterCompanyId: row!.transporterCompanyId,
      paidKobo: row!.amountKobo,
      commissionBasisPoints: 500,
      commissionKobo: 2_075_000,
      netKobo: row!.amountKobo - 2_075_000,
    });
    await t.ctx.db.update(invoices).set({ status: 'PAID', paidAt }).where(eq(invoices.id, invoiceId));

    const customer = (await detail(w.customer.accessToken)).body;
    expect(customer).toMatchObject({ status: 'PAID', actions: [], payout: null });
    expect(customer.payments.map((p: { status: string }) => p.status)).toEqual(
      expect.arrayContaining(['FAILED', 'SUCCEEDED']),
    );
    const transporter = (await detail(w.transporter.accessToken)).body;
    expect(transporter.actions).toEqual([]);
    expect(transporter.payments).toEqual([
      expect.objectContaining({ method: 'BANK_TRANSFER', status: 'SUCCEEDED', paidAt: paidAt.toISOString() }),
    ]);
    expect(transporter.payout).toMatchObject({
      status: 'PENDING',
      commissionBasisPoints: 500,
      commissionKobo: 2_075_000,
      netKobo: 44_612_500 - 2_075_000,
    });
    expect((await detail(w.admin.accessToken)).body.payout).not.toBeNull();

    const text = (await pdfPages((await pdf(w.transporter.accessToken)).rawPayload)).join(' ');
    expect(text).toContain('Paid');
    expect(text).toContain(`GTB-${invoiceId.slice(0, 8)}`);
    expect(text).toContain(formatMoney(44_612_500));
  });
});
