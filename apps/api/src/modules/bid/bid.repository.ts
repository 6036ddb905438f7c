import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BidStatus, CargoType, PageQuery } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { bids, companies, consignments, orderItems, orders, orderWatches, trips } from '../../db/schema';
import {
  biddingOpenSql,
  pageOrderRowsOfShape,
  type OrderRowPage,
  selectOrderRows,
  type OrderRow,
} from '../../queries/order-rows.repository';
import { transporterCanSeeOrderSql } from '../../queries/order-visibility.repository';
import { tripSearchSql } from '../../queries/trip-search.repository';
import { pageIds, pageIdsUpTo } from '../../db/capped-page';
import { countTripsInScope } from '../../queries/trip-count.repository';
import { hasOpenIssueSql } from '../../queries/trip-scope.repository';

export type BidRow = typeof bids.$inferSelect;

const offsetOf = (page: PageQuery) => page.page * page.size;

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

/** Taken after the order's lock, never before: award takes them in that order too. */
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

/** A page of the orders open for bids that the company may see, newest first. */
export async function listOpenOrderRows(
  db: Executor,
  companyId: string,
  filter: { cargoType?: CargoType | undefined; pickupState?: string | undefined },
  page: PageQuery,
): Promise<OrderRowPage> {
  const where = () =>
    and(
      biddingOpenSql,
      transporterCanSeeOrderSql(sql.placeholder('companyId')),
      filter.cargoType ? eq(orders.cargoType, sql.placeholder('cargoType')) : undefined,
      filter.pickupState ? eq(orders.pickupState, sql.placeholder('pickupState')) : undefined,
    );
  const shape = `market:${filter.cargoType ? 'c' : ''}${filter.pickupState ? 's' : ''}`;
  const inputs = { companyId, cargoType: filter.cargoType, pickupState: filter.pickupState };
  return pageOrderRowsOfShape(db, shape, where, inputs, page);
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

/**
 * Trips the company won, newest award first, searchable by trip, container, order, reference or client;
 * each row with what the trip module's summary reads, but the transporter (the caller) and the liner,
 * which the list does not show.
 */
export async function listWonTrips(db: Executor, companyId: string, q: string | undefined, page: PageQuery) {
  const where = and(eq(trips.transporterCompanyId, companyId), tripSearchSql(q));
  // Trips of one award share a creation time; their numbers keep them in container order.
  const order = [desc(trips.createdAt), asc(trips.tripNumber)];
  const at = { limit: page.size, offset: offsetOf(page) };
  // Unsearched, the company's trip counts hold the figure, however many trips it has won.
  const { ids, total } = q
    ? await pageIdsUpTo(db, trips.id, where, order, at)
    : {
        ids: await pageIds(db, trips.id, where, order, at),
        total: await countTripsInScope(db, { side: 'transporter', companyId }, {}),
      };
  const rows = await db
    .select({
      trip: trips,
      orderNumber: orders.orderNumber,
      clientName: orders.clientName,
      reference: orders.reference,
      customerName: companies.name,
      consignment: consignments,
      hasOpenIssue: hasOpenIssueSql(),
    })
    .from(trips)
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, trips.customerCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .where(inArray(trips.id, ids))
    .orderBy(...order);
  return { rows, total };
}
