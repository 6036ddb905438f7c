import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, preferredPartners, trips } from '../../db/schema';
import {
  createVerifiedCustomer,
  createVerifiedTransporter,
  insertBid,
  placeOrderViaApi,
} from '../../test/marketplace';
import { call, createTestApp, twoInstances, type TestApp } from '../../test/test-app';
import { tripWorld, type Account } from '../../test/trip-world';

interface MarketRow {
  id: string;
  bidCount: number;
  watched: boolean;
  myBid: { amountKobo: number } | null;
}

async function market(t: TestApp, token: string, size = 100): Promise<{ rows: MarketRow[]; total: number }> {
  const res = await call(t.app, 'GET', `/api/v1/bids/open-orders?size=${size}`, undefined, { token });
  expect(res.status).toBe(200);
  return { rows: res.body.content, total: res.body.totalElements };
}

describe('the market kept per instance until an open order, a bid or what the transporter sees changes', () => {
  let t: TestApp;
  let customer: Account;
  let transporter: Account;
  let rival: Account;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await createVerifiedCustomer(t);
    transporter = await createVerifiedTransporter(t);
    rival = await createVerifiedTransporter(t);
  });
  afterAll(() => t?.close());

  /** The market read twice, the second from memory, so each change below is seen through a kept page. */
  async function keptMarket(token = transporter.accessToken, size = 100) {
    await market(t, token, size);
    const hits = t.ctx.answers.hits;
    const again = await market(t, token, size);
    expect(t.ctx.answers.hits).toBe(hits + 1);
    return again;
  }

  it('shows another customer’s new order and a rival’s bid at once', async () => {
    const before = await keptMarket();
    const order = await placeOrderViaApi(t, (await createVerifiedCustomer(t)).accessToken);
    const after = await market(t, transporter.accessToken);
    expect(after.total).toBe(before.total + 1);
    expect(after.rows.find((o) => o.id === order.id)).toMatchObject({ bidCount: 0, myBid: null });

    await keptMarket();
    await insertBid(t, order.id, rival.company.id, 300_000_00);
    expect((await market(t, transporter.accessToken)).rows.find((o) => o.id === order.id)?.bidCount).toBe(1);
  });

  it('shows the company’s own bid and watch at once, and leaves other transporters’ pages kept', async () => {
    const order = await placeOrderViaApi(t, customer.accessToken);
    await keptMarket();
    await keptMarket(rival.accessToken);
    const watched = await call(t.app, 'PUT', `/api/v1/bids/monitored/${order.id}`, undefined, {
      token: transporter.accessToken,
    });
    expect(watched.status).toBe(204);
    expect((await market(t, transporter.accessToken)).rows.find((o) => o.id === order.id)?.watched).toBe(
      true,
    );
    const hits = t.ctx.answers.hits;
    expect((await market(t, rival.accessToken)).rows.find((o) => o.id === order.id)?.watched).toBe(false);
    expect(t.ctx.answers.hits).toBe(hits + 1);

    await insertBid(t, order.id, transporter.company.id, 280_000_00);
    expect(
      (await market(t, transporter.accessToken)).rows.find((o) => o.id === order.id)?.myBid,
    ).toMatchObject({
      amountKobo: 280_000_00,
    });
  });

  it('shows a preferred-partners order once the customer names the transporter a partner', async () => {
    const order = await placeOrderViaApi(t, customer.accessToken);
    await t.ctx.db.update(orders).set({ preferredPartnersOnly: true }).where(eq(orders.id, order.id));
    expect((await keptMarket()).rows.map((o) => o.id)).not.toContain(order.id);
    await t.ctx.db
      .insert(preferredPartners)
      .values({ customerCompanyId: customer.company.id, transporterCompanyId: transporter.company.id });
    expect((await market(t, transporter.accessToken)).rows.map((o) => o.id)).toContain(order.id);
    expect((await market(t, rival.accessToken)).rows.map((o) => o.id)).not.toContain(order.id);
  });

  it('drops an order from the count when its bidding closes, without any write', async () => {
    const closing = await placeOrderViaApi(t, customer.accessToken);
    await t.ctx.db
      .update(orders)
      .set({ biddingClosesAt: new Date(Date.now() + 1500) })
      .where(eq(orders.id, closing.id));
    const newest = await placeOrderViaApi(t, customer.accessToken);
    // A page of one shows only the newest order: the closing one is off the page and changes the count.
    const open = await keptMarket(transporter.accessToken, 1);
    expect(open.rows.map((o) => o.id)).toEqual([newest.id]);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const closed = await market(t, transporter.accessToken, 1);
    expect(closed.rows.map((o) => o.id)).toEqual([newest.id]);
    expect(closed.total).toBe(open.total - 1);
    expect((await market(t, transporter.accessToken)).rows.map((o) => o.id)).not.toContain(closing.id);
  });

  it('is not dropped by a change to trips, which the market does not show', async () => {
    const w = await tripWorld(t);
    const trip = await w.newTrip();
    await keptMarket(rival.accessToken);
    await t.ctx.db
      .update(trips)
      .set({ latestStatus: 'STARTED', latestStatusAt: new Date() })
      .where(eq(trips.id, trip.id));
    const hits = t.ctx.answers.hits;
    await market(t, rival.accessToken);
    expect(t.ctx.answers.hits).toBe(hits + 1);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the market on two API instances', () => {
  const instances = twoInstances();

  it('never answers from memory an order placed through the other instance before the request', async () => {
    const customer = await createVerifiedCustomer(instances.a);
    const transporter = await createVerifiedTransporter(instances.a);
    for (let round = 0; round < 5; round++) {
      const before = await market(instances.b, transporter.accessToken);
      const order = await placeOrderViaApi(instances.a, customer.accessToken);
      const after = await market(instances.b, transporter.accessToken);
      expect(after.total).toBe(before.total + 1);
      expect(after.rows.map((o) => o.id)).toContain(order.id);
    }
  });
});
