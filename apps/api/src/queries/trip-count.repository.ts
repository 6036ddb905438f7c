import { and, eq, sql, type SQL, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { tripCounts } from '../db/schema';
import type { TripScope } from './trip-scope.repository';

/** The filters a trip count can answer from trip_counts: each one a bucket column, or left open. */
export interface TripCountFacts {
  /** true: completed trips; false: live ones (neither completed nor cancelled). */
  completed?: boolean;
  started?: boolean;
}

/** trip_counts rows that hold the trips of `facts`; each trip is counted once per side. */
function bucketsSql(facts: TripCountFacts): SQL | undefined {
  return and(
    facts.completed === true ? eq(tripCounts.completed, true) : undefined,
    facts.completed === false
      ? and(eq(tripCounts.completed, false), eq(tripCounts.cancelled, false))
      : undefined,
    facts.started === undefined ? undefined : eq(tripCounts.started, facts.started),
  );
}

/** The rows of a scope: the company's on its side; for admins every trip, once, through its customer. */
function scopeSql(scope: TripScope, companyId: Placeholder): SQL {
  if (scope.side === 'all') return eq(tripCounts.side, 'customer');
  return and(eq(tripCounts.companyId, companyId), eq(tripCounts.side, scope.side))!;
}

/**
 * How many trips a scope holds with `facts`, exact, from the counts migration 0005's triggers keep: a
 * sum of at most eight rows per company, however many trips it has.
 */
export async function countTripsInScope(
  db: Executor,
  scope: TripScope,
  facts: TripCountFacts,
): Promise<number> {
  // One statement per scope side and filter; the company is its input.
  const name = `trip_counts:${scope.side}:${facts.completed ?? ''}:${facts.started ?? ''}`;
  const [row] = await prepared(db, name, (d) =>
    d
      .select({ n: sql<number>`coalesce(sum(${tripCounts.trips}), 0)`.mapWith(Number) })
      .from(tripCounts)
      .where(and(scopeSql(scope, sql.placeholder('companyId')), bucketsSql(facts))),
  ).execute({ companyId: scope.side === 'all' ? undefined : scope.companyId });
  return row?.n ?? 0;
}
