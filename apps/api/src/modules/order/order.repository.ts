import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ListTotal, OrderStatus, PageQuery } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import {
  bids,
  companies,
  orderDocuments,
  orderItems,
  orders,
  preferredPartners,
  shippingLines,
  terminals,
  trips,
} from '../../db/schema';
import {
  orderSearchSql,
  pageOrderRowsFound,
  pageOrderRowsOfShape,
  type OrderRow,
} from '../../queries/order-rows.repository';

export type OrderRecord = typeof orders.$inferSelect;
export type OrderItemRecord = typeof orderItems.$inferSelect;
export type BidRecord = typeof bids.$inferSelect;

/**
 * The order, only when it is this customer's if one is named. `forUpdate` locks the row for the rest of
 * the transaction: the first lock any order change takes, before the order's bids.
 */
export async function findOrder(
  db: Executor,
  orderId: string,
  options: { customerCompanyId?: string; forUpdate?: boolean } = {},
): Promise<OrderRecord | undefined> {
  const query = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        options.customerCompanyId ? eq(orders.customerCompanyId, options.customerCompanyId) : undefined,
      ),
    )
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The terminals a new order may name: a retired one is no longer offered. */
export async function findTerminals(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(terminals)
    .where(and(inArray(terminals.id, ids), eq(terminals.active, true)));
}

/** The shipping lines a new order may name: a retired one is no longer offered. */
export async function findLinerIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: shippingLines.id })
    .from(shippingLines)
    .where(and(inArray(shippingLines.id, ids), eq(shippingLines.active, true)));
  return new Set(rows.map((r) => r.id));
}

/** The company's own uploaded document, locked so two orders cannot attach it at once. */
export async function lockQuoteDocument(db: Executor, documentId: string, companyId: string) {
  const [row] = await db
    .select()
    .from(orderDocuments)
    .where(and(eq(orderDocuments.id, documentId), eq(orderDocuments.companyId, companyId)))
    .for('update');
  return row;
}

export async function findOrderUsingDocument(db: Executor, documentId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.quoteDocumentId, documentId))
    .limit(1);
  return row;
}

export async function findDocument(db: Executor, documentId: string) {
  const [row] = await db.select().from(orderDocuments).where(eq(orderDocuments.id, documentId)).limit(1);
  return row;
}

export async function insertDocument(db: Executor, values: typeof orderDocuments.$inferInsert) {
  const [row] = await db.insert(orderDocuments).values(values).returning();
  return row!;
}

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function insertOrderItems(db: Executor, values: (typeof orderItems.$inferInsert)[]) {
  return db.insert(orderItems).values(values).returning();
}

export async function updateOrder(
  db: Executor,
  orderId: string,
  values: Partial<typeof orders.$inferInsert>,
) {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

/** The items in position order, each with its liner and, once awarded, its trip. */
export async function listItemsWithTrips(db: Executor, orderId: string) {
  return db
    .select({
      item: orderItems,
      liner: { id: shippingLines.id, code: shippingLines.code, name: shippingLines.name },
      trip: { id: trips.id, tripNumber: trips.tripNumber, transporterCompanyId: trips.transporterCompanyId },
    })
    .from(orderItems)
    .leftJoin(shippingLines, eq(shippingLines.id, orderItems.linerId))
    .leftJoin(trips, eq(trips.orderItemId, orderItems.id))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

export async function listOrderItems(db: Executor, orderId: string) {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/** The bids the customer weighs: every one except the withdrawn, cheapest first. */
export async function listReceivedBids(db: Executor, order: { id: string; customerCompanyId: string }) {
  return db
    .select({
      bid: bids,
      transporterName: companies.name,
      preferredPartner: sql<boolean>`${preferredPartners.transporterCompanyId} IS NOT NULL`,
    })
    .from(bids)
    .innerJoin(companies, eq(companies.id, bids.transporterCompanyId))
    .leftJoin(
      preferredPartners,
      and(
        eq(preferredPartners.customerCompanyId, order.customerCompanyId),
        eq(preferredPartners.transporterCompanyId, bids.transporterCompanyId),
      ),
    )
    .where(and(eq(bids.orderId, order.id), ne(bids.status, 'WITHDRAWN')))
    .orderBy(asc(bids.amountKobo), asc(bids.createdAt), asc(bids.id));
}

/** Every bid of the order, locked. Taken after the order's lock, never before (see findOrder). */
export async function lockBidsOfOrder(db: Executor, orderId: string) {
  return db.select().from(bids).where(eq(bids.orderId, orderId)).orderBy(asc(bids.id)).for('update');
}

export async function setBidsStatus(
  db: Executor,
  ids: string[],
  status: 'WON' | 'LOST',
  decidedAt: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db.update(bids).set({ status, decidedAt, updatedAt: decidedAt }).where(inArray(bids.id, ids));
}

export async function setItemsAwarded(db: Executor, itemIds: string[], bidId: string): Promise<void> {
  await db.update(orderItems).set({ awardedBidId: bidId }).where(inArray(orderItems.id, itemIds));
}

export async function listOrderTrips(db: Executor, orderId: string) {
  return db
    .select({
      id: trips.id,
      tripNumber: trips.tripNumber,
      trackingId: trips.trackingId,
      orderItemId: trips.orderItemId,
      transporterName: companies.name,
      amountKobo: trips.amountKobo,
    })
    .from(trips)
    .innerJoin(companies, eq(companies.id, trips.transporterCompanyId))
    .where(eq(trips.orderId, orderId))
    .orderBy(asc(trips.tripNumber));
}

export async function findCompanyNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * A page of the customer's orders, filtered by status and a search text. Without a search text the shapes are
 * prepared statements, whose inputs are the company and the status; a search is planned for its word
 * (orderSearchSql, pageOrderRowsFound).
 */
export function listCustomerOrderRows(
  db: Executor,
  customerCompanyId: string,
  filter: { status?: OrderStatus | undefined; q?: string | undefined },
  page: PageQuery,
): Promise<{ rows: OrderRow[]; total: ListTotal }> {
  const q = filter.q?.trim();
  if (q) {
    const where = and(
      eq(orders.customerCompanyId, customerCompanyId),
      filter.status ? eq(orders.status, filter.status) : undefined,
      orderSearchSql(q),
    );
    return pageOrderRowsFound(db, where, page);
  }
  const where = () =>
    and(
      eq(orders.customerCompanyId, sql.placeholder('customerCompanyId')),
      filter.status ? eq(orders.status, sql.placeholder('status')) : undefined,
    );
  const shape = `customer_orders:${filter.status ? 's' : ''}`;
  return pageOrderRowsOfShape(db, shape, where, { customerCompanyId, status: filter.status }, page);
}

export async function hasPreferredPartners(db: Executor, customerCompanyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: preferredPartners.transporterCompanyId })
    .from(preferredPartners)
    .where(eq(preferredPartners.customerCompanyId, customerCompanyId))
    .limit(1);
  return Boolean(row);
}
