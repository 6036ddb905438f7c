import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { normalizeContainerNumber, type ListTotal, type PageQuery } from '@freightlane/domain';
import type { Executor } from '../db/client';
import { pageIdsUpTo } from '../db/capped-page';
import { prepared } from '../db/prepared';
import { bids, companies, orders, orderSearch, terminals } from '../db/schema';
import { readAll } from '../db/read-all';
import { searchMatchSql } from './text-search.repository';

const pickupTerminal = alias(terminals, 'pickup_terminal');
const recipientTerminal = alias(terminals, 'recipient_terminal');

/** Bids that count for the customer: the live ones and the decided ones, never the withdrawn. */
const bidCount = sql<number>`(
  SELECT count(*)::int FROM ${bids}
  WHERE ${bids.orderId} = ${orders.id} AND ${bids.status} <> 'WITHDRAWN'
)`.as('bid_count');

/** SQL twin of isBiddingOpen (modules/order/order-summary.ts), for filters. */
export const biddingOpenSql = and(eq(orders.status, 'OPEN'), sql`${orders.biddingClosesAt} > now()`);

/**
 * When the first of a filter's orders that is open for bids now closes: a list that counts open orders
 * changes then without any write.
 */
const firstOpenClosing = sql`min(${orders.biddingClosesAt}) FILTER (WHERE ${biddingOpenSql})`.mapWith(
  orders.biddingClosesAt,
);

/**
 * The one query behind every order list (customer's orders, the transporters' market, bid
 * history, dashboards): the order, its customer's name, its bid count and its two terminals. Callers
 * add where, order and page.
 */
export function selectOrderRows(db: Executor) {
  return db
    .select({ order: orders, customerName: companies.name, bidCount, pickupTerminal, recipientTerminal })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.customerCompanyId))
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, orders.pickupTerminalId))
    .leftJoin(recipientTerminal, eq(recipientTerminal.id, orders.recipientTerminalId));
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrderRows>['execute']>>[number];

export interface OrderRowPage {
  rows: OrderRow[];
  total: number;
  /** When the first matched order that is open for bids closes; null when none is open. */
  firstClosing: Date | null;
}

/**
 * One page of the orders a filter keeps, newest first, and how many it keeps, as two statements prepared
 * once per `shape`: `where` is written with placeholders (called only when the shape is new) and
 * `inputs` gives their values for this request.
 */
export async function pageOrderRowsOfShape(
  db: Executor,
  shape: string,
  where: () => SQL | undefined,
  inputs: Record<string, unknown>,
  page: PageQuery,
): Promise<OrderRowPage> {
  const values = { ...inputs, limit: page.size, offset: page.page * page.size };
  const [rows, [counted]] = await readAll(db, [
    () =>
      prepared(db, `${shape}:page`, (d) =>
        selectOrderRows(d)
          .where(where())
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ).execute(values),
    () =>
      prepared(db, `${shape}:count`, (d) =>
        d.select({ n: count(), firstClosing: firstOpenClosing }).from(orders).where(where()),
      ).execute(values),
  ]);
  return { rows, total: counted?.n ?? 0, firstClosing: counted?.firstClosing ?? null };
}

/** The rows of the given orders, keyed by order id; the caller has checked it may see them. */
export async function listOrderRowsByIds(db: Executor, orderIds: string[]): Promise<Map<string, OrderRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await selectOrderRows(db).where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.order.id, r]));
}

/**
 * The orders whose number, client, reference or a container number of theirs holds the search text, looked
 * up in order_search's trigram index (migration 0031). Container numbers are stored without spaces or
 * dashes, as people rarely type them, so the text is also looked up that way.
 */
export function orderSearchSql(q: string): SQL {
  const compact = normalizeContainerNumber(q);
  const match = or(
    searchMatchSql(orderSearch.document, q),
    compact !== q.toUpperCase() && compact !== '' ? searchMatchSql(orderSearch.document, compact) : undefined,
  );
  return sql`${orders.id} IN (SELECT ${orderSearch.orderId} FROM ${orderSearch} WHERE ${match})`;
}

/**
 * A page of the orders a search keeps, newest first, and how many up to COUNT_LIMIT: the page is chosen on
 * orders alone and its rows joined after, as the trips list does (pageIdsUpTo).
 */
export async function pageOrderRowsFound(
  db: Executor,
  where: SQL | undefined,
  page: PageQuery,
): Promise<{ rows: OrderRow[]; total: ListTotal }> {
  const order = [desc(orders.createdAt), desc(orders.id)];
  const { ids, total } = await pageIdsUpTo(db, orders.id, where, order, {
    limit: page.size,
    offset: page.page * page.size,
  });
  const rows =
    ids.length === 0
      ? []
      : await selectOrderRows(db)
          .where(inArray(orders.id, ids))
          .orderBy(...order);
  return { rows, total };
}
