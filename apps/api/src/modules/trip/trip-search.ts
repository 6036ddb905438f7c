import { and, eq, ilike, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { consignments, orders, trips } from '../../db/schema';
import { containsPattern } from '../../lib/search';
import type { TripScope } from './trip.repository';

/**
 * What a trip search text matches: the trip, container and order numbers, the client and the reference.
 * Needs `orders` and `consignments` joined to `trips`, as countTrips does.
 */
export function tripSearchSql(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(trips.tripNumber, pattern),
    ilike(consignments.containerNumber, pattern),
    ilike(orders.orderNumber, pattern),
    ilike(orders.clientName, pattern),
    ilike(orders.reference, pattern),
  );
}

/** How many trips `where` keeps, with each trip's order and consignment joined for the filters. */
export async function countTrips(db: Executor, where: SQL | undefined): Promise<number> {
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trips)
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .where(where);
  return total?.n ?? 0;
}

/**
 * The rows a scope sees: of the trips, or of a table that names the trip's two companies the same way
 * (invoices).
 */
export function tripScopeSql(
  scope: TripScope,
  table: { customerCompanyId: AnyColumn; transporterCompanyId: AnyColumn } = trips,
): SQL | undefined {
  if (scope.side === 'customer') return eq(table.customerCompanyId, scope.companyId);
  if (scope.side === 'transporter') return eq(table.transporterCompanyId, scope.companyId);
  return undefined;
}

/** A live trip: neither completed nor cancelled, so there is still work to do and its fleet is on it. */
export function liveTripSql(): SQL {
  return and(eq(trips.completed, false), isNull(trips.cancelledAt))!;
}
