import { and, eq, gte, isNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { tripIssues, trips, tripStatusLogs } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { countWhere } from './report-sql.repository';

/**
 * The step times of a trip (docs/reports.md 1.8) as one lateral aggregate over its live logs: an undone
 * log is never read, and the live-log unique index allows one live log per status, so `min` is that log.
 * `tripId` is the outer query's trip id; join the result `ON true`.
 */
export function liveStepTimes(db: Executor, tripId: SQLWrapper) {
  const log = alias(tripStatusLogs, 'step_log');
  const at = (statuses: string) =>
    sql<Date | null>`min(${log.at}) FILTER (WHERE ${log.status} IN (${sql.raw(statuses)}))`.mapWith(log.at);
  return db
    .select({
      startedAt: at(`'STARTED'`).as('started_at'),
      arrivedPickupAt: at(`'AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION'`).as('arrived_pickup_at'),
      // One arrival is live at most (one status per cargo type's timeline), so the first is it.
      arrivedPickupBy: sql<string | null>`(array_agg(${log.recordedBy} ORDER BY ${log.at})
        FILTER (WHERE ${log.status} IN ('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION')))[1]`.as(
        'arrived_pickup_by',
      ),
      loadedAt: at(`'LOADED'`).as('loaded_at'),
      arrivedDeliveryAt: at(`'AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION'`).as('arrived_delivery_at'),
      deliveredAt: at(`'DELIVERED'`).as('delivered_at'),
      emptyDroppedAt: at(`'EMPTY_DROP_OFF'`).as('empty_dropped_at'),
    })
    .from(log)
    .where(and(eq(log.tripId, tripId), isNull(log.undoneAt)))
    .as('steps');
}

/** Seconds from `from` to `to`, null when either is missing. */
export function secondsBetween(from: SQLWrapper, to: SQLWrapper): SQL<number | null> {
  return sql<number | null>`extract(epoch from (${to} - ${from}))`;
}

/** Seconds as hours with one decimal, rounded once at the end; null stays null (N/A). */
export function hoursOf(seconds: SQL): SQL<number | null> {
  return sql<number | null>`round((${seconds} / 3600)::numeric, 1)`.mapWith(nullableNumber);
}

export function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** The mean, median and longest of a duration in hours, over the trips where it is measured (≥ 0). */
export function durationFigures(seconds: SQL) {
  const measured = sql`${seconds} >= 0`;
  return {
    measured: countWhere(measured),
    average: hoursOf(sql`avg(${seconds}) FILTER (WHERE ${measured})`),
    median: hoursOf(
      sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY (${seconds})::float8) FILTER (WHERE ${measured})`,
    ),
    longest: hoursOf(sql`max(${seconds}) FILTER (WHERE ${measured})`),
  };
}

/** The operation report's population: the customer's trips picked up in range, cancelled included. */
function population({ scope, window }: ReportInput) {
  return and(
    eq(trips.customerCompanyId, scope.companyId),
    gte(trips.pickupDate, window.from),
    lte(trips.pickupDate, window.to),
  );
}

const live = sql`NOT ${trips.completed} AND ${trips.cancelledAt} IS NULL`;

export async function operationTotals(input: ReportInput) {
  const [row] = await input.db
    .select({
      trips: countWhere(),
      inProgress: countWhere(sql`${live} AND ${trips.latestStatus} IS NOT NULL`),
      completed: countWhere(sql`${trips.completed}`),
      cancelled: countWhere(sql`${trips.cancelledAt} IS NOT NULL`),
    })
    .from(trips)
    .where(population(input));
  return row!;
}

/**
 * The issues of the population's trips by type, whenever opened; the row whose type is null (ROLLUP) is
 * the total, with the trips that have at least one issue.
 */
export async function operationIssues(input: ReportInput) {
  return input.db
    .select({
      issueType: tripIssues.issueType,
      issues: countWhere(),
      open: countWhere(sql`${tripIssues.status} = 'OPEN'`),
      trips: sql<number>`count(DISTINCT ${tripIssues.tripId})`.mapWith(Number),
    })
    .from(tripIssues)
    .innerJoin(trips, eq(trips.id, tripIssues.tripId))
    .where(population(input))
    .groupBy(sql`ROLLUP (${tripIssues.issueType})`);
}

/** The states a trip of the population is in now, each a row of the table (docs/reports.md 2.3). */
const NOW_STATES = {
  awaitingStart: sql`${live} AND ${trips.latestStatus} IS NULL`,
  toPickup: sql`${live} AND ${trips.latestStatus} = 'STARTED'`,
  atPickup: sql`${live} AND ${trips.latestStatus} IN ('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION')`,
  inTransit: sql`${live} AND ${trips.latestStatus} = 'LOADED'`,
  atDelivery: sql`${live} AND ${trips.latestStatus} IN ('AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION')`,
  emptyReturn: sql`${live} AND ${trips.latestStatus} = 'DELIVERED'`,
  completed: sql`${trips.completed}`,
  cancelled: sql`${trips.cancelledAt} IS NOT NULL`,
};

export type OperationState = keyof typeof NOW_STATES;
export type OperationStage = Exclude<OperationState, 'completed' | 'cancelled'>;

/**
 * Every figure of the table in one pass over the population: the trips in each state now, and per stage
 * the trips it was measured on with its mean, median and longest hours. The step times are read per trip
 * of the population only.
 */
export async function operationStages(input: ReportInput) {
  const steps = liveStepTimes(input.db, trips.id);
  const stageSeconds: Record<OperationStage, SQL> = {
    awaitingStart: secondsBetween(trips.createdAt, steps.startedAt),
    toPickup: secondsBetween(steps.startedAt, steps.arrivedPickupAt),
    atPickup: secondsBetween(steps.arrivedPickupAt, steps.loadedAt),
    inTransit: secondsBetween(steps.loadedAt, steps.arrivedDeliveryAt),
    atDelivery: secondsBetween(steps.arrivedDeliveryAt, steps.deliveredAt),
    emptyReturn: secondsBetween(steps.deliveredAt, steps.emptyDroppedAt),
  };
  const fields: Record<string, SQL> = { population: countWhere() };
  for (const [state, filter] of Object.entries(NOW_STATES)) fields[`${state}Now`] = countWhere(filter);
  for (const [stage, seconds] of Object.entries(stageSeconds)) {
    const figures = durationFigures(seconds);
    fields[`${stage}Measured`] = figures.measured;
    fields[`${stage}Average`] = figures.average;
    fields[`${stage}Median`] = figures.median;
    fields[`${stage}Longest`] = figures.longest;
  }
  const [row] = await input.db
    .select(fields)
    .from(trips)
    .leftJoinLateral(steps, sql`true`)
    .where(population(input));
  return row as Record<string, number | null>;
}
