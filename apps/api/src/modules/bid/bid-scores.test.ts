import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerFigures, TransporterFigures } from '@freightlane/domain';
import { companyScorecards } from '../../db/schema';
import {
  createVerifiedCustomer,
  createVerifiedTransporter,
  insertBid,
  placeOrderViaApi,
} from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import type { Account } from '../../test/trip-world';

/** A transporter's figures: 15 of 20 delivered on time, 9 completed trips, rated 4.5 by 6. */
function transporterFigures(overrides: Partial<TransporterFigures> = {}): TransporterFigures {
  return {
    completedTripsRecent: 4,
    completedTripsAll: 9,
    onTimePickup: { count: 18, of: 20 },
    onTimeDelivery: { count: 15, of: 20 },
    trackingCoverage: { count: 90, of: 100 },
    issues: { byType: {}, trips: 20 },
    cancellationsAfterAward: { count: 0, of: 21 },
    proofOfDeliveryOnTime: { count: 19, of: 20 },
    rating: { average: 4.5, count: 6 },
    ...overrides,
  };
}

/** A customer's figures: 1 of 10 invoices paid late, so 90% on time; 12 trips, rated 4 by 3. */
const CUSTOMER_FIGURES: CustomerFigures = {
  tripsRecent: 5,
  tripsAll: 12,
  daysToPay: { totalDays: 100, invoices: 10 },
  overdue: { count: 1, of: 10 },
  waitingAtSites: { totalHours: 30, stops: 12 },
  cancellationsAfterAward: { count: 0, of: 12 },
  rating: { average: 4, count: 3 },
};

/** A card as the refresh job would have kept it, written straight into company_scorecards. */
async function storeCard(
  t: TestApp,
  companyId: string,
  card: { side: 'transporter' | 'customer'; score: number | null; trips: number; figures: object },
) {
  await t.ctx.db
    .insert(companyScorecards)
    .values({ companyId, computedAt: new Date(), ...card } as typeof companyScorecards.$inferInsert);
}

describe('scores beside bids and the payer’s score on the market', () => {
  let t: TestApp;
  let customer: Account;
  let orderId: string;
  let reliable: Account;
  let newcomer: Account;
  let unknown: Account;

  beforeAll(async () => {
    t = await createTestApp();
    customer = await createVerifiedCustomer(t);
    reliable = await createVerifiedTransporter(t, { name: 'Reliable Haulage' });
    newcomer = await createVerifiedTransporter(t, { name: 'Newcomer Haulage' });
    unknown = await createVerifiedTransporter(t, { name: 'Unknown Haulage' });
    await storeCard(t, reliable.company.id, {
      side: 'transporter',
      score: 82,
      trips: 9,
      figures: transporterFigures(),
    });
    // Three completed trips: counted, but under the five a score needs.
    await storeCard(t, newcomer.company.id, {
      side: 'transporter',
      score: null,
      trips: 3,
      figures: transporterFigures({
        completedTripsAll: 3,
        onTimeDelivery: { count: 2, of: 3 },
        rating: { average: null, count: 0 },
      }),
    });
    await storeCard(t, customer.company.id, {
      side: 'customer',
      score: 88,
      trips: 12,
      figures: CUSTOMER_FIGURES,
    });
    orderId = (await placeOrderViaApi(t, customer.accessToken)).id;
    await insertBid(t, orderId, reliable.company.id, 42_000_000);
    await insertBid(t, orderId, newcomer.company.id, 39_000_000);
    await insertBid(t, orderId, unknown.company.id, 40_000_000);
  });
  afterAll(() => t?.close());

  it('shows each bidder’s score on the customer’s order: a scored one, a new one and one never counted', async () => {
    const res = await call(t.app, 'GET', `/api/v1/orders/${orderId}`, undefined, {
      token: customer.accessToken,
    });
    expect(res.status).toBe(200);
    const byName = new Map(
      (res.body.bids as { transporterName: string; transporterScore: unknown }[]).map((b) => [
        b.transporterName,
        b.transporterScore,
      ]),
    );
    expect(byName.get('Reliable Haulage')).toEqual({
      score: 82,
      trips: 9,
      rating: { average: 4.5, count: 6 },
      headlinePercent: 75,
    });
    expect(byName.get('Newcomer Haulage')).toEqual({
      score: null,
      trips: 3,
      rating: { average: null, count: 0 },
      headlinePercent: 67,
    });
    expect(byName.get('Unknown Haulage')).toEqual({
      score: null,
      trips: 0,
      rating: { average: null, count: 0 },
      headlinePercent: null,
    });
  });

  it('shows the payer’s score on the market’s order, in the list and opened', async () => {
    const bidder = await createVerifiedTransporter(t);
    const expected = {
      customerCompanyId: customer.company.id,
      payerScore: { score: 88, trips: 12, rating: { average: 4, count: 3 }, headlinePercent: 90 },
    };
    const list = await call(t.app, 'GET', '/api/v1/bids/open-orders?size=100', undefined, {
      token: bidder.accessToken,
    });
    expect(list.status).toBe(200);
    expect((list.body.content as { id: string }[]).find((o) => o.id === orderId)).toMatchObject(expected);

    const opened = await call(t.app, 'GET', `/api/v1/bids/open-orders/${orderId}`, undefined, {
      token: bidder.accessToken,
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject(expected);
  });

  it('shows a payer with no card counted yet as new, with no trips', async () => {
    const fresh = await createVerifiedCustomer(t);
    const order = await placeOrderViaApi(t, fresh.accessToken);
    const bidder = await createVerifiedTransporter(t);
    const opened = await call(t.app, 'GET', `/api/v1/bids/open-orders/${order.id}`, undefined, {
      token: bidder.accessToken,
    });
    expect(opened.status).toBe(200);
    expect(opened.body.payerScore).toEqual({
      score: null,
      trips: 0,
      rating: { average: null, count: 0 },
      headlinePercent: null,
    });
  });
});
