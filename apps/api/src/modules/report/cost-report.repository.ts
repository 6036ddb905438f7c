import { and, eq, gte, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { terminals, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';

/** The points a chart over companies, lanes or clients shows before it sums the rest as `Others`. */
export const CHART_TOP = 10;
const OTHERS_BUCKET = sql.raw(String(CHART_TOP + 1));

/** A numeric aggregate that may be N/A (a ratio over nothing), as a JS number or null. */
export const numberOrNull = (value: unknown): number | null => (value === null ? null : Number(value));

/** A count or a sum of kobo as a JS number, 0 over no rows. */
export const asWhole = (expression: SQL): SQL<number> =>
  sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);

/** A kobo ratio rounded to whole kobo, N/A over a zero denominator. */
export const koboPer = (numerator: SQL, denominator: SQL): SQL<number | null> =>
  sql<number | null>`round((${numerator})::numeric / nullif(${denominator}, 0))`.mapWith(numberOrNull);

/** Tonnes from a sum of kilograms, one decimal; 0.0 over none. */
export const tonnesOf = (kg: SQL): SQL<number> =>
  sql<number>`round(coalesce(${kg}, 0) / 1000.0, 1)`.mapWith(Number);

export const generalCargo = (cargoType: SQLWrapper) => sql`${cargoType} = 'GENERAL_CARGO'`;
export const containerCargo = (cargoType: SQLWrapper) => sql`${cargoType} <> 'GENERAL_CARGO'`;

/**
 * The two ends of a trip's lane (docs/reports.md 1.8): the terminal, or for an address its state (the
 * stored `pickup_state` / `recipient_state` columns, so a covering index carries them). Grouped as plain
 * values (the terminal's id, not its name) so the database hashes a few lanes instead of sorting every
 * trip; the names join the grouped lanes afterwards (`laneLabel`).
 */
const laneEndValues = {
  pickupTerminalId: sql<string | null>`${trips.pickupTerminalId}`,
  pickupState: sql<string | null>`CASE WHEN ${trips.pickupTerminalId} IS NULL THEN ${trips.pickupState} END`,
  deliveryTerminalId: sql<string | null>`${trips.recipientTerminalId}`,
  deliveryState: sql<
    string | null
  >`CASE WHEN ${trips.recipientTerminalId} IS NULL THEN ${trips.recipientState} END`,
};

/** The ends to group by. */
export const laneEndGroups = Object.values(laneEndValues);

/** The ends to select, named as `laneLabel` reads them. */
export const laneEnds = {
  pickupTerminalId: laneEndValues.pickupTerminalId.as('pickup_terminal_id'),
  pickupState: laneEndValues.pickupState.as('pickup_state'),
  deliveryTerminalId: laneEndValues.deliveryTerminalId.as('delivery_terminal_id'),
  deliveryState: laneEndValues.deliveryState.as('delivery_state'),
};

export type LaneEnds = { [K in keyof typeof laneEnds]: SQLWrapper };

export const pickupTerminal = alias(terminals, 'pickup_terminal');
export const deliveryTerminal = alias(terminals, 'delivery_terminal');

/** The lane's label, `APM Terminals Apapa → Lagos (address)`, over lanes joined to their terminals. */
export function laneLabel(ends: LaneEnds): SQL<string> {
  return sql<string>`coalesce(${pickupTerminal.name}, ${ends.pickupState} || ' (address)') || ' → ' || coalesce(${deliveryTerminal.name}, ${ends.deliveryState} || ' (address)')`;
}

/** The customer's trips awarded in the window and not cancelled (one range of the awarded-report index). */
export function awardedInWindow({ scope, window }: ReportInput) {
  return and(
    eq(trips.customerCompanyId, scope.companyId),
    gte(trips.createdAt, window.fromAt),
    lt(trips.createdAt, window.toAt),
    isNull(trips.cancelledAt),
  );
}

/** The figures of each lane of the window: counts and the sums its ratios divide, off the trips alone. */
function lanesOf(input: ReportInput) {
  const general = generalCargo(trips.cargoType);
  const container = containerCargo(trips.cargoType);
  const weighed = sql`${general} AND ${trips.weightKg} > 0`;
  return input.db
    .select({
      ...laneEnds,
      tripCount: sql<number>`count(*)`.as('trip_count'),
      containers: sql<number>`count(*) FILTER (WHERE ${container})`.as('containers'),
      truckLoads: sql<number>`count(*) FILTER (WHERE ${general})`.as('truck_loads'),
      kg: sql<number | null>`sum(${trips.weightKg}) FILTER (WHERE ${general})`.as('kg'),
      totalCost: sql<number>`sum(${trips.amountKobo})`.as('total_cost'),
      containerCost: sql<number | null>`sum(${trips.amountKobo}) FILTER (WHERE ${container})`.as(
        'container_cost',
      ),
      weighedCost: sql<number | null>`sum(${trips.amountKobo}) FILTER (WHERE ${weighed})`.as('weighed_cost'),
      weighedKg: sql<number | null>`sum(${trips.weightKg}) FILTER (WHERE ${weighed})`.as('weighed_kg'),
    })
    .from(trips)
    .where(awardedInWindow(input))
    .groupBy(...laneEndGroups)
    .as('per_lane');
}

/**
 * Every figure of the cost report in one statement, so the range's trips are read once per request: the
 * lanes aggregated once and named, then summed again with the grouping sets: each lane alone (the
 * table's rows, `level` 1, in the table's order), the first ten lanes by trips and `Others` (the chart,
 * `level` 2) and every lane together (the summary, `level` 3).
 */
export async function costFigures(input: ReportInput) {
  const perLane = lanesOf(input);
  const label = laneLabel(perLane);
  const named = input.db
    .select({
      label: sql<string>`${label}`.as('label'),
      tripCount: sql<number>`${perLane.tripCount}`.as('trip_count'),
      containers: sql<number>`${perLane.containers}`.as('containers'),
      truckLoads: sql<number>`${perLane.truckLoads}`.as('truck_loads'),
      kg: sql<number | null>`${perLane.kg}`.as('kg'),
      totalCost: sql<number>`${perLane.totalCost}`.as('total_cost'),
      containerCost: sql<number | null>`${perLane.containerCost}`.as('container_cost'),
      weighedCost: sql<number | null>`${perLane.weighedCost}`.as('weighed_cost'),
      weighedKg: sql<number | null>`${perLane.weighedKg}`.as('weighed_kg'),
      chartRank:
        sql<number>`row_number() OVER (ORDER BY ${perLane.tripCount} DESC, ${label}, ${perLane.pickupTerminalId}, ${perLane.pickupState}, ${perLane.deliveryTerminalId}, ${perLane.deliveryState})`.as(
          'chart_rank',
        ),
      position:
        sql<number>`row_number() OVER (ORDER BY ${perLane.totalCost} DESC, ${label}, ${perLane.pickupTerminalId}, ${perLane.pickupState}, ${perLane.deliveryTerminalId}, ${perLane.deliveryState})`.as(
          'position',
        ),
    })
    .from(perLane)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, perLane.pickupTerminalId))
    .leftJoin(deliveryTerminal, eq(deliveryTerminal.id, perLane.deliveryTerminalId))
    .as('named');
  const bucket = sql`least(${named.chartRank}, ${OTHERS_BUCKET})`;
  const level = sql`grouping(${named.position}, ${bucket})`;
  return input.db
    .select({
      level: sql<number>`${level}`.mapWith(Number),
      lane: sql<string>`CASE WHEN ${bucket} = ${OTHERS_BUCKET} THEN 'Others' ELSE min(${named.label}) END`,
      lanes: sql<number>`count(*)`.mapWith(Number),
      trips: asWhole(sql`sum(${named.tripCount})`),
      containers: asWhole(sql`sum(${named.containers})`),
      truckLoads: asWhole(sql`sum(${named.truckLoads})`),
      tonnes: tonnesOf(sql`sum(${named.kg})`),
      totalCost: asWhole(sql`sum(${named.totalCost})`),
      costPerTrip: koboPer(sql`sum(${named.totalCost})`, sql`sum(${named.tripCount})`),
      costPerContainer: koboPer(sql`sum(${named.containerCost})`, sql`sum(${named.containers})`),
      costPerTonne: koboPer(sql`sum(${named.weighedCost}) * 1000`, sql`sum(${named.weighedKg})`),
    })
    .from(named)
    .groupBy(sql`GROUPING SETS ((${named.position}), (${bucket}), ())`)
    .orderBy(sql`${level}`, sql`${named.position}`, sql`${bucket}`);
}
