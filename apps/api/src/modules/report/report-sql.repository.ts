import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { trips } from '../../db/schema';
import type { ReportPeriod } from './report-window';

/**
 * The step times of a trip (docs/reports.md 1.8), kept on the trip from its live logs by the triggers of
 * migration 0016: an undone log never counts, and no report aggregates a trip's logs to find them.
 */
export const tripSteps = {
  startedAt: trips.startedAt,
  arrivedPickupAt: trips.arrivedPickupAt,
  arrivedPickupBy: trips.arrivedPickupBy,
  loadedAt: trips.loadedAt,
  arrivedDeliveryAt: trips.arrivedDeliveryAt,
  deliveredAt: trips.deliveredAt,
  emptyDroppedAt: trips.emptyDroppedAt,
};

export type StepTimes = typeof tripSteps;

/**
 * The Lagos calendar period of a timestamp column as the report labels it (YYYY-MM-DD or YYYY-MM). Lagos
 * is UTC+1 all year: the UTC wall clock plus an hour. (`AT TIME ZONE '+01:00'` would read the offset
 * with POSIX's reversed sign.)
 */
export function lagosPeriodSql(column: SQLWrapper, period: ReportPeriod): SQL<string> {
  const format = period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  return sql<string>`to_char(((${column}) AT TIME ZONE 'UTC') + interval '1 hour', ${sql.raw(`'${format}'`)})`;
}

/** The Lagos calendar date of a timestamp (or of a bound instant), as an SQL date. */
export function lagosDateSql(instant: SQLWrapper | Date): SQL {
  const value = instant instanceof Date ? sql`${instant.toISOString()}::timestamptz` : sql`${instant}`;
  return sql`(((${value}) AT TIME ZONE 'UTC') + interval '1 hour')::date`;
}

/** A sum of kobo over no rows is 0, and comes back as a JS number (bigint sums are numeric in SQL). */
export function sumKobo(expression: SQL | SQLWrapper, filter?: SQL): SQL<number> {
  const where = filter ? sql` FILTER (WHERE ${filter})` : sql``;
  return sql<number>`coalesce(sum(${expression})${where}, 0)::bigint`.mapWith(Number);
}

/** A count, possibly filtered, as a JS number. */
export function countWhere(filter?: SQL): SQL<number> {
  const where = filter ? sql` FILTER (WHERE ${filter})` : sql``;
  return sql<number>`count(*)${where}`.mapWith(Number);
}
