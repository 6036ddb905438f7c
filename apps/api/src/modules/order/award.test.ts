import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { formatMoney, invoiceAmounts } from '@freightlane/domain';
import {
  auditLog,
  bids,
  companies,
  consignments,
  invoices,
  orderItems,
  orders,
  trips,
} from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  generalCargoRow,
  insertBid,
  placeOrderViaApi,
  referenceIds,
  type ReferenceIds,
} from '../../test/marketplace';
import { principalChangeHeard } from '../../test/changes-heard';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const TRIP_NUMBER = /^TRP-\d{4}-\d{6}$/;
const INVOICE_NUMBER = /^INV-\d{4}-\d{6}$/;
const DAY = 24 * 3600 * 1000;

describe('awarding an order', () => {
  let t: TestApp;
  let refs: ReferenceIds;
  beforeAll(async () => {
    t = await createTestApp();
    refs = await referenceIds(t);
  });
  afterAll(() => t.close());

  const award = (token: string, orderId: string, allocations: unknown) =>
    call(t.app, 'POST', `/api/v1/orders/${orderId}/award`, { allocations }, { token });
  const tripsOf = (orderId: string) => t.ctx.db.select().from(trips).where(eq(trips.orderId, orderId));
  const bidStatus = async (id: string) =>
    (await t.ctx.db.select().from(bids).where(eq(bids.id, id)))[0]!.status;
  const fields = (res: { body: Record<string, any> }) =>
    (res.body.errors ?? []).map((e: { field: string }) => e.field);

  /** A verified customer's open order of `count` containers with one active bid per transporter. */
  async function orderWithBids(count: number, amounts: number[]) {
    const customer = await createVerifiedCustomer(t, { name: 'Award Foods Ltd' });
    const order = await placeOrderViaApi(t, customer.accessToken, {
      containers: containerRows(count, refs.linerId),
    });
    const bidders = [];
    for (const amount of amounts) {
      const transporter = await createVerifiedTransporter(t);
      const bid = await insertBid(t, order.id, transporter.company.id, amount);
      bidders.push({ transporter, bid });
    }
    const itemIds = order.items.map((i) => i.id);
    return { customer, order, bidders, itemIds };
  }

  it('awards every container to one bid: trips, consignments, invoices, bid outcomes and mails', async () => {
    const { customer, order, bidders, itemIds } = await orderWithBids(2, [41_000_000, 45_000_000]);
    const [winner, loser] = bidders;
    const before = Date.now();
    const res = await award(customer.accessToken, order.id, [{ bidId: winner!.bid.id, itemIds }]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'AWARDED', biddingOpen: false, awardedAt: expect.any(String) });
    expect(res.body.trips).toHaveLength(2);
    for (const item of res.body.items) {
      expect(item).toMatchObject({
        awardedBidId: winner!.bid.id,
        tripId: expect.any(String),
        tripNumber: expect.stringMatching(TRIP_NUMBER),
      });
    }
    expect(res.body.bids.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([
      [winner!.bid.id, 'WON'],
      [loser!.bid.id, 'LOST'],
    ]);

    const created = await tripsOf(order.id);
    expect(created).toHaveLength(2);
    const [orderRow] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    for (const trip of created) {
      expect(trip).toMatchObject({
        tripNumber: expect.stringMatching(TRIP_NUMBER),
        bidId: winner!.bid.id,
        customerCompanyId: customer.company.id,
        transporterCompanyId: winner!.transporter.company.id,
        cargoType: 'IMPORT_LINER_OWNED',
        pickupTerminalId: refs.terminalId,
        pickupAddress: null,
        recipientTerminalId: null,
        recipientAddress: orderRow!.recipientAddress,
        pickupDate: orderRow!.pickupDate,
        amountKobo: 41_000_000,
        latestStatus: null,
        completed: false,
      });
    }
    const numbers = created.map((c) => Number(c.tripNumber.slice(-6))).sort((a, b) => a - b);
    expect(numbers[1]).toBe(numbers[0]! + 1);

    const cons = await t.ctx.db
      .select()
      .from(consignments)
      .where(
        inArray(
          consignments.tripId,
          created.map((c) => c.id),
        ),
      );
    const itemRows = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const tripOfItem = new Map(created.map((c) => [c.orderItemId, c.id]));
    expect(cons).toHaveLength(2);
    for (const item of itemRows) {
      expect(cons.find((c) => c.tripId === tripOfItem.get(item.id))).toMatchObject({
        containerNumber: item.containerNumber,
        containerSize: item.containerSize,
        linerId: refs.linerId,
        deliveryOrderValidityDate: item.deliveryOrderValidityDate,
      });
    }

    const raised = await t.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.customerCompanyId, customer.company.id));
    expect(raised).toHaveLength(2);
    for (const invoice of raised) {
      expect(invoice).toMatchObject({
        invoiceNumber: expect.stringMatching(INVOICE_NUMBER),
        transporterCompanyId: winner!.transporter.company.id,
        // ₦410,000.00 haulage and 7.5 % VAT of ₦30,750.00.
        haulageKobo: 41_000_000,
        vatKobo: 3_075_000,
        amountKobo: 44_075_000,
        status: 'PENDING_PAYMENT',
        paidAt: null,
      });
      expect(invoice.dueAt.getTime()).toBeGreaterThanOrEqual(before + 14 * DAY - 1000);
      expect(invoice.dueAt.getTime()).toBeLessThanOrEqual(Date.now() + 14 * DAY);
    }
    expect(new Set(raised.map((i) => i.tripId))).toEqual(new Set(created.map((c) => c.id)));

    const [bidRow] = await t.ctx.db.select().from(bids).where(eq(bids.id, loser!.bid.id));
    expect(bidRow!.decidedAt).toBeInstanceOf(Date);

    const won = (await t.mailsTo(winner!.transporter.email)).find((m) => m.subject.includes(': you won'));
    expect(won!.subject).toBe(`${order.orderNumber}: you won 2 containers`);
    for (const trip of created) expect(won!.text).toContain(trip.tripNumber);
    expect(won!.text).toContain(
      `${formatMoney(41_000_000)} per container, ${formatMoney(82_000_000)} in all`,
    );
    expect(won!.text).toContain('Award Foods Ltd');
    const lost = (await t.mailsTo(loser!.transporter.email)).find((m) =>
      m.subject.includes('awarded to another'),
    );
    expect(lost!.subject).toBe(`${order.orderNumber}: awarded to another transporter`);
    expect(lost!.text).toContain('not chosen this time');
    // The customer hears of the invoices only; the bids it chose among it knows already.
    expect((await t.mailsTo(customer.email)).map((m) => m.subject)).toEqual([
      `${order.orderNumber}: 2 invoices raised`,
    ]);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.awarded')));
    expect(audit).toHaveLength(1);
  });

  it('splits the containers across two bids and marks a third bid LOST', async () => {
    const { customer, order, bidders, itemIds } = await orderWithBids(
      3,
      [40_000_000, 38_000_000, 50_000_000],
    );
    const [a, b, c] = bidders;
    const res = await award(customer.accessToken, order.id, [
      { bidId: a!.bid.id, itemIds: [itemIds[0], itemIds[2]] },
      { bidId: b!.bid.id, itemIds: [itemIds[1]] },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { awardedBidId: string }) => i.awardedBidId)).toEqual([
      a!.bid.id,
      b!.bid.id,
      a!.bid.id,
    ]);
    expect(res.body.trips).toHaveLength(3);

    const created = await tripsOf(order.id);
    const byItem = new Map(created.map((trip) => [trip.orderItemId, trip]));
    expect(byItem.get(itemIds[0]!)).toMatchObject({
      transporterCompanyId: a!.transporter.company.id,
      amountKobo: 40_000_000,
    });
    expect(byItem.get(itemIds[1]!)).toMatchObject({
      transporterCompanyId: b!.transporter.company.id,
      amountKobo: 38_000_000,
    });
    expect(byItem.get(itemIds[2]!)).toMatchObject({
      transporterCompanyId: a!.transporter.company.id,
      amountKobo: 40_000_000,
    });
    expect(new Set(created.map((x) => x.tripNumber)).size).toBe(3);
    for (const trip of created) expect(trip.tripNumber).toMatch(TRIP_NUMBER);

    const raised = await t.ctx.db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.tripId,
          created.map((x) => x.id),
        ),
      );
    expect(raised).toHaveLength(3);
    for (const invoice of raised) {
      const trip = created.find((x) => x.id === invoice.tripId)!;
      // The winning price is the haulage; the customer pays it with 7.5 % VAT on top.
      expect(invoice).toMatchObject({
        haulageKobo: trip.amountKobo,
        chargesKobo: 0,
        vatBasisPoints: 750,
        vatKobo: invoiceAmounts(trip.amountKobo).vatKobo,
        amountKobo: invoiceAmounts(trip.amountKobo).totalKobo,
        transporterCompanyId: trip.transporterCompanyId,
      });
    }
    expect(new Set(raised.map((i) => i.invoiceNumber)).size).toBe(3);

    expect(await bidStatus(a!.bid.id)).toBe('WON');
    expect(await bidStatus(b!.bid.id)).toBe('WON');
    expect(await bidStatus(c!.bid.id)).toBe('LOST');
    expect((await t.mailsTo(a!.transporter.email)).map((m) => m.subject)).toContain(
      `${order.orderNumber}: you won 2 containers`,
    );
    expect((await t.mailsTo(b!.transporter.email)).map((m) => m.subject)).toContain(
      `${order.orderNumber}: you won 1 container`,
    );
    expect((await t.mailsTo(c!.transporter.email)).map((m) => m.subject)).toContain(
      `${order.orderNumber}: awarded to another transporter`,
    );
  });

  it('gives every trip a long, URL-safe, unique tracking id', async () => {
    const { customer, order, bidders, itemIds } = await orderWithBids(5, [40_000_000]);
    expect(
      (await award(customer.accessToken, order.id, [{ bidId: bidders[0]!.bid.id, itemIds }])).status,
    ).toBe(200);
    const created = await tripsOf(order.id);
    const ids = created.map((x) => x.trackingId);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(id).not.toContain(created[0]!.id);
    }
    expect(new Set(ids).size).toBe(5);
  });

  it('awards general cargo: one trip per truck load with its weight and truck type', async () => {
    const customer = await createVerifiedCustomer(t);
    const order = await placeOrderViaApi(t, customer.accessToken, {
      cargoType: 'GENERAL_CARGO',
      containers: [],
      generalCargos: [
        generalCargoRow({ weightTonnes: 28.5 }),
        generalCargoRow({ truckType: 'BOX', quantity: 40 }),
      ],
    });
    const transporter = await createVerifiedTransporter(t);
    const bid = await insertBid(t, order.id, transporter.company.id, 60_000_000);
    const res = await award(customer.accessToken, order.id, [
      { bidId: bid.id, itemIds: order.items.map((i) => i.id) },
    ]);
    expect(res.status).toBe(200);
    const created = await tripsOf(order.id);
    expect(created.map((x) => x.cargoType)).toEqual(['GENERAL_CARGO', 'GENERAL_CARGO']);
    const cons = await t.ctx.db
      .select()
      .from(consignments)
      .where(
        inArray(
          consignments.tripId,
          created.map((x) => x.id),
        ),
      );
    expect(cons.map((x) => [x.weightKg, x.truckType, x.quantity, x.containerNumber]).sort()).toEqual([
      [28_500, 'FLATBED', 600, null],
      [30_000, 'BOX', 40, null],
    ]);
    const mail = (await t.mailsTo(transporter.email)).find((m) => m.subject.includes(': you won'));
    expect(mail!.subject).toBe(`${order.orderNumber}: you won 2 truck loads`);
  });

  it('may award after bidding has closed', async () => {
    const { customer, order, bidders, itemIds } = await orderWithBids(1, [40_000_000]);
    await t.ctx.db
      .update(orders)
      .set({ biddingClosesAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    const res = await award(customer.accessToken, order.id, [{ bidId: bidders[0]!.bid.id, itemIds }]);
    expect(res.status).toBe(200);
  });

  describe('allocations that do not cover the order exactly (400 on allocations)', () => {
    it('names the items without a bid', async () => {
      const { customer, order, bidders, itemIds } = await orderWithBids(2, [40_000_000]);
      const res = await award(customer.accessToken, order.id, [
        { bidId: bidders[0]!.bid.id, itemIds: [itemIds[0]] },
      ]);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'allocations', message: `Choose a bid for ${order.items[1]!.containerNumber}` },
      ]);
    });

    it('names an item given twice', async () => {
      const { customer, order, bidders, itemIds } = await orderWithBids(2, [40_000_000, 41_000_000]);
      const res = await award(customer.accessToken, order.id, [
        { bidId: bidders[0]!.bid.id, itemIds },
        { bidId: bidders[1]!.bid.id, itemIds: [itemIds[1]] },
      ]);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'allocations', message: `Give ${order.items[1]!.containerNumber} to one bid only` },
      ]);
    });

    it('refuses items of another order and a bid named twice', async () => {
      const { customer, order, bidders, itemIds } = await orderWithBids(1, [40_000_000]);
      const other = await placeOrderViaApi(t, customer.accessToken);
      const foreign = await award(customer.accessToken, order.id, [
        { bidId: bidders[0]!.bid.id, itemIds: [...itemIds, other.items[0]!.id] },
      ]);
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors).toEqual([{ field: 'allocations', message: '1 item is not on this order' }]);
      const twice = await award(customer.accessToken, order.id, [
        { bidId: bidders[0]!.bid.id, itemIds },
        { bidId: bidders[0]!.bid.id, itemIds: [randomUUID()] },
      ]);
      expect(twice.status).toBe(400);
      expect(fields(twice)).toEqual(['allocations', 'allocations']);
    });

    it.each([
      [[], 'allocations'],
      [[{ bidId: 'x', itemIds: [] }], 'allocations.0.bidId'],
      [[{ bidId: randomUUID(), itemIds: [] }], 'allocations.0.itemIds'],
    ])('validates the shape %#', async (allocations, field) => {
      const { customer, order } = await orderWithBids(1, []);
      const res = await award(customer.accessToken, order.id, allocations);
      expect(res.status).toBe(400);
      expect(fields(res)).toContain(field);
    });
  });

  it('answers 404 for a bid that is not on this order', async () => {
    const { customer, order, itemIds } = await orderWithBids(1, [40_000_000]);
    const elsewhere = await orderWithBids(1, [39_000_000]);
    for (const bidId of [elsewhere.bidders[0]!.bid.id, randomUUID()]) {
      const res = await award(customer.accessToken, order.id, [{ bidId, itemIds }]);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Bid not found');
    }
    expect(await tripsOf(order.id)).toEqual([]);
  });

  it('answers 409 for a withdrawn bid and changes nothing', async () => {
    const { customer, order, bidders, itemIds } = await orderWithBids(2, [40_000_000, 42_000_000]);
    await t.ctx.db
      .update(bids)
      .set({ status: 'WITHDRAWN', withdrawnAt: new Date() })
      .where(eq(bids.id, bidders[0]!.bid.id));
    const res = await award(customer.accessToken, order.id, [{ bidId: bidders[0]!.bid.id, itemIds }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This bid was withdrawn by the transporter; choose another bid');
    expect(await tripsOf(order.id)).toEqual([]);
    expect(await bidStatus(bidders[1]!.bid.id)).toBe('ACTIVE');
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('OPEN');
    // Nothing about an award: the only e-mails are of new orders it may bid on.
    const subjects = (await t.mailsTo(bidders[1]!.transporter.email)).map((m) => m.subject);
    expect(subjects.filter((s) => !s.includes(': open for bids, '))).toEqual([]);
  });

  it('answers 409 when the order is already awarded or cancelled', async () => {
    const { customer, order, bidders, itemIds } = await orderWithBids(1, [40_000_000, 41_000_000]);
    expect(
      (await award(customer.accessToken, order.id, [{ bidId: bidders[0]!.bid.id, itemIds }])).status,
    ).toBe(200);
    const again = await award(customer.accessToken, order.id, [{ bidId: bidders[0]!.bid.id, itemIds }]);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order has already been awarded');
    const other = await award(customer.accessToken, order.id, [{ bidId: bidders[1]!.bid.id, itemIds }]);
    expect(other.status).toBe(409);
    expect(await tripsOf(order.id)).toHaveLength(1);

    const cancelled = await orderWithBids(1, [40_000_000]);
    await call(
      t.app,
      'POST',
      `/api/v1/orders/${cancelled.order.id}/cancel`,
      { reason: 'No longer needed' },
      { token: cancelled.customer.accessToken },
    );
    const res = await award(cancelled.customer.accessToken, cancelled.order.id, [
      { bidId: cancelled.bidders[0]!.bid.id, itemIds: cancelled.itemIds },
    ]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This order has already been cancelled');
  });

  it('answers 403 COMPANY_NOT_VERIFIED when the customer is not verified', async () => {
    const { customer, order, bidders, itemIds } = await orderWithBids(1, [40_000_000]);
    await t.ctx.db
      .update(companies)
      .set({ verificationStatus: 'PENDING_REVIEW' })
      .where(eq(companies.id, customer.company.id));
    // The trigger's announcement of the change reaches this instance's session cache a moment after
    // commit on PostgreSQL; the request must not race it.
    await principalChangeHeard(t, `c:${customer.company.id}`);
    const res = await award(customer.accessToken, order.id, [{ bidId: bidders[0]!.bid.id, itemIds }]);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('COMPANY_NOT_VERIFIED');
    expect(res.body.message).toBe('You cannot award a bid yet');
    expect(await tripsOf(order.id)).toEqual([]);
  });

  it("answers 404 for another company's order and 403 for other roles", async () => {
    const { order, bidders, itemIds } = await orderWithBids(1, [40_000_000]);
    const other = await createVerifiedCustomer(t);
    const res = await award(other.accessToken, order.id, [{ bidId: bidders[0]!.bid.id, itemIds }]);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Order not found');
    const admin = await signedInAccount(t, 'ADMIN');
    for (const token of [bidders[0]!.transporter.accessToken, admin.accessToken]) {
      expect((await award(token, order.id, [{ bidId: bidders[0]!.bid.id, itemIds }])).status).toBe(403);
    }
    expect(await tripsOf(order.id)).toEqual([]);
  });

  it('lets exactly one of two concurrent awards win', async () => {
    for (let round = 0; round < 3; round++) {
      const { customer, order, bidders, itemIds } = await orderWithBids(
        3,
        [40_000_000, 41_000_000, 42_000_000],
      );
      const results = await Promise.all([
        award(customer.accessToken, order.id, [{ bidId: bidders[0]!.bid.id, itemIds }]),
        award(customer.accessToken, order.id, [
          { bidId: bidders[1]!.bid.id, itemIds: itemIds.slice(0, 2) },
          { bidId: bidders[2]!.bid.id, itemIds: itemIds.slice(2) },
        ]),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe('This order has already been awarded');
      const created = await tripsOf(order.id);
      expect(created).toHaveLength(3);
      const winner = results.find((r) => r.status === 200)!;
      const wonBidIds = new Set(winner.body.items.map((i: { awardedBidId: string }) => i.awardedBidId));
      expect(new Set(created.map((x) => x.bidId))).toEqual(wonBidIds);
      const statuses = await Promise.all(bidders.map((b) => bidStatus(b.bid.id)));
      expect(statuses.filter((s) => s === 'WON')).toHaveLength(wonBidIds.size);
      expect(statuses.filter((s) => s === 'LOST')).toHaveLength(3 - wonBidIds.size);
    }
  });

  it('settles a withdrawal racing an award: one of them wins, never both', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const { customer, order, bidders, itemIds } = await orderWithBids(2, [40_000_000]);
      const [bidder] = bidders;
      const [awarded, withdrawn] = await Promise.all([
        award(customer.accessToken, order.id, [{ bidId: bidder!.bid.id, itemIds }]),
        call(t.app, 'POST', `/api/v1/bids/${bidder!.bid.id}/withdraw`, undefined, {
          token: bidder!.transporter.accessToken,
        }),
      ]);
      expect([awarded.status, withdrawn.status].sort()).toEqual([200, 409]);
      const status = await bidStatus(bidder!.bid.id);
      const created = await tripsOf(order.id);
      if (awarded.status === 200) {
        outcomes.add('award');
        expect(status).toBe('WON');
        expect(created).toHaveLength(2);
      } else {
        outcomes.add('withdraw');
        expect(awarded.body.message).toBe('This bid was withdrawn by the transporter; choose another bid');
        expect(status).toBe('WITHDRAWN');
        expect(created).toEqual([]);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
