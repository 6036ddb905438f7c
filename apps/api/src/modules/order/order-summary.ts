import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { OrderSummary } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { bids, companies, orders } from '../../db/schema';
import { loadTerminals, toLocationView } from '../../lib/location-view';

/** Bids that count for the customer: the live ones and the decided ones, never the withdrawn. */
const bidCount = sql<number>`(
  SELECT count(*)::int FROM ${bids}
  WHERE ${bids.orderId} = ${orders.id} AND ${bids.status} <> 'WITHDRAWN'
)`.as('bid_count');

/**
 * The one query behind every order list (customer's orders, the transporters' market, bid
 * history): the order, its customer's name and its bid count. Callers add where, order and page.
 */
export function selectOrderRows(db: Executor) {
  return db
    .select({ order: orders, customerName: companies.name, bidCount })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.customerCompanyId));
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrderRows>['execute']>>[number];

export async function countOrders(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(where);
  return row?.n ?? 0;
}

/** Bidding is open while the order is OPEN and its closing time has not passed. */
export function isBiddingOpen(order: { status: string; biddingClosesAt: Date }, now = new Date()): boolean {
  return order.status === 'OPEN' && order.biddingClosesAt.getTime() > now.getTime();
}

/** SQL twin of isBiddingOpen, for filters. */
export const biddingOpenSql = and(eq(orders.status, 'OPEN'), sql`${orders.biddingClosesAt} > now()`);

export async function toOrderSummaries(db: Executor, rows: OrderRow[]): Promise<OrderSummary[]> {
  const terminalsById = await loadTerminals(
    db,
    rows.flatMap((r) => [r.order.pickupTerminalId, r.order.recipientTerminalId]),
  );
  const now = new Date();
  return rows.map(({ order, customerName, bidCount: bids }) => ({
    id: order.id,
    orderNumber: order.orderNumber,
    cargoType: order.cargoType,
    status: order.status,
    biddingOpen: isBiddingOpen(order, now),
    clientName: order.clientName,
    reference: order.reference,
    customerName,
    pickup: toLocationView(terminalsById, order.pickupTerminalId, order.pickupAddress),
    recipient: toLocationView(terminalsById, order.recipientTerminalId, order.recipientAddress),
    pickupDate: order.pickupDate,
    biddingClosesAt: order.biddingClosesAt.toISOString(),
    targetAmountKobo: order.targetAmountKobo,
    preferredPartnersOnly: order.preferredPartnersOnly,
    itemCount: order.itemCount,
    bidCount: Number(bids),
    createdAt: order.createdAt.toISOString(),
  }));
}
