import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@freightlane/domain';
import type { Executor } from '../db/client';
import { bids, companies, orders } from '../db/schema';

/** Bids that count for the customer: the live ones and the decided ones, never the withdrawn. */
const bidCount = sql<number>`(
  SELECT count(*)::int FROM ${bids}
  WHERE ${bids.orderId} = ${orders.id} AND ${bids.status} <> 'WITHDRAWN'
)`.as('bid_count');

/**
 * The one query behind every order list (customer's orders, the transporters' market, bid
 * history, dashboards): the order, its customer's name and its bid count. Callers add where, order
 * and page.
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

/** One page of the orders `where` keeps, newest first. */
export async function pageOrderRows(
  db: Executor,
  where: SQL | undefined,
  page: PageQuery,
): Promise<OrderRow[]> {
  return selectOrderRows(db)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.size)
    .offset(page.page * page.size);
}

/** The rows of the given orders, keyed by order id; the caller has checked it may see them. */
export async function listOrderRowsByIds(db: Executor, orderIds: string[]): Promise<Map<string, OrderRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await selectOrderRows(db).where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.order.id, r]));
}

/** SQL twin of isBiddingOpen (modules/order/order-summary.ts), for filters. */
export const biddingOpenSql = and(eq(orders.status, 'OPEN'), sql`${orders.biddingClosesAt} > now()`);
