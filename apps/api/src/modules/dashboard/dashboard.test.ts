import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { bids, invoices, orders } from '../../db/schema';
import { createUser } from '../../db/seed/factories';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail } from '../../test/accounts';
import { awardedOrder, closeBidding, placeBidViaApi, setTripState } from '../../test/awarded-trips';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  lagosDate,
  placeOrderViaApi,
  referenceIds,
} from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { lagosMonth, lagosToday } from '@freightlane/domain';

describe('dashboards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const customerDashboard = async (token: string) => {
    const res = await call(t.app, 'GET', '/api/v1/dashboard/customer', undefined, { token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const transporterDashboard = async (token: string) => {
    const res = await call(t.app, 'GET', '/api/v1/dashboard/transporter', undefined, { token });
    expect(res.status).toBe(200);
    return res.body;
  };

  describe('GET /api/v1/dashboard/customer', () => {
    it('starts at zero for a new customer', async () => {
      const customer = await createVerifiedCustomer(t);
      expect(await customerDashboard(customer.accessToken)).toEqual({
        ongoingTrips: 0,
        completedTrips: 0,
        uncompletedTrips: 0,
        pendingPaymentsKobo: 0,
        pendingInvoiceCount: 0,
        ordersAwaitingAward: [],
      });
    });

    it('counts orders awaiting award with their bids, soonest closing first', async () => {
      const customer = await createVerifiedCustomer(t);
      const transporter = await createVerifiedTransporter(t);
      const inTwoDays = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();
      const later = await placeOrderViaApi(t, customer.accessToken, {
        bidDetails: { pickupDate: lagosDate(5), biddingClosesAt: inTwoDays, targetAmountKobo: null },
      });
      const sooner = await placeOrderViaApi(t, customer.accessToken, { clientName: 'Cadbury Nigeria' });
      await placeBidViaApi(t, transporter.accessToken, later.id);
      await closeBidding(t, sooner.id);

      const body = await customerDashboard(customer.accessToken);
      expect(body.ordersAwaitingAward).toEqual([
        {
          id: sooner.id,
          orderNumber: sooner.orderNumber,
          cargoType: 'IMPORT_LINER_OWNED',
          clientName: 'Cadbury Nigeria',
          biddingOpen: false,
          biddingClosesAt: expect.any(String),
          bidCount: 0,
        },
        expect.objectContaining({ id: later.id, biddingOpen: true, bidCount: 1, biddingClosesAt: inTwoDays }),
      ]);
    });

    it('shows at most 10 orders awaiting award', async () => {
      const customer = await createVerifiedCustomer(t);
      for (let i = 0; i < 11; i++) await placeOrderViaApi(t, customer.accessToken);
      expect((await customerDashboard(customer.accessToken)).ordersAwaitingAward).toHaveLength(10);
    });

    it('follows trips from award to completion and the payments they raise', async () => {
      const customer = await createVerifiedCustomer(t);
      const other = await createVerifiedCustomer(t);
      const transporter = await createVerifiedTransporter(t);
      const refs = await referenceIds(t);
      const { order } = await awardedOrder(
        t,
        customer,
        transporter,
        { containers: containerRows(3, refs.linerId) },
        30_000_000,
      );
      await awardedOrder(t, other, transporter);
      const [a, b, c] = order.trips.map((trip: { id: string }) => trip.id) as [string, string, string];

      expect(await customerDashboard(customer.accessToken)).toMatchObject({
        ongoingTrips: 0,
        uncompletedTrips: 3,
        completedTrips: 0,
        // Three invoices of ₦300,000.00 haulage, each with 7.5 % VAT.
        pendingPaymentsKobo: 96_750_000,
        pendingInvoiceCount: 3,
        ordersAwaitingAward: [],
      });

      await setTripState(t, [a], { latestStatus: 'LOADED' });
      await setTripState(t, [b], { latestStatus: 'DELIVERED', completed: true });
      await setTripState(t, [c], { cancelled: true });
      await t.ctx.db
        .update(invoices)
        .set({ status: 'PAID', paidAt: new Date() })
        .where(eq(invoices.tripId, b));
      await t.ctx.db.update(invoices).set({ status: 'VOID' }).where(eq(invoices.tripId, c));

      expect(await customerDashboard(customer.accessToken)).toMatchObject({
        ongoingTrips: 1,
        uncompletedTrips: 1,
        completedTrips: 1,
        pendingPaymentsKobo: 32_250_000,
        pendingInvoiceCount: 1,
      });
    });

    it('answers 403 to transporters and admins, 401 without a session', async () => {
      const transporter = await createVerifiedTransporter(t);
      const admin = await signedInAccount(t, 'ADMIN');
      for (const token of [transporter.accessToken, admin.accessToken]) {
        const res = await call(t.app, 'GET', '/api/v1/dashboard/customer', undefined, { token });
        expect(res.status).toBe(403);
        expect(res.body.message).toBeTruthy();
      }
      expect((await call(t.app, 'GET', '/api/v1/dashboard/customer')).status).toBe(401);
    });
  });

  describe('GET /api/v1/dashboard/transporter', () => {
    it('moves with new orders, bids, watches, awards and resources', async () => {
      const customer = await createVerifiedCustomer(t);
      const transporter = await createVerifiedTransporter(t);
      const start = await transporterDashboard(transporter.accessToken);
      expect(start).toMatchObject({ monitoredBids: 0, bidsWonThisMonth: 0, tripsNeedingResources: 0 });

      const order = await placeOrderViaApi(t, customer.accessToken);
      const other = await placeOrderViaApi(t, customer.accessToken);
      expect((await transporterDashboard(transporter.accessToken)).newBids).toBe(start.newBids + 2);

      const bid = await placeBidViaApi(t, transporter.accessToken, order.id);
      await call(t.app, 'PUT', `/api/v1/bids/monitored/${order.id}`, undefined, {
        token: transporter.accessToken,
      });
      await call(t.app, 'PUT', `/api/v1/bids/monitored/${other.id}`, undefined, {
        token: transporter.accessToken,
      });
      expect(await transporterDashboard(transporter.accessToken)).toMatchObject({
        newBids: start.newBids + 1,
        monitoredBids: 2,
      });

      // A withdrawn bid leaves the order open to bid on again.
      await call(t.app, 'POST', `/api/v1/bids/${bid.id}/withdraw`, undefined, {
        token: transporter.accessToken,
      });
      expect((await transporterDashboard(transporter.accessToken)).newBids).toBe(start.newBids + 2);

      const refs = await referenceIds(t);
      const { order: won } = await awardedOrder(t, customer, transporter, {
        containers: containerRows(2, refs.linerId),
      });
      await call(t.app, 'PUT', `/api/v1/bids/monitored/${won.id}`, undefined, {
        token: transporter.accessToken,
      });
      expect(await transporterDashboard(transporter.accessToken)).toMatchObject({
        monitoredBids: 2,
        bidsWonThisMonth: 1,
        tripsNeedingResources: 2,
      });

      await setTripState(t, [won.trips[0].id], { resourcesAssigned: true });
      await closeBidding(t, other.id);
      const after = await transporterDashboard(transporter.accessToken);
      expect(after).toMatchObject({ tripsNeedingResources: 1, monitoredBids: 2 });
      expect(after.newBids).toBe(start.newBids + 1);
    });

    it('is answered from memory until what it counts changes, and drops an order when its bidding closes', async () => {
      const customer = await createVerifiedCustomer(t);
      const transporter = await createVerifiedTransporter(t);
      const order = await placeOrderViaApi(t, customer.accessToken);
      await t.ctx.db
        .update(orders)
        .set({ biddingClosesAt: new Date(Date.now() + 1500) })
        .where(eq(orders.id, order.id));
      const open = await transporterDashboard(transporter.accessToken);
      const hits = t.ctx.answers.hits;
      expect(await transporterDashboard(transporter.accessToken)).toEqual(open);
      expect(t.ctx.answers.hits).toBe(hits + 1);

      // No write: the order's bidding closes by the clock, and the kept figures end with it.
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect((await transporterDashboard(transporter.accessToken)).newBids).toBe(open.newBids - 1);
    });

    it('counts bids won in the current Lagos calendar month only', async () => {
      const customer = await createVerifiedCustomer(t);
      const transporter = await createVerifiedTransporter(t);
      const first = await awardedOrder(t, customer, transporter);
      await awardedOrder(t, customer, transporter);
      const { from } = lagosMonth();
      await t.ctx.db
        .update(bids)
        .set({ decidedAt: new Date(from.getTime() - 1000) })
        .where(inArray(bids.id, [first.bid.id]));
      const body = await transporterDashboard(transporter.accessToken);
      expect(body.bidsWonThisMonth).toBe(1);
      // The caption names the day the count starts from: the first of this month in Lagos.
      expect(body.bidsWonSince).toBe(lagosToday(from));
      expect(body.bidsWonSince).toMatch(/^\d{4}-\d{2}-01$/);
    });

    it('does not count cancelled or completed trips as needing resources', async () => {
      const customer = await createVerifiedCustomer(t);
      const transporter = await createVerifiedTransporter(t);
      const refs = await referenceIds(t);
      const { order } = await awardedOrder(t, customer, transporter, {
        containers: containerRows(3, refs.linerId),
      });
      await setTripState(t, [order.trips[0].id], { cancelled: true });
      await setTripState(t, [order.trips[1].id], { completed: true });
      expect((await transporterDashboard(transporter.accessToken)).tripsNeedingResources).toBe(1);
    });

    it('shows fleet managers their company’s figures', async () => {
      const customer = await createVerifiedCustomer(t);
      const transporter = await createVerifiedTransporter(t);
      await awardedOrder(t, customer, transporter);
      const email = uniqueEmail('fm');
      await createUser(t.ctx.db, transporter.company.id, {
        email,
        password: GOOD_PASSWORD,
        userType: 'FLEET_MANAGER',
      });
      const fm = await call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });
      expect(await transporterDashboard(fm.body.accessToken)).toMatchObject({
        bidsWonThisMonth: 1,
        tripsNeedingResources: 1,
      });
    });

    it('answers 403 to customers and admins, 401 without a session', async () => {
      const customer = await createVerifiedCustomer(t);
      const admin = await signedInAccount(t, 'ADMIN');
      for (const token of [customer.accessToken, admin.accessToken]) {
        expect((await call(t.app, 'GET', '/api/v1/dashboard/transporter', undefined, { token })).status).toBe(
          403,
        );
      }
      expect((await call(t.app, 'GET', '/api/v1/dashboard/transporter')).status).toBe(401);
    });
  });
});
