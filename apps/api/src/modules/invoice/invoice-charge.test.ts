import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invoiceAmounts } from '@freightlane/domain';
import { auditLog, invoiceCharges, invoices, notifications } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const HAULAGE = 40_000_000;

describe('extra charges on an invoice', () => {
  let t: TestApp;
  let w: TripWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  /** A new trip's invoice of the customer × transporter, at HAULAGE. */
  const newInvoice = async () => {
    const trip = (await w.award({}, HAULAGE)).trips[0];
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, trip.id));
    return row!;
  };
  const invoiceRow = async (id: string) =>
    (await t.ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const chargeRow = async (id: string) =>
    (await t.ctx.db.select().from(invoiceCharges).where(eq(invoiceCharges.id, id)))[0]!;

  const propose = (invoiceId: string, body: unknown, token = w.transporter.accessToken) =>
    call(t.app, 'POST', `/api/v1/invoices/${invoiceId}/charges`, body, { token });
  const revise = (invoiceId: string, chargeId: string, body: unknown, token = w.transporter.accessToken) =>
    call(t.app, 'PATCH', `/api/v1/invoices/${invoiceId}/charges/${chargeId}`, body, { token });
  const act = (
    invoiceId: string,
    chargeId: string,
    verb: 'accept' | 'dispute' | 'withdraw',
    body?: unknown,
    token = verb === 'withdraw' ? w.transporter.accessToken : w.customer.accessToken,
  ) => call(t.app, 'POST', `/api/v1/invoices/${invoiceId}/charges/${chargeId}/${verb}`, body, { token });

  /** Proposes a charge as the transporter and answers its id. */
  const proposed = async (invoiceId: string, amountKobo = 2_500_000, reason = 'Night parking at Tin Can') => {
    const res = await propose(invoiceId, { amountKobo, reason });
    expect(res.status).toBe(201);
    return res.body.charges.at(-1).id as string;
  };
  const disputed = async (invoiceId: string, amountKobo?: number) => {
    const chargeId = await proposed(invoiceId, amountKobo);
    expect((await act(invoiceId, chargeId, 'dispute', { note: 'Parking was free that night' })).status).toBe(
      200,
    );
    return chargeId;
  };
  const audits = (chargeId: string, action: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, chargeId), eq(auditLog.action, action)));
  /** The INVOICE_CHARGE notices the fan-out wrote for a company's users, newest first. */
  const noticesTo = async (userId: string) => {
    await t.ctx.jobs.drain();
    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'INVOICE_CHARGE')));
    return rows.map((r) => r.title);
  };

  describe('POST /api/v1/invoices/{id}/charges', () => {
    it('lets the transporter propose a charge; the customer is told and cannot pay until it answers', async () => {
      const invoice = await newInvoice();
      const res = await propose(invoice.id, {
        amountKobo: 2_500_000,
        reason: '  Night parking at Tin Can  ',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: invoice.id, chargesAwaitingAnswer: 1, amountKobo: 43_000_000 });
      const [charge] = res.body.charges;
      expect(charge).toMatchObject({
        kind: 'OTHER',
        status: 'PROPOSED',
        amountKobo: 2_500_000,
        reason: 'Night parking at Tin Can',
        waiting: null,
        disputeNote: null,
        proposedBy: 'Kemi User',
        answeredBy: null,
      });
      // Proposed charges do not count until they are accepted.
      expect(await invoiceRow(invoice.id)).toMatchObject({ chargesKobo: 0, amountKobo: 43_000_000 });
      const [row] = await audits(charge.id, 'invoice.charge_proposed');
      expect(row).toMatchObject({ actorUserId: w.transporter.user.id, entityType: 'invoice_charge' });
      expect(row!.data).toMatchObject({ invoiceId: invoice.id, amountKobo: 2_500_000 });
      expect(await noticesTo(w.customer.user.id)).toContain(
        `${invoice.invoiceNumber}: charge proposed by Agege Haulage Ltd`,
      );
      const detail = await call(t.app, 'GET', `/api/v1/invoices/${invoice.id}`, undefined, {
        token: w.customer.accessToken,
      });
      expect(detail.body.actions).toEqual([]);
    });

    it("lets the transporter's fleet manager propose too", async () => {
      const invoice = await newInvoice();
      const res = await propose(invoice.id, { amountKobo: 100, reason: 'Toll' }, w.fleetManager.accessToken);
      expect(res.status).toBe(201);
      expect(res.body.charges[0].proposedBy).toBe('Bola Adeyemi');
    });

    it.each([
      ['a zero amount', { amountKobo: 0, reason: 'Toll gate' }, 'amountKobo'],
      ['a negative amount', { amountKobo: -5, reason: 'Toll gate' }, 'amountKobo'],
      ['a part of a kobo', { amountKobo: 10.5, reason: 'Toll gate' }, 'amountKobo'],
      ['an amount as text', { amountKobo: '500', reason: 'Toll gate' }, 'amountKobo'],
      ['too large an amount', { amountKobo: 10_000_000_000_001, reason: 'Toll gate' }, 'amountKobo'],
      ['too short a reason', { amountKobo: 500, reason: ' a ' }, 'reason'],
      ['too long a reason', { amountKobo: 500, reason: 'x'.repeat(501) }, 'reason'],
      ['no reason', { amountKobo: 500 }, 'reason'],
      ['a status of its own', { amountKobo: 500, reason: 'Toll gate', status: 'ACCEPTED' }, 'status'],
    ])('refuses %s with 400 naming the field', async (_name, body, field) => {
      const invoice = await newInvoice();
      const res = await propose(invoice.id, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
      expect(
        (
          await call(t.app, 'GET', `/api/v1/invoices/${invoice.id}`, undefined, {
            token: w.customer.accessToken,
          })
        ).body.charges,
      ).toEqual([]);
    });

    it('refuses the customer and admins with 403, and another transporter with 404', async () => {
      const invoice = await newInvoice();
      const body = { amountKobo: 500, reason: 'Toll gate' };
      for (const token of [w.customer.accessToken, w.admin.accessToken]) {
        expect((await propose(invoice.id, body, token)).status).toBe(403);
      }
      const other = await propose(invoice.id, body, w.otherTransporter.accessToken);
      expect(other.status).toBe(404);
      expect(other.body.message).toBe('Invoice not found');
      expect((await propose('d7c3b1f0-0000-4000-8000-000000000000', body)).status).toBe(404);
    });

    it('refuses a charge on a paid or a void invoice with 409', async () => {
      for (const [status, word] of [
        ['PAID', 'paid'],
        ['VOID', 'void'],
      ] as const) {
        const invoice = await newInvoice();
        await t.ctx.db.update(invoices).set({ status }).where(eq(invoices.id, invoice.id));
        const res = await propose(invoice.id, { amountKobo: 500, reason: 'Toll gate' });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(`This invoice is ${word}; its charges can no longer change`);
      }
    });

    it('takes charges on an overdue invoice', async () => {
      const invoice = await newInvoice();
      await t.ctx.db
        .update(invoices)
        .set({ dueAt: new Date(Date.now() - 3600_000) })
        .where(eq(invoices.id, invoice.id));
      const res = await propose(invoice.id, { amountKobo: 500, reason: 'Toll gate' });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('OVERDUE');
    });
  });

  describe('accepting and disputing', () => {
    it('adds an accepted charge to the figures, VAT recomputed, and tells the transporter', async () => {
      const invoice = await newInvoice();
      const chargeId = await proposed(invoice.id, 2_500_001);
      const res = await act(invoice.id, chargeId, 'accept');
      expect(res.status).toBe(200);
      const expected = invoiceAmounts(HAULAGE, [2_500_001]);
      expect(res.body).toMatchObject({
        chargesKobo: 2_500_001,
        subtotalKobo: 42_500_001,
        vatKobo: expected.vatKobo,
        amountKobo: expected.totalKobo,
        chargesAwaitingAnswer: 0,
        actions: ['PAY'],
      });
      // 7.5 % of 42 500 001 kobo is 3 187 500.075: rounded to the kobo.
      expect(expected.vatKobo).toBe(3_187_500);
      expect(await invoiceRow(invoice.id)).toMatchObject({
        chargesKobo: 2_500_001,
        vatKobo: 3_187_500,
        amountKobo: 45_687_501,
      });
      expect(res.body.charges[0]).toMatchObject({ status: 'ACCEPTED', answeredBy: 'Kemi User' });
      const [row] = await audits(chargeId, 'invoice.charge_accepted');
      expect(row!.data).toMatchObject({
        before: { status: 'PROPOSED' },
        after: { status: 'ACCEPTED' },
        invoice: { before: { amountKobo: 43_000_000 }, after: { amountKobo: 45_687_501 } },
      });
      expect(await noticesTo(w.transporter.user.id)).toContain(
        `${invoice.invoiceNumber}: charge accepted by Lekki Foods Ltd`,
      );
    });

    it('keeps a disputed charge out of the figures, with the note, and tells the transporter', async () => {
      const invoice = await newInvoice();
      const chargeId = await proposed(invoice.id);
      const res = await act(invoice.id, chargeId, 'dispute', { note: '  Parking was free that night ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ chargesKobo: 0, amountKobo: 43_000_000, chargesAwaitingAnswer: 0 });
      expect(res.body.charges[0]).toMatchObject({
        status: 'DISPUTED',
        disputeNote: 'Parking was free that night',
        answeredBy: 'Kemi User',
      });
      // A disputed charge does not hold payment back.
      expect(res.body.actions).toEqual(['PAY']);
      expect(await audits(chargeId, 'invoice.charge_disputed')).toHaveLength(1);
      expect(await noticesTo(w.transporter.user.id)).toContain(
        `${invoice.invoiceNumber}: charge disputed by Lekki Foods Ltd`,
      );
    });

    it('lets the customer accept a disputed charge after all, but not dispute an accepted one', async () => {
      const invoice = await newInvoice();
      const chargeId = await disputed(invoice.id, 1_000_000);
      expect((await act(invoice.id, chargeId, 'accept')).body.chargesKobo).toBe(1_000_000);
      const again = await act(invoice.id, chargeId, 'dispute', { note: 'Changed my mind' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This charge is accepted; it can no longer be disputed');
      const twice = await act(invoice.id, chargeId, 'accept');
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('This charge is already accepted');
    });

    it('refuses a dispute without a note (400), by the transporter (403), or of another company (404)', async () => {
      const invoice = await newInvoice();
      const chargeId = await proposed(invoice.id);
      for (const body of [{}, { note: 'no' }, { note: 'x'.repeat(1001) }]) {
        const res = await act(invoice.id, chargeId, 'dispute', body);
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe('note');
      }
      for (const token of [w.transporter.accessToken, w.fleetManager.accessToken, w.admin.accessToken]) {
        expect((await act(invoice.id, chargeId, 'dispute', { note: 'Not agreed' }, token)).status).toBe(403);
        expect((await act(invoice.id, chargeId, 'accept', undefined, token)).status).toBe(403);
      }
      const other = await act(invoice.id, chargeId, 'accept', undefined, w.otherCustomer.accessToken);
      expect(other.status).toBe(404);
      expect(other.body.message).toBe('Invoice not found');
      expect((await chargeRow(chargeId)).status).toBe('PROPOSED');
    });

    it("answers 404 for an unknown charge, another invoice's charge, and 400 for an id that is not one", async () => {
      const invoice = await newInvoice();
      const elsewhere = await newInvoice();
      const chargeId = await proposed(elsewhere.id);
      const unknown = await act(invoice.id, 'd7c3b1f0-0000-4000-8000-000000000000', 'accept');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Charge not found');
      expect((await act(invoice.id, chargeId, 'accept')).status).toBe(404);
      const bad = await act(invoice.id, 'nope', 'accept');
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('params.chargeId');
    });

    it('refuses answers on a paid or void invoice with 409', async () => {
      for (const status of ['PAID', 'VOID'] as const) {
        const invoice = await newInvoice();
        const chargeId = await disputed(invoice.id);
        await t.ctx.db.update(invoices).set({ status }).where(eq(invoices.id, invoice.id));
        for (const res of [
          await act(invoice.id, chargeId, 'accept'),
          await act(invoice.id, chargeId, 'withdraw'),
          await revise(invoice.id, chargeId, { amountKobo: 100, reason: 'Lowered' }),
        ]) {
          expect(res.status).toBe(409);
          expect(res.body.message).toMatch(/^This invoice is (paid|void); its charges can no longer change$/);
        }
        // A charge disputed when the invoice was paid stays disputed, outside it.
        expect((await chargeRow(chargeId)).status).toBe('DISPUTED');
      }
    });

    it('keeps the figures right when several charges are accepted at the same moment', async () => {
      const invoice = await newInvoice();
      const amounts = [1_234_567, 7_654_321, 5, 999_999];
      const ids: string[] = [];
      for (const amount of amounts) ids.push(await proposed(invoice.id, amount));
      const results = await Promise.all(ids.map((id) => act(invoice.id, id, 'accept')));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const expected = invoiceAmounts(HAULAGE, amounts);
      expect(await invoiceRow(invoice.id)).toMatchObject({
        chargesKobo: expected.chargesKobo,
        vatKobo: expected.vatKobo,
        amountKobo: expected.totalKobo,
      });
    });

    it('lets only one of an acceptance and a withdrawal racing for the same charge through', async () => {
      const invoice = await newInvoice();
      const chargeId = await proposed(invoice.id, 900_000);
      const results = await Promise.all([
        act(invoice.id, chargeId, 'accept'),
        act(invoice.id, chargeId, 'withdraw'),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const { status } = await chargeRow(chargeId);
      expect(status).toBe(results[0]!.status === 200 ? 'ACCEPTED' : 'WITHDRAWN');
      expect((await invoiceRow(invoice.id)).chargesKobo).toBe(status === 'ACCEPTED' ? 900_000 : 0);
    });
  });

  describe('revising and withdrawing', () => {
    it('proposes a disputed charge again with a new amount and reason, the note kept in the audit log', async () => {
      const invoice = await newInvoice();
      const chargeId = await disputed(invoice.id);
      const res = await revise(invoice.id, chargeId, {
        amountKobo: 1_200_000,
        reason: 'Half the night only',
      });
      expect(res.status).toBe(200);
      expect(res.body.charges[0]).toMatchObject({
        status: 'PROPOSED',
        amountKobo: 1_200_000,
        reason: 'Half the night only',
        disputeNote: null,
        answeredBy: null,
        answeredAt: null,
      });
      expect(res.body.chargesAwaitingAnswer).toBe(1);
      const [row] = await audits(chargeId, 'invoice.charge_revised');
      expect(row!.data).toMatchObject({
        before: { status: 'DISPUTED', amountKobo: 2_500_000, disputeNote: 'Parking was free that night' },
        after: { status: 'PROPOSED', amountKobo: 1_200_000, disputeNote: null },
      });
      expect(await noticesTo(w.customer.user.id)).toContain(
        `${invoice.invoiceNumber}: charge revised by Agege Haulage Ltd`,
      );
    });

    it('revises only a disputed charge', async () => {
      const invoice = await newInvoice();
      const chargeId = await proposed(invoice.id);
      const open = await revise(invoice.id, chargeId, { amountKobo: 100, reason: 'Lowered' });
      expect(open.status).toBe(409);
      expect(open.body.message).toBe(
        "Only a disputed charge can be revised; this one is still awaiting the customer's answer",
      );
      await act(invoice.id, chargeId, 'accept');
      const accepted = await revise(invoice.id, chargeId, { amountKobo: 100, reason: 'Lowered' });
      expect(accepted.status).toBe(409);
      expect(accepted.body.message).toBe('This charge is accepted; it can no longer be revised');
    });

    it('refuses a bad revision with 400, the customer with 403 and another transporter with 404', async () => {
      const invoice = await newInvoice();
      const chargeId = await disputed(invoice.id);
      const bad = await revise(invoice.id, chargeId, { amountKobo: 0, reason: 'Lowered' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('amountKobo');
      const noReason = await revise(invoice.id, chargeId, { amountKobo: 100 });
      expect(noReason.body.errors[0].field).toBe('reason');
      const body = { amountKobo: 100, reason: 'Lowered' };
      expect((await revise(invoice.id, chargeId, body, w.customer.accessToken)).status).toBe(403);
      expect((await revise(invoice.id, chargeId, body, w.otherTransporter.accessToken)).status).toBe(404);
      expect((await chargeRow(chargeId)).status).toBe('DISPUTED');
    });

    it('withdraws a proposed or disputed charge, not an accepted one, and tells the customer', async () => {
      const invoice = await newInvoice();
      const open = await proposed(invoice.id);
      const argued = await disputed(invoice.id);
      const taken = await proposed(invoice.id, 700_000);
      await act(invoice.id, taken, 'accept');
      for (const chargeId of [open, argued]) {
        const res = await act(invoice.id, chargeId, 'withdraw');
        expect(res.status).toBe(200);
        expect(res.body.charges.find((c: { id: string }) => c.id === chargeId)).toMatchObject({
          status: 'WITHDRAWN',
          answeredBy: 'Kemi User',
        });
        expect(await audits(chargeId, 'invoice.charge_withdrawn')).toHaveLength(1);
      }
      const refused = await act(invoice.id, taken, 'withdraw');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This charge is accepted; it can no longer be withdrawn');
      const again = await act(invoice.id, open, 'withdraw');
      expect(again.body.message).toBe('This charge is already withdrawn');
      const late = await act(invoice.id, open, 'accept');
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This charge is withdrawn; it can no longer be accepted');
      expect(await invoiceRow(invoice.id)).toMatchObject({ chargesKobo: 700_000 });
      expect(await noticesTo(w.customer.user.id)).toContain(
        `${invoice.invoiceNumber}: charge withdrawn by Agege Haulage Ltd`,
      );
      expect((await act(invoice.id, taken, 'withdraw', undefined, w.customer.accessToken)).status).toBe(403);
    });
  });
});
