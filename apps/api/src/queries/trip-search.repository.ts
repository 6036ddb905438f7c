import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { consignments, orders, trips } from '../db/schema';
import { containsPattern } from '../lib/search';

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
