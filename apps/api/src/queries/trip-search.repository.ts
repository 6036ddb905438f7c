import { eq, ilike, or, sql, type SQL, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { consignments, orders, trips } from '../db/schema';
import { containsPattern } from '../lib/search';

/**
 * What a trip search text matches: the trip, container and order numbers, the client and the reference.
 * Needs `orders` and `consignments` joined to `trips`, as countTrips does.
 */
export function tripSearchSql(q: string | undefined): SQL | undefined {
  return q ? tripPatternSql(containsPattern(q)) : undefined;
}

/** tripSearchSql for an ILIKE pattern already made, or a prepared statement's placeholder for one. */
export function tripPatternSql(pattern: string | Placeholder): SQL | undefined {
  return or(
    ilike(trips.tripNumber, pattern),
    ilike(consignments.containerNumber, pattern),
    ilike(orders.orderNumber, pattern),
    ilike(orders.clientName, pattern),
    ilike(orders.reference, pattern),
  );
}

/**
 * How many trips `where` keeps. A search text (`searched`) needs each trip's order and consignment joined;
 * other filters read the trip alone, and since every trip has exactly one order and at most one
 * consignment, leaving the joins out changes no count.
 */
export async function countTrips(
  db: Executor,
  where: SQL | undefined,
  options: { searched: boolean },
): Promise<number> {
  const [total] = await countTripsQuery(db, where, options);
  return total?.n ?? 0;
}

/** countTrips's statement, not yet run (a caller may prepare it). */
export function countTripsQuery(db: Executor, where: SQL | undefined, { searched }: { searched: boolean }) {
  const count = db.select({ n: sql<number>`count(*)::int` }).from(trips);
  return searched
    ? count
        .innerJoin(orders, eq(orders.id, trips.orderId))
        .leftJoin(consignments, eq(consignments.tripId, trips.id))
        .where(where)
    : count.where(where);
}
