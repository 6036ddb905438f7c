import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ContainerSize } from '@freightlane/domain';
import { consignments, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';
import type { ReportPeriod } from './report-window';
import { lagosDateSql, tripSteps } from './report-sql.repository';
import {
  containerCargo,
  deliveryTerminal,
  generalCargo,
  laneEndGroups,
  laneEnds,
  laneLabel,
  pickupTerminal,
} from './cost-report.repository';

/** The sizes a container is counted by, under the names the statement gives their counts. */
const SIZES = [
  ['FTS_20', 'size20', 'size_20'],
  ['FTS_40', 'size40', 'size_40'],
  ['FTS_40_HIGH', 'size40HighCube', 'size_40_high_cube'],
  ['FTS_45', 'size45', 'size_45'],
] as const satisfies readonly (readonly [ContainerSize, string, string])[];

/** The counts of the report, under the names the statement gives them; tonnes come from the kilograms. */
const COUNTS = {
  trips: 'trip_count',
  containers: 'containers',
  size20: 'size_20',
  size40: 'size_40',
  size40HighCube: 'size_40_high_cube',
  size45: 'size_45',
  sizeUnknown: 'size_unknown',
  empty: 'empty',
  truckLoads: 'truck_loads',
  kg: 'kg',
} as const;

type CountKey = keyof typeof COUNTS;

/**
 * The customer's trips delivered in the window, cancelled after delivery included, counted per Lagos
 * date of delivery and lane. The delivery time is the trip's own `delivered_at` (its live DELIVERED log,
 * kept by the triggers of migration 0016), so the reading starts at the customer's deliveries of the
 * window on one index, without the status logs; a size is the enum's own text.
 */
function perDayAndLane(input: ReportInput) {
  const { scope, window } = input;
  const container = containerCargo(trips.cargoType);
  const general = generalCargo(trips.cargoType);
  const count = (filter: SQL) => sql<number>`count(*) FILTER (WHERE ${filter})`;
  const sized = (size: ContainerSize) =>
    count(sql`${container} AND ${consignments.containerSize} = ${sql.raw(`'${size}'`)}`);
  const day = lagosDateSql(tripSteps.deliveredAt);
  return input.db
    .select({
      day: sql<string>`${day}`.as('day'),
      ...laneEnds,
      trips: sql<number>`count(*)`.as(COUNTS.trips),
      containers: count(container).as(COUNTS.containers),
      ...(Object.fromEntries(SIZES.map(([size, key, name]) => [key, sized(size).as(name)])) as Record<
        (typeof SIZES)[number][1],
        SQL.Aliased<number>
      >),
      sizeUnknown: count(sql`${container} AND ${consignments.containerSize} IS NULL`).as(COUNTS.sizeUnknown),
      empty: count(sql`${trips.cargoType} = 'EMPTY_CONTAINER'`).as(COUNTS.empty),
      truckLoads: count(general).as(COUNTS.truckLoads),
      kg: sql<number | null>`sum(${consignments.weightKg}) FILTER (WHERE ${general})`.as(COUNTS.kg),
    })
    .from(trips)
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .where(
      and(
        eq(trips.customerCompanyId, scope.companyId),
        gte(tripSteps.deliveredAt, window.fromAt),
        lt(tripSteps.deliveredAt, window.toAt),
      ),
    )
    .groupBy(day, ...laneEndGroups)
    .as('per_day');
}

/** The label of the report period (docs/reports.md 1.4) of a Lagos calendar date. */
function periodOfDay(day: SQL, period: ReportPeriod): SQL<string> {
  const format = period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  return sql<string>`to_char((${day})::timestamp, ${sql.raw(`'${format}'`)})`;
}

/** The counts summed again over any grouping of the rows that carry them. */
function summed(of: (name: string) => SQL) {
  return Object.fromEntries(
    (Object.keys(COUNTS) as CountKey[]).map((key) => [key, sql`sum(${of(COUNTS[key])})`]),
  ) as Record<CountKey, SQL>;
}

/**
 * Every figure of the cargo movement report in one statement, so the range's deliveries are read once
 * per request: counted per Lagos date and lane, then per period and lane (the days get their period's
 * label only once summed), named, then summed again with the grouping sets: each period and lane (the
 * table's rows, `level` 0, in the table's order), each period (the chart, `level` 1, only the periods
 * with deliveries; the caller fills the others) and the whole range with its lanes (`level` 3).
 */
export async function cargoMovementFigures(input: ReportInput) {
  const perDay = perDayAndLane(input);
  const period = periodOfDay(sql`${perDay.day}`, input.window.period);
  const perLaneSums = summed((name) => sql`${sql.identifier('per_day')}.${sql.identifier(name)}`);
  const perLane = input.db
    .select({
      period: sql<string>`${period}`.as('period'),
      pickupTerminalId: sql<string | null>`${perDay.pickupTerminalId}`.as('pickup_terminal_id'),
      pickupState: sql<string | null>`${perDay.pickupState}`.as('pickup_state'),
      deliveryTerminalId: sql<string | null>`${perDay.deliveryTerminalId}`.as('delivery_terminal_id'),
      deliveryState: sql<string | null>`${perDay.deliveryState}`.as('delivery_state'),
      ...(Object.fromEntries(
        (Object.keys(COUNTS) as CountKey[]).map((key) => [key, perLaneSums[key].as(COUNTS[key])]),
      ) as Record<CountKey, SQL.Aliased<number>>),
    })
    .from(perDay)
    .groupBy(
      period,
      perDay.pickupTerminalId,
      perDay.pickupState,
      perDay.deliveryTerminalId,
      perDay.deliveryState,
    )
    .as('per_lane');
  const label = laneLabel(perLane);
  const named = input.db
    .select({
      period: sql<string>`${perLane.period}`.as('period'),
      lane: sql<string>`${label}`.as('lane'),
      laneKey:
        sql`(${perLane.pickupTerminalId}, ${perLane.pickupState}, ${perLane.deliveryTerminalId}, ${perLane.deliveryState})`.as(
          'lane_key',
        ),
      ...(Object.fromEntries(
        (Object.keys(COUNTS) as CountKey[]).map((key) => [key, sql`${perLane[key]}`.as(COUNTS[key])]),
      ) as Record<CountKey, SQL.Aliased<number>>),
      // Each row's tonnes as it shows them (one decimal): the totals add these up, so the summary's tonnes
      // are the sum of the table's column, not a rounding of their kilograms that could differ from it.
      tonnes: sql<number>`round(coalesce(${perLane.kg}, 0) / 1000.0, 1)`.as('tonnes'),
      position:
        sql<number>`row_number() OVER (ORDER BY ${perLane.period}, ${perLane.containers} DESC, ${label}, ${perLane.pickupTerminalId}, ${perLane.pickupState}, ${perLane.deliveryTerminalId}, ${perLane.deliveryState})`.as(
          'position',
        ),
    })
    .from(perLane)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, perLane.pickupTerminalId))
    .leftJoin(deliveryTerminal, eq(deliveryTerminal.id, perLane.deliveryTerminalId))
    .as('named');
  const total = summed((name) => sql`${sql.identifier('named')}.${sql.identifier(name)}`);
  const whole = (figure: SQL) => sql<number>`coalesce(${figure}, 0)::bigint`.mapWith(Number);
  const level = sql`grouping(${named.period}, ${named.position})`;
  return input.db
    .select({
      level: sql<number>`${level}`.mapWith(Number),
      period: sql<string | null>`${named.period}`,
      lane: sql<string | null>`min(${named.lane})`,
      lanes: sql<number>`count(DISTINCT ${named.laneKey})`.mapWith(Number),
      trips: whole(total.trips),
      containers: whole(total.containers),
      size20: whole(total.size20),
      size40: whole(total.size40),
      size40HighCube: whole(total.size40HighCube),
      size45: whole(total.size45),
      sizeUnknown: whole(total.sizeUnknown),
      empty: whole(total.empty),
      truckLoads: whole(total.truckLoads),
      tonnes: sql<number>`coalesce(sum(${named.tonnes}), 0)`.mapWith(Number),
    })
    .from(named)
    .groupBy(sql`GROUPING SETS ((${named.period}, ${named.position}), (${named.period}), ())`)
    .orderBy(sql`${level}`, sql`${named.period}`, sql`${named.position}`);
}
