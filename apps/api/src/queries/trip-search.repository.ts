import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { trips, tripSearch } from '../db/schema';
import { searchMatchSql } from './text-search.repository';

/**
 * Whether the trip `tripId` names has the search text in its trip, container, order or invoice number, its
 * client or its reference: looked up in trip_search's trigram index (migration 0029), with no join of the
 * trip's order, consignment or invoice.
 */
export function tripMatchesSql(tripId: SQLWrapper, q: string): SQL {
  return sql`${tripId} IN (SELECT ${tripSearch.tripId} FROM ${tripSearch} WHERE ${searchMatchSql(tripSearch.document, q)})`;
}

/** The trips a search text finds (tripMatchesSql), none without one. */
export function tripSearchSql(q: string | undefined): SQL | undefined {
  return q ? tripMatchesSql(trips.id, q) : undefined;
}
