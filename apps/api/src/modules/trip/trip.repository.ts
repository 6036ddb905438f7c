import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TripListQuery } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { companies, consignments, orders, shippingLines, trips } from '../../db/schema';
import { countTrips, tripSearchSql } from './trip-search';

/** Whose trips a caller sees: a company on one side of the trip, or every trip (admins). */
export type TripScope =
  { side: 'customer'; companyId: string } | { side: 'transporter'; companyId: string } | { side: 'all' };

const customer = alias(companies, 'customer');
const transporter = alias(companies, 'transporter');

function scopeSql(scope: TripScope): SQL | undefined {
  if (scope.side === 'customer') return eq(trips.customerCompanyId, scope.companyId);
  if (scope.side === 'transporter') return eq(trips.transporterCompanyId, scope.companyId);
  return undefined;
}

function filtersSql(query: TripListQuery): SQL | undefined {
  return and(
    query.completed === true ? eq(trips.completed, true) : undefined,
    // "Not completed" means still to be done, so a cancelled trip is not in it either.
    query.completed === false ? and(eq(trips.completed, false), isNull(trips.cancelledAt)) : undefined,
    query.started === true ? isNotNull(trips.latestStatus) : undefined,
    query.started === false ? isNull(trips.latestStatus) : undefined,
    query.tripStatusList?.length ? inArray(trips.latestStatus, query.tripStatusList) : undefined,
    tripSearchSql(query.q),
  );
}

/** A page of trips, the most recently moved first and trips not yet started after them, newest first. */
export async function listTrips(db: Executor, scope: TripScope, query: TripListQuery) {
  const where = and(scopeSql(scope), filtersSql(query));
  const rows = await db
    .select({
      trip: trips,
      orderNumber: orders.orderNumber,
      clientName: orders.clientName,
      reference: orders.reference,
      customerName: customer.name,
      transporterName: transporter.name,
      consignment: consignments,
      liner: { id: shippingLines.id, code: shippingLines.code, name: shippingLines.name },
    })
    .from(trips)
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(customer, eq(customer.id, trips.customerCompanyId))
    .innerJoin(transporter, eq(transporter.id, trips.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(shippingLines, eq(shippingLines.id, consignments.linerId))
    .where(where)
    .orderBy(sql`${trips.latestStatusAt} DESC NULLS LAST`, desc(trips.createdAt), desc(trips.tripNumber))
    .limit(query.size)
    .offset(query.page * query.size);
  return { rows, total: await countTrips(db, where) };
}
