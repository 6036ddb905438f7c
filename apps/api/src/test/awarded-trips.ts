import { eq, inArray } from 'drizzle-orm';
import type { TripStatus } from '@freightlane/domain';
import { orders, trips } from '../db/schema';
import { placeOrderViaApi } from './marketplace';
import { call, type TestApp } from './test-app';

interface Account {
  accessToken: string;
}

/** Places a bid through the API; fails the test on any non-201. */
export async function placeBidViaApi(
  t: TestApp,
  token: string,
  orderId: string,
  amountKobo = 42_500_000,
  trucksAvailable = 2,
) {
  const res = await call(t.app, 'POST', '/api/v1/bids', { orderId, amountKobo, trucksAvailable }, { token });
  if (res.status !== 201) throw new Error(`bidding failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, any> & { id: string };
}

/**
 * An order placed by `customer`, bid on by `transporter` and awarded to it whole, all through the
 * API. Returns the order detail after the award, with its trips.
 */
export async function awardedOrder(
  t: TestApp,
  customer: Account,
  transporter: Account,
  orderOverrides: Record<string, unknown> = {},
  amountKobo = 42_500_000,
) {
  const order = await placeOrderViaApi(t, customer.accessToken, orderOverrides);
  const bid = await placeBidViaApi(t, transporter.accessToken, order.id, amountKobo);
  const res = await call(
    t.app,
    'POST',
    `/api/v1/orders/${order.id}/award`,
    { allocations: [{ bidId: bid.id, itemIds: order.items.map((i) => i.id) }] },
    { token: customer.accessToken },
  );
  if (res.status !== 200) throw new Error(`award failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { order: res.body as Record<string, any> & { id: string; orderNumber: string; trips: any[] }, bid };
}

/** Moves trips straight in the database, where the status API is not the subject of the test. */
export async function setTripState(
  t: TestApp,
  tripIds: string[],
  state: {
    latestStatus?: TripStatus | null;
    latestStatusAt?: Date | null;
    completed?: boolean;
    cancelled?: boolean;
    resourcesAssigned?: boolean;
  },
) {
  const { cancelled, ...rest } = state;
  await t.ctx.db
    .update(trips)
    .set({
      ...rest,
      ...(state.latestStatus && state.latestStatusAt === undefined ? { latestStatusAt: new Date() } : {}),
      ...(cancelled === undefined
        ? {}
        : { cancelledAt: cancelled ? new Date() : null, cancellationReason: cancelled ? 'Test' : null }),
    })
    .where(inArray(trips.id, tripIds));
}

/** Bidding on the order closed a minute ago. */
export async function closeBidding(t: TestApp, orderId: string) {
  await t.ctx.db
    .update(orders)
    .set({ biddingClosesAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));
}
