import { and, asc, count, eq, gte, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bids, invoices, orders, orderWatches, trips } from '../../db/schema';
import { biddingOpenSql, countOrders, selectOrderRows } from '../../queries/order-rows.repository';
import { transporterCanSeeOrderSql } from '../../queries/order-visibility.repository';

export const ORDERS_AWAITING_AWARD_LIMIT = 10;

const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export async function customerTripCounts(db: Executor, companyId: string) {
  const live = sql`${trips.completed} = false and ${trips.cancelledAt} is null`;
  const [row] = await db
    .select({
      ongoing: countWhere(sql`${live} and ${trips.latestStatus} is not null`),
      uncompleted: countWhere(live),
      completed: countWhere(sql`${trips.completed} = true`),
    })
    .from(trips)
    .where(eq(trips.customerCompanyId, companyId));
  return { ongoing: row?.ongoing ?? 0, uncompleted: row?.uncompleted ?? 0, completed: row?.completed ?? 0 };
}

export async function pendingInvoices(db: Executor, companyId: string) {
  const [row] = await db
    .select({
      totalKobo: sql<number>`coalesce(sum(${invoices.amountKobo}), 0)`.mapWith(Number),
      n: count(),
    })
    .from(invoices)
    .where(and(eq(invoices.customerCompanyId, companyId), eq(invoices.status, 'PENDING_PAYMENT')));
  return { totalKobo: row?.totalKobo ?? 0, count: row?.n ?? 0 };
}

/** Open orders of the customer, the ones whose bidding closes soonest first. */
export async function openOrdersOf(db: Executor, companyId: string) {
  return selectOrderRows(db)
    .where(and(eq(orders.customerCompanyId, companyId), eq(orders.status, 'OPEN')))
    .orderBy(asc(orders.biddingClosesAt), asc(orders.id))
    .limit(ORDERS_AWAITING_AWARD_LIMIT);
}

/** Open orders the transporter may bid on and holds no live bid on. */
export async function countNewBidOpportunities(db: Executor, companyId: string): Promise<number> {
  const liveBid = db
    .select({ id: bids.id })
    .from(bids)
    .where(
      and(eq(bids.orderId, orders.id), eq(bids.transporterCompanyId, companyId), eq(bids.status, 'ACTIVE')),
    );
  return countOrders(db, and(biddingOpenSql, transporterCanSeeOrderSql(companyId), notExists(liveBid)));
}

export async function countOpenWatchedOrders(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderWatches)
    .innerJoin(orders, eq(orders.id, orderWatches.orderId))
    .where(and(eq(orderWatches.transporterCompanyId, companyId), eq(orders.status, 'OPEN')));
  return row?.n ?? 0;
}

export async function countBidsWonBetween(db: Executor, companyId: string, from: Date, to: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(bids)
    .where(
      and(
        eq(bids.transporterCompanyId, companyId),
        eq(bids.status, 'WON'),
        gte(bids.decidedAt, from),
        lt(bids.decidedAt, to),
      ),
    );
  return row?.n ?? 0;
}

export async function countTripsNeedingResources(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trips)
    .where(
      and(
        eq(trips.transporterCompanyId, companyId),
        isNull(trips.cancelledAt),
        eq(trips.completed, false),
        eq(trips.resourcesAssigned, false),
      ),
    );
  return row?.n ?? 0;
}
