import { and, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { tripIssues, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { countWhere, tripSteps } from './report-sql.repository';

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

/**
 * A duration in whole microseconds when it is measured (`to` ≥ `from`), else null, as a bigint: a sum or
 * mean of bigints is exact (as `extract(epoch …)`'s numeric was) yet costs a fraction of numeric's
 * arithmetic over hundreds of thousands of trips. `date_part`'s float seconds times a million round back
 * to the exact microseconds (a timestamp has no finer ones).
 */
export function measuredMicros(from: SQLWrapper, to: SQLWrapper): SQL<number | null> {
  return sql<number | null>`CASE WHEN ${to} >= ${from}
    THEN (date_part('epoch', ${to} - ${from}) * 1000000)::bigint END`;
}

/**
 * `OFFSET 0` on a subquery keeps it whole: PostgreSQL then computes each of its columns once per row, where
 * it would otherwise copy the column's expression into every aggregate that reads it. (Drizzle leaves out
 * an offset of the number 0, so this one is SQL.)
 */
export const KEEP_SUBQUERY = sql`0` as unknown as number;

const MICROS_PER_HOUR = sql.raw('3600000000');

/**
 * The count, mean, median and longest in hours of a measured duration (`measuredMicros`, null when not
 * measured, which every aggregate here skips).
 */
export function durationFigures(micros: SQLWrapper) {
  return {
    measured: sql<number>`count(${micros})`.mapWith(Number),
    average: sql<number | null>`round(avg(${micros}) / ${MICROS_PER_HOUR}, 1)`.mapWith(nullableNumber),
    median: sql<number | null>`round((percentile_cont(0.5) WITHIN GROUP (ORDER BY (${micros})::float8)
      / ${MICROS_PER_HOUR})::numeric, 1)`.mapWith(nullableNumber),
    longest: sql<number | null>`round(max(${micros}) / ${MICROS_PER_HOUR}.0, 1)`.mapWith(nullableNumber),
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

/** The two ends of each stage (docs/reports.md 1.8, time per stage). */
const STAGE_ENDS: Record<OperationStage, [SQLWrapper, SQLWrapper]> = {
  awaitingStart: [trips.createdAt, tripSteps.startedAt],
  toPickup: [tripSteps.startedAt, tripSteps.arrivedPickupAt],
  atPickup: [tripSteps.arrivedPickupAt, tripSteps.loadedAt],
  inTransit: [tripSteps.loadedAt, tripSteps.arrivedDeliveryAt],
  atDelivery: [tripSteps.arrivedDeliveryAt, tripSteps.deliveredAt],
  emptyReturn: [tripSteps.deliveredAt, tripSteps.emptyDroppedAt],
};

/**
 * Some figures of the table in one pass over the population, read off the customer and pickup-date
 * covering index alone: with `withStates`, the trips in each state now (and the ongoing ones), and per
 * stage named the trips it was measured on with its mean, median and longest hours. Each stage's duration
 * is computed once per trip in the inner query, which the aggregates then read by name.
 */
async function populationFigures(input: ReportInput, stages: OperationStage[], withStates: boolean) {
  const states = withStates ? (Object.keys(NOW_STATES) as OperationState[]) : [];
  const measured = input.db
    .select({
      ongoing: sql<boolean>`${live} AND ${trips.latestStatus} IS NOT NULL`.as('is_ongoing'),
      ...(Object.fromEntries(
        states.map((state) => [`${state}Now`, sql`${NOW_STATES[state]}`.as(`is_${state}`)]),
      ) as Record<`${OperationState}Now`, SQL.Aliased<boolean>>),
      ...(Object.fromEntries(
        stages.map((stage) => [`${stage}Micros`, measuredMicros(...STAGE_ENDS[stage]).as(`${stage}_micros`)]),
      ) as Record<`${OperationStage}Micros`, SQL.Aliased<number | null>>),
    })
    .from(trips)
    .where(population(input))
    .offset(KEEP_SUBQUERY)
    .as('measured');
  const fields: Record<string, SQL> = {};
  if (withStates) {
    fields.population = countWhere();
    fields.ongoing = countWhere(sql`${measured.ongoing}`);
  }
  for (const state of states) fields[`${state}Now`] = countWhere(sql`${measured[`${state}Now`]}`);
  for (const stage of stages) {
    const figures = durationFigures(measured[`${stage}Micros`]);
    fields[`${stage}Measured`] = figures.measured;
    fields[`${stage}Average`] = figures.average;
    fields[`${stage}Median`] = figures.median;
    fields[`${stage}Longest`] = figures.longest;
  }
  const [row] = await input.db.select(fields).from(measured);
  return row as Record<string, number | null>;
}

/**
 * Every figure of the table and the trip counts of the summary: the trips in each state now, and per stage
 * the trips it was measured on with its mean, median and longest hours. A median sorts every measured
 * duration of its stage and cannot be split over parallel workers, so the stages are shared between two
 * statements that, asked for together, run side by side on a pool; each gives its own figures.
 */
export async function operationStages(input: ReportInput): Promise<Record<string, number | null>> {
  const [first, second] = await Promise.all([
    populationFigures(input, ['awaitingStart', 'inTransit', 'emptyReturn'], true),
    populationFigures(input, ['toPickup', 'atPickup', 'atDelivery'], false),
  ]);
  return { ...first, ...second };
}
