import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { BidStatus, PageQuery } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import {
  bids,
  companies,
  consignments,
  orderDocuments,
  orderItems,
  orders,
  orderWatches,
  shippingLines,
  trips,
  users,
} from '../../db/schema';
import { selectOrderRows, type OrderRow } from '../order/order-summary';
import { countTrips, tripSearchSql } from '../trip/trip-search';

export type BidRow = typeof bids.$inferSelect;
export type OrderRecord = typeof orders.$inferSelect;

const offsetOf = (page: PageQuery) => page.page * page.size;

export async function findOrder(db: Executor, orderId: string): Promise<OrderRecord | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

/** Award locks the order first, then its bids; every bid change takes the locks in that order too. */
export async function lockOrder(db: Executor, orderId: string): Promise<OrderRecord | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function findBidOfCompany(
  db: Executor,
  bidId: string,
  companyId: string,
): Promise<BidRow | undefined> {
  const [row] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.id, bidId), eq(bids.transporterCompanyId, companyId)))
    .limit(1);
  return row;
}

export async function lockBid(db: Executor, bidId: string): Promise<BidRow | undefined> {
  const [row] = await db.select().from(bids).where(eq(bids.id, bidId)).for('update');
  return row;
}

export async function lockBidOnOrder(
  db: Executor,
  orderId: string,
  companyId: string,
): Promise<BidRow | undefined> {
  const [row] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.orderId, orderId), eq(bids.transporterCompanyId, companyId)))
    .for('update');
  return row;
}

export async function insertBid(db: Executor, values: typeof bids.$inferInsert): Promise<BidRow> {
  const [row] = await db.insert(bids).values(values).returning();
  return row!;
}

export async function updateBid(
  db: Executor,
  bidId: string,
  values: Partial<typeof bids.$inferInsert>,
): Promise<BidRow> {
  const [row] = await db
    .update(bids)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bids.id, bidId))
    .returning();
  return row!;
}

/** How many order items each bid was awarded, for the bids given. */
export async function awardedItemCounts(db: Executor, bidIds: string[]): Promise<Map<string, number>> {
  if (bidIds.length === 0) return new Map();
  const rows = await db
    .select({ bidId: orderItems.awardedBidId, n: count() })
    .from(orderItems)
    .where(inArray(orderItems.awardedBidId, bidIds))
    .groupBy(orderItems.awardedBidId);
  return new Map(rows.map((r) => [r.bidId!, r.n]));
}

/** The company's bids on the given orders, keyed by order id. */
export async function bidsOnOrders(
  db: Executor,
  companyId: string,
  orderIds: string[],
): Promise<Map<string, BidRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(bids)
    .where(and(eq(bids.transporterCompanyId, companyId), inArray(bids.orderId, orderIds)));
  return new Map(rows.map((b) => [b.orderId, b]));
}

export async function watchedAmong(
  db: Executor,
  companyId: string,
  orderIds: string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: orderWatches.orderId })
    .from(orderWatches)
    .where(and(eq(orderWatches.transporterCompanyId, companyId), inArray(orderWatches.orderId, orderIds)));
  return new Set(rows.map((r) => r.orderId));
}

/** A page of orders matching `where`, newest first. */
export async function listOrderRows(
  db: Executor,
  where: SQL | undefined,
  page: PageQuery,
): Promise<OrderRow[]> {
  return selectOrderRows(db)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.size)
    .offset(offsetOf(page));
}

export async function listWatchedOrderRows(
  db: Executor,
  companyId: string,
  page: PageQuery,
): Promise<{ rows: OrderRow[]; total: number }> {
  const rows = await selectOrderRows(db)
    .innerJoin(
      orderWatches,
      and(eq(orderWatches.orderId, orders.id), eq(orderWatches.transporterCompanyId, companyId)),
    )
    .orderBy(desc(orderWatches.createdAt), desc(orders.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db
    .select({ n: count() })
    .from(orderWatches)
    .where(eq(orderWatches.transporterCompanyId, companyId));
  return { rows, total: total?.n ?? 0 };
}

export async function insertWatch(db: Executor, companyId: string, orderId: string): Promise<void> {
  await db.insert(orderWatches).values({ orderId, transporterCompanyId: companyId }).onConflictDoNothing();
}

export async function deleteWatch(db: Executor, companyId: string, orderId: string): Promise<boolean> {
  const removed = await db
    .delete(orderWatches)
    .where(and(eq(orderWatches.transporterCompanyId, companyId), eq(orderWatches.orderId, orderId)))
    .returning({ orderId: orderWatches.orderId });
  return removed.length > 0;
}

export async function listOrderRowsByIds(db: Executor, orderIds: string[]): Promise<Map<string, OrderRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await selectOrderRows(db).where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.order.id, r]));
}

export async function listBidsOfCompany(
  db: Executor,
  companyId: string,
  status: BidStatus | undefined,
  page: PageQuery,
): Promise<{ rows: BidRow[]; total: number }> {
  const where = and(eq(bids.transporterCompanyId, companyId), status ? eq(bids.status, status) : undefined);
  const rows = await db
    .select()
    .from(bids)
    .where(where)
    .orderBy(desc(bids.updatedAt), desc(bids.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(bids).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The items of an order with their liner, and the trip each became once awarded. */
export async function listOrderItems(db: Executor, orderId: string) {
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

export async function findQuoteDocument(db: Executor, documentId: string | null) {
  if (!documentId) return null;
  const [row] = await db
    .select({ id: orderDocuments.id, fileName: orderDocuments.fileName, sizeBytes: orderDocuments.sizeBytes })
    .from(orderDocuments)
    .where(eq(orderDocuments.id, documentId))
    .limit(1);
  return row ?? null;
}

export async function companyName(db: Executor, companyId: string): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}

/** The people of a company who can act on mail: activated and not deactivated. */
export async function activeUsersOfCompany(db: Executor, companyId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNotNull(users.activatedAt), isNull(users.deactivatedAt)));
}

/** Trips the company won, newest award first, searchable by trip, container, order, reference or client. */
export async function listWonTrips(db: Executor, companyId: string, q: string | undefined, page: PageQuery) {
  const where = and(eq(trips.transporterCompanyId, companyId), tripSearchSql(q));
  const rows = await db
    .select({
      trip: trips,
      orderNumber: orders.orderNumber,
      clientName: orders.clientName,
      reference: orders.reference,
      customerName: companies.name,
      containerNumber: consignments.containerNumber,
      cargoDescription: consignments.description,
    })
    .from(trips)
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, trips.customerCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .where(where)
    // Trips of one award share a creation time; their numbers keep them in container order.
    .orderBy(desc(trips.createdAt), asc(trips.tripNumber))
    .limit(page.size)
    .offset(offsetOf(page));
  return { rows, total: await countTrips(db, where) };
}
