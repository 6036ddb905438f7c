import type { OrderDetail } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { listOrderRowsByIds } from '../../queries/order-rows.repository';
import { loadOrderContents } from './order-contents.service';
import { toOrderSummaries } from './order-summary.service';
import { listOrderTrips, listReceivedBids } from './order.repository';
import { readAll } from '../../db/read-all';
import { scoreSummaries } from '../scorecard';

/** The whole order as its customer sees it. The caller has already checked that it is the customer. */
export async function loadCustomerOrderDetail(db: Executor, orderId: string): Promise<OrderDetail> {
  const row = (await listOrderRowsByIds(db, [orderId])).get(orderId);
  if (!row) throw notFound('Order');
  const { order } = row;
  const [summary] = toOrderSummaries([row]);
  const [contents, bids, trips] = await readAll(db, [
    () => loadOrderContents(db, order),
    () => listReceivedBids(db, order),
    () => listOrderTrips(db, order.id),
  ]);
  // Every bidder's score in one read, however many bids the order has.
  const scores = await scoreSummaries(
    db,
    bids.map(({ bid }) => bid.transporterCompanyId),
  );
  return {
    ...summary!,
    ...contents,
    cancellationReason: order.cancellationReason,
    awardedAt: order.awardedAt?.toISOString() ?? null,
    bids: bids.map(({ bid, transporterName, preferredPartner }) => ({
      id: bid.id,
      transporterCompanyId: bid.transporterCompanyId,
      transporterName,
      transporterScore: scores.get(bid.transporterCompanyId)!,
      preferredPartner: Boolean(preferredPartner),
      amountKobo: bid.amountKobo,
      trucksAvailable: bid.trucksAvailable,
      note: bid.note,
      status: bid.status,
      createdAt: bid.createdAt.toISOString(),
      updatedAt: bid.updatedAt.toISOString(),
    })),
    trips: trips.map((t) => ({ ...t, amountKobo: Number(t.amountKobo) })),
  };
}
