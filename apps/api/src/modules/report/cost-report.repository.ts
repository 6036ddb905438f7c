import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { consignments, terminals, trips } from '../../db/schema';
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
 * The weight of a trip that is general cargo (the only loads that carry one), for a lateral join: looked up
 * for those trips only, where a plain join would read every consignment of the company. LIMIT 1 (a trip
 * has one consignment) keeps PostgreSQL from turning it back into that plain join.
 */
export function generalCargoWeight(db: Executor) {
  return db
    .select({ kg: sql<number | null>`${consignments.weightKg}`.as('kg') })
    .from(consignments)
    .where(and(eq(consignments.tripId, trips.id), eq(trips.cargoType, 'GENERAL_CARGO')))
    .limit(1)
    .as('general_cargo_weight');
}

/**
 * The two ends of a trip's lane (docs/reports.md 1.8): the terminal, or for an address its state. Grouped
 * as plain values (the terminal's id, not its name) so the database hashes a few lanes instead of sorting
 * every trip; the names join the grouped lanes afterwards (`laneLabel`).
 */
const laneEndValues = {
  pickupTerminalId: sql<string | null>`${trips.pickupTerminalId}`,
  pickupState: sql<
    string | null
  >`CASE WHEN ${trips.pickupTerminalId} IS NULL THEN ${trips.pickupAddress}->>'state' END`,
  deliveryTerminalId: sql<string | null>`${trips.recipientTerminalId}`,
  deliveryState: sql<
    string | null
  >`CASE WHEN ${trips.recipientTerminalId} IS NULL THEN ${trips.recipientAddress}->>'state' END`,
};

/** The ends to group by. */
export const laneEndGroups = Object.values(laneEndValues);

/** The ends to select, named as `laneLabel` and `laneOrder` read them. */
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

/** The ends as the last keys of a sort: two lanes never tie, so pages never overlap. */
export const laneOrder = (ends: LaneEnds) => [
  asc(ends.pickupTerminalId),
  asc(ends.pickupState),
  asc(ends.deliveryTerminalId),
  asc(ends.deliveryState),
];

/**
 * The customer's trips awarded in the window and not cancelled. `completed IN (false, true)` is always
 * true, but names the middle column of trips_customer_idx (company, completed, created_at), so the award
 * range bounds two index range scans instead of being checked on every trip of the company.
 */
export function awardedInWindow({ scope, window }: ReportInput) {
  return and(
    eq(trips.customerCompanyId, scope.companyId),
    inArray(trips.completed, [false, true]),
    gte(trips.createdAt, window.fromAt),
    lt(trips.createdAt, window.toAt),
    isNull(trips.cancelledAt),
  );
}

/** The figures of each lane of the window: counts and the sums its ratios divide. */
function lanesOf(input: ReportInput) {
  const weight = generalCargoWeight(input.db);
  const general = generalCargo(trips.cargoType);
  const container = containerCargo(trips.cargoType);
  const weighed = sql`${general} AND ${weight.kg} > 0`;
  return input.db
    .select({
      ...laneEnds,
      tripCount: sql<number>`count(*)`.as('trip_count'),
      containers: sql<number>`count(*) FILTER (WHERE ${container})`.as('containers'),
      truckLoads: sql<number>`count(*) FILTER (WHERE ${general})`.as('truck_loads'),
      kg: sql<number | null>`sum(${weight.kg}) FILTER (WHERE ${general})`.as('kg'),
      totalCost: sql<number>`sum(${trips.amountKobo})`.as('total_cost'),
      containerCost: sql<number | null>`sum(${trips.amountKobo}) FILTER (WHERE ${container})`.as(
        'container_cost',
      ),
      weighedCost: sql<number | null>`sum(${trips.amountKobo}) FILTER (WHERE ${weighed})`.as('weighed_cost'),
      weighedKg: sql<number | null>`sum(${weight.kg}) FILTER (WHERE ${weighed})`.as('weighed_kg'),
    })
    .from(trips)
    .leftJoinLateral(weight, sql`true`)
    .where(awardedInWindow(input))
    .groupBy(...laneEndGroups)
    .as('per_lane');
}

