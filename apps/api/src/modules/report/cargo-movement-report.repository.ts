import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContainerSize } from '@freightlane/domain';
import { consignments, trips, tripStatusLogs } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { lagosPeriodSql } from './report-sql.repository';
import {
  containerCargo,
  deliveryTerminal,
  generalCargo,
  laneEnds,
  laneLabel,
  laneOrder,
  pickupTerminal,
} from './cost-report.repository';

/** A trip's live DELIVERED log: the moment it moved (docs/reports.md 1.8). */
const delivered = alias(tripStatusLogs, 'delivered');

/**
 * One row per trip of the customer delivered in the window, cancelled after delivery included, with what
 * the counts read. The reading starts at the window's deliveries (an index on live logs by status and
 * time), then keeps the customer's trips.
 */
function movedIn(input: ReportInput) {
  const { scope, window } = input;
  return input.db
    .select({
      period: lagosPeriodSql(delivered.at, window.period).as('period'),
      ...laneEnds,
      cargoType: sql<string>`${trips.cargoType}`.as('cargo_type'),
      containerSize: sql<ContainerSize | null>`${consignments.containerSize}`.as('container_size'),
      weightKg: sql<number | null>`${consignments.weightKg}`.as('weight_kg'),
    })
    .from(delivered)
    .innerJoin(trips, eq(trips.id, delivered.tripId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .where(
      and(
        eq(delivered.status, 'DELIVERED'),
        isNull(delivered.undoneAt),
        gte(delivered.at, window.fromAt),
        lt(delivered.at, window.toAt),
        eq(trips.customerCompanyId, scope.companyId),
      ),
    )
    .as('moved');
}

type Moved = ReturnType<typeof movedIn>;

/** What the cargo movement report counts of a set of deliveries; a size is the enum's own text. */
function movedFigures(moved: Moved) {
  const container = containerCargo(moved.cargoType);
  const general = generalCargo(moved.cargoType);
  const count = (filter: SQL) => sql`count(*) FILTER (WHERE ${filter})`;
  const sized = (size: ContainerSize) =>
    count(sql`${container} AND ${moved.containerSize} = ${sql.raw(`'${size}'`)}`);
  return {
    trips: sql`count(*)`,
    containers: count(container),
    size20: sized('FTS_20'),
    size40: sized('FTS_40'),
    size40HighCube: sized('FTS_40_HIGH'),
    size45: sized('FTS_45'),
    sizeUnknown: count(sql`${container} AND ${moved.containerSize} IS NULL`),
    empty: count(sql`${moved.cargoType} = 'EMPTY_CONTAINER'`),
    truckLoads: count(general),
    tonnes: sql`round(coalesce(sum(${moved.weightKg}) FILTER (WHERE ${general}), 0) / 1000.0, 1)`,
  };
}

type Figures = ReturnType<typeof movedFigures>;

/** Figures as JS numbers. */
function asNumbers(figures: Record<keyof Figures, SQLWrapper | SQL.Aliased>) {
  return Object.fromEntries(
    Object.entries(figures).map(([key, figure]) => [key, sql<number>`${figure}`.mapWith(Number)]),
  ) as Record<keyof Figures, SQL<number>>;
}

/**
 * The summary and the chart in one statement: the deliveries counted per period, and over the whole range
 * (with its lanes) as the grouping set `()`, so the range's deliveries are read once.
 */
export async function cargoMovementOverview(input: ReportInput) {
  const moved = movedIn(input);
  const rows = await input.db
    .select({
      whole: sql<number>`grouping(${moved.period})`.mapWith(Number),
      period: sql<string | null>`${moved.period}`,
      lanes:
        sql<number>`count(DISTINCT (${moved.pickupTerminalId}, ${moved.pickupState}, ${moved.deliveryTerminalId}, ${moved.deliveryState}))`.mapWith(
          Number,
        ),
      ...asNumbers(movedFigures(moved)),
    })
    .from(moved)
    .groupBy(sql`GROUPING SETS ((${moved.period}), ())`);
  return { totals: rows.find((r) => r.whole === 1)!, byPeriod: rows.filter((r) => r.whole === 0) };
}

/** A page of the rows, one per period and lane, with the count of all of them. */
export async function cargoMovementRows(input: ReportInput, limit: number, offset: number) {
  const moved = movedIn(input);
  const figures = movedFigures(moved);
  const perLane = input.db
    .select({
      period: sql<string>`${moved.period}`.as('period'),
      pickupTerminalId: sql<string | null>`${moved.pickupTerminalId}`.as('pickup_terminal_id'),
      pickupState: sql<string | null>`${moved.pickupState}`.as('pickup_state'),
      deliveryTerminalId: sql<string | null>`${moved.deliveryTerminalId}`.as('delivery_terminal_id'),
      deliveryState: sql<string | null>`${moved.deliveryState}`.as('delivery_state'),
      trips: figures.trips.as('trip_count'),
      containers: figures.containers.as('containers'),
      size20: figures.size20.as('size_20'),
      size40: figures.size40.as('size_40'),
      size40HighCube: figures.size40HighCube.as('size_40_high_cube'),
      size45: figures.size45.as('size_45'),
      sizeUnknown: figures.sizeUnknown.as('size_unknown'),
      empty: figures.empty.as('empty'),
      truckLoads: figures.truckLoads.as('truck_loads'),
      tonnes: figures.tonnes.as('tonnes'),
    })
    .from(moved)
    .groupBy(
      moved.period,
      moved.pickupTerminalId,
      moved.pickupState,
      moved.deliveryTerminalId,
      moved.deliveryState,
    )
    .as('per_lane');
  const label = laneLabel(perLane);
  return input.db
    .select({
      period: perLane.period,
      lane: label,
      ...asNumbers(
        Object.fromEntries(
          (Object.keys(figures) as (keyof Figures)[]).map((key) => [key, perLane[key]]),
        ) as Record<keyof Figures, SQL.Aliased>,
      ),
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(perLane)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, perLane.pickupTerminalId))
    .leftJoin(deliveryTerminal, eq(deliveryTerminal.id, perLane.deliveryTerminalId))
    .orderBy(asc(perLane.period), desc(perLane.containers), asc(label), ...laneOrder(perLane))
    .limit(limit)
    .offset(offset);
}
