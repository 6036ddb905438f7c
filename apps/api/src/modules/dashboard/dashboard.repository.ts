import { and, asc, count, eq, gte, lt, notExists, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bids, companies, invoices, orders, orderWatches, tripCounts, trips } from '../../db/schema';
import { biddingOpenSql, selectOrderRows } from '../../queries/order-rows.repository';
import { transporterCanSeeOrderSql } from '../../queries/order-visibility.repository';
import { liveTripSql } from '../../queries/trip-scope.repository';

export const ORDERS_AWAITING_AWARD_LIMIT = 10;

/**
 * The customer's trip counts and pending payments in one read: the counts from the few trip_counts rows of
 * the company (kept by migration 0005's triggers), the invoices summed beside them.
 */
export async function customerFigures(db: Executor, companyId: string) {
  const [row] = await prepared(db, 'customer_dashboard_figures', customerFiguresQuery).execute({ companyId });
  return {
    trips: { ongoing: row?.ongoing ?? 0, uncompleted: row?.uncompleted ?? 0, completed: row?.completed ?? 0 },
    pending: { totalKobo: row?.pendingKobo ?? 0, count: row?.pendingCount ?? 0 },
  };
}

function customerFiguresQuery(db: Executor) {
  const companyId = sql.placeholder('companyId');
  // The buckets of trip_counts spell the trip list's tabs: live is not completed and not cancelled, and
  // ongoing is live and started, the one definition of ongoing (ongoingTripSql, isOngoingTrip).
  const live = sql`not ${tripCounts.completed} and not ${tripCounts.cancelled}`;
  const sumWhere = (condition: SQL) =>
    sql<number>`coalesce(sum(${tripCounts.trips}) filter (where ${condition}), 0)`.mapWith(Number);
  const pending = and(eq(invoices.customerCompanyId, companyId), eq(invoices.status, 'PENDING_PAYMENT'));
  const pendingKobo = db
    .select({ kobo: sql`coalesce(sum(${invoices.amountKobo}), 0)` })
    .from(invoices)
    .where(pending);
  const pendingCount = db.select({ n: count() }).from(invoices).where(pending);
  return db
    .select({
      ongoing: sumWhere(sql`${live} and ${tripCounts.started}`),
      uncompleted: sumWhere(live),
      completed: sumWhere(sql`${tripCounts.completed}`),
      pendingKobo: sql<number>`(${pendingKobo})`.mapWith(Number),
      pendingCount: sql<number>`(${pendingCount})`.mapWith(Number),
    })
    .from(tripCounts)
    .where(and(eq(tripCounts.companyId, companyId), eq(tripCounts.side, 'customer')));
}

/** Open orders of the customer, the ones whose bidding closes soonest first. */
export async function openOrdersOf(db: Executor, companyId: string) {
  return prepared(db, 'customer_dashboard_open_orders', (d) =>
    selectOrderRows(d)
      .where(and(eq(orders.customerCompanyId, sql.placeholder('companyId')), eq(orders.status, 'OPEN')))
      .orderBy(asc(orders.biddingClosesAt), asc(orders.id))
      .limit(ORDERS_AWAITING_AWARD_LIMIT),
  ).execute({ companyId });
}

/**
 * The transporter's four figures in one read, each a count beside the others: open orders it may bid on
 * and holds no live bid on, open orders it watches, its bids that won in [from, to) (orders, not trips),
 * and live trips still without a truck or a driver.
 */
export async function transporterFigures(db: Executor, companyId: string, from: Date, to: Date) {
  const [row] = await prepared(db, 'transporter_dashboard_figures', transporterFiguresQuery).execute({
    companyId,
    from,
    to,
  });
  return {
    newBids: row?.newBids ?? 0,
    monitoredBids: row?.monitoredBids ?? 0,
    bidsWonThisMonth: row?.bidsWonThisMonth ?? 0,
    tripsNeedingResources: row?.tripsNeedingResources ?? 0,
    /** When the first order counted as a new bid closes: the count drops then without any write. */
    firstClosing: row?.firstClosing ?? null,
  };
}

function transporterFiguresQuery(db: Executor) {
  const companyId = sql.placeholder('companyId');
  const from = sql.placeholder('from');
  const to = sql.placeholder('to');
  const liveBid = db
    .select({ id: bids.id })
    .from(bids)
    .where(
      and(eq(bids.orderId, orders.id), eq(bids.transporterCompanyId, companyId), eq(bids.status, 'ACTIVE')),
    );
  const newBidsWhere = and(biddingOpenSql, transporterCanSeeOrderSql(companyId), notExists(liveBid));
  const newBids = db.select({ n: count() }).from(orders).where(newBidsWhere);
  const firstClosing = db
    .select({ at: sql`min(${orders.biddingClosesAt})` })
    .from(orders)
    .where(newBidsWhere);
  const monitoredBids = db
    .select({ n: count() })
    .from(orderWatches)
    .innerJoin(orders, eq(orders.id, orderWatches.orderId))
    .where(and(eq(orderWatches.transporterCompanyId, companyId), eq(orders.status, 'OPEN')));
  const bidsWon = db
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
  const needingResources = db
    .select({ n: count() })
    .from(trips)
    .where(and(eq(trips.transporterCompanyId, companyId), liveTripSql(), eq(trips.resourcesAssigned, false)));
  const figure = (query: SQLWrapper) => sql<number>`(${query})`.mapWith(Number);
  return db
    .select({
      newBids: figure(newBids),
      monitoredBids: figure(monitoredBids),
      bidsWonThisMonth: figure(bidsWon),
      tripsNeedingResources: figure(needingResources),
      firstClosing: sql<Date | null>`(${firstClosing})`.mapWith(orders.biddingClosesAt),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
}