/**
 * The summary and the chart in one statement: the lanes aggregated once and ranked by trips; then the
 * first ten lanes and `Others` as chart points, and the whole range as the grouping set `()`.
 */
export async function costOverview(input: ReportInput) {
  const perLane = lanesOf(input);
  const ranked = input.db
    .select({
      label: sql<string>`${laneLabel(perLane)}`.as('label'),
      tripCount: sql<number>`${perLane.tripCount}`.as('trip_count'),
      containers: sql<number>`${perLane.containers}`.as('containers'),
      totalCost: sql<number>`${perLane.totalCost}`.as('total_cost'),
      containerCost: sql<number | null>`${perLane.containerCost}`.as('container_cost'),
      weighedCost: sql<number | null>`${perLane.weighedCost}`.as('weighed_cost'),
      weighedKg: sql<number | null>`${perLane.weighedKg}`.as('weighed_kg'),
      rank: sql<number>`row_number() OVER (ORDER BY ${perLane.tripCount} DESC, ${laneLabel(perLane)}, ${perLane.pickupTerminalId}, ${perLane.pickupState}, ${perLane.deliveryTerminalId}, ${perLane.deliveryState})`.as(
        'rank',
      ),
    })
    .from(perLane)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, perLane.pickupTerminalId))
    .leftJoin(deliveryTerminal, eq(deliveryTerminal.id, perLane.deliveryTerminalId))
    .as('ranked');
  const bucket = sql`least(${ranked.rank}, ${OTHERS_BUCKET})`;
  const rows = await input.db
    .select({
      whole: sql<number>`grouping(${bucket})`.mapWith(Number),
      lane: sql<string>`CASE WHEN ${bucket} = ${OTHERS_BUCKET} THEN 'Others' ELSE min(${ranked.label}) END`,
      lanes: sql<number>`count(*)`.mapWith(Number),
      trips: asWhole(sql`sum(${ranked.tripCount})`),
      totalCost: asWhole(sql`sum(${ranked.totalCost})`),
      costPerTrip: koboPer(sql`sum(${ranked.totalCost})`, sql`sum(${ranked.tripCount})`),
      costPerContainer: koboPer(sql`sum(${ranked.containerCost})`, sql`sum(${ranked.containers})`),
      costPerTonne: koboPer(sql`sum(${ranked.weighedCost}) * 1000`, sql`sum(${ranked.weighedKg})`),
    })
    .from(ranked)
    .groupBy(sql`GROUPING SETS ((${bucket}), ())`)
    .orderBy(sql`grouping(${bucket})`, sql`${bucket}`);
  return { totals: rows.find((r) => r.whole === 1)!, byLane: rows.filter((r) => r.whole === 0) };
}

/** A page of the rows, one per lane, with the count of all of them. */
export async function costRows(input: ReportInput, limit: number, offset: number) {
  const perLane = lanesOf(input);
  const label = laneLabel(perLane);
  return input.db
    .select({
      lane: label,
      trips: sql<number>`${perLane.tripCount}`.mapWith(Number),
      containers: sql<number>`${perLane.containers}`.mapWith(Number),
      truckLoads: sql<number>`${perLane.truckLoads}`.mapWith(Number),
      tonnes: tonnesOf(sql`${perLane.kg}`),
      totalCost: asWhole(sql`${perLane.totalCost}`),
      costPerTrip: koboPer(sql`${perLane.totalCost}`, sql`${perLane.tripCount}`),
      costPerContainer: koboPer(sql`${perLane.containerCost}`, sql`${perLane.containers}`),
      costPerTonne: koboPer(sql`${perLane.weighedCost} * 1000`, sql`${perLane.weighedKg}`),
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(perLane)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, perLane.pickupTerminalId))
    .leftJoin(deliveryTerminal, eq(deliveryTerminal.id, perLane.deliveryTerminalId))
    .orderBy(desc(perLane.totalCost), asc(label), ...laneOrder(perLane))
    .limit(limit)
    .offset(offset);
}
