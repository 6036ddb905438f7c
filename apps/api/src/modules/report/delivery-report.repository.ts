import { and, asc, eq, gte, isNotNull, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  companies,
  consignments,
  drivers,
  orders,
  terminals,
  trips,
  tripStatusLogs,
  trucks,
} from '../../db/schema';
import type { ReportInput } from './report-definition';
import { countWhere, lagosDateSql, lagosPeriodSql, tripSteps } from './report-sql.repository';
import {
  durationFigures,
  KEEP_SUBQUERY,
  measuredMicros,
  nullableNumber,
  secondsBetween,
} from './operation-report.repository';

export const pickupTerminal = alias(terminals, 'pickup_terminal');
export const deliveryTerminal = alias(terminals, 'delivery_terminal');

/** A place in one line (docs/reports.md 1.5): terminal `operator, city`, else address `city, state`. */
export function placeTextSql(
  terminal: { id: PgColumn; operator: PgColumn; city: PgColumn },
  address: PgColumn,
): SQL<string | null> {
  return sql<
    string | null
  >`CASE WHEN ${terminal.id} IS NOT NULL THEN ${terminal.operator} || ', ' || ${terminal.city}
    WHEN ${address} IS NOT NULL THEN (${address}->>'city') || ', ' || (${address}->>'state') END`;
}

export const driverNameSql = sql<string | null>`${drivers.firstName} || ' ' || ${drivers.lastName}`;

/** The trip's truck and driver, only while they are its transporter's. */
export const truckOfTrip = and(
  eq(trucks.id, trips.truckId),
  eq(trucks.companyId, trips.transporterCompanyId),
);
export const driverOfTrip = and(
  eq(drivers.id, trips.driverId),
  eq(drivers.companyId, trips.transporterCompanyId),
);

/** Container number, else the general cargo's description. */
export const cargoSql = sql<
  string | null
>`coalesce(${consignments.containerNumber}, ${consignments.description})`;

/** Hours with one decimal when the duration is measured (≥ 0), else null (N/A). */
export function measuredHours(seconds: SQL): SQL<number | null> {
  return sql<
    number | null
  >`CASE WHEN ${seconds} >= 0 THEN round((${seconds} / 3600)::numeric, 1) END`.mapWith(nullableNumber);
}

/**
 * A sort position of an export batch: the anchor instant to the microsecond (a JS Date keeps only
 * milliseconds, and a row must never be read twice or skipped) and the trip number.
 */
export interface TripCursor {
  at: string;
  tripNumber: string;
}

/** The cursor after a row read with `cursorSql`. */
export function tripCursorOf(row: { cursorAt: string; tripNumber: string }): TripCursor {
  return { at: row.cursorAt, tripNumber: row.tripNumber };
}

export function cursorSql(at: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after `cursor` in the (anchor instant, trip number) order. */
export function afterCursor(at: SQLWrapper, cursor: TripCursor | null): SQL | undefined {
  return cursor
    ? sql`(${at}, ${trips.tripNumber}) > (${cursor.at}::timestamptz, ${cursor.tripNumber})`
    : undefined;
}

/** What a page or an export batch reads: a page by offset with its total, or a batch after a cursor. */
export type RowsRead =
  { limit: number; offset: number; after?: undefined } | { limit: number; after: TripCursor | null };

/** The customer's trips delivered in the window: their live DELIVERED log is in it (cancelled included). */
function deliveredInWindow({ scope, window }: ReportInput) {
  return and(
    eq(trips.customerCompanyId, scope.companyId),
    gte(tripSteps.deliveredAt, window.fromAt),
    lt(tripSteps.deliveredAt, window.toAt),
  );
}

/** On time, late or without a target, against the expected delivery date (docs/reports.md 1.8). */
function onTimeSql(deliveredAt: SQLWrapper): SQL<'ON_TIME' | 'LATE' | 'NO_TARGET'> {
  return sql`CASE WHEN ${trips.expectedDeliveryDate} IS NULL THEN 'NO_TARGET'
    WHEN ${lagosDateSql(deliveredAt)} <= ${trips.expectedDeliveryDate} THEN 'ON_TIME' ELSE 'LATE' END`;
}

/** A PROOF_OF_DELIVERY document exists: its kind is among the trip's document kinds. */
const withProof = sql<boolean>`'PROOF_OF_DELIVERY' = ANY(${trips.documentKinds})`;

/** The trip's live DELIVERED log when an admin overrode the handover code (rare: a small partial index). */
const overriddenLog = and(
  eq(tripStatusLogs.status, 'DELIVERED'),
  isNull(tripStatusLogs.undoneAt),
  isNotNull(tripStatusLogs.handoverOverrideReason),
);

/**
 * The summary and the chart in one pass over the deliveries, read off the customer and delivered-at
 * covering index: GROUPING SETS gives a row per period with deliveries, and one row for the whole range
 * (its period null) carrying every summary figure. The admin overrides are counted from their logs apart:
 * few trips have one, and the covering index stays narrow without the log's reason.
 */
export async function deliveryOverview(input: ReportInput) {
  const { db } = input;
  const steps = tripSteps;
  const delivered = db
    .select({
      period: lagosPeriodSql(steps.deliveredAt, input.window.period).as('period'),
      onTime: onTimeSql(steps.deliveredAt).as('on_time'),
      transitMicros: measuredMicros(steps.loadedAt, steps.deliveredAt).as('transit_micros'),
      withProof: withProof.as('with_proof'),
    })
    .from(trips)
    .where(deliveredInWindow(input))
    .offset(KEEP_SUBQUERY)
    .as('delivered');
  const transit = durationFigures(delivered.transitMicros);
  const overrides = db
    .select({ count: sql`count(*)` })
    .from(tripStatusLogs)
    .innerJoin(trips, eq(trips.id, tripStatusLogs.tripId))
    .where(and(overriddenLog, deliveredInWindow(input)));
  const rows = await db
    .select({
      period: sql<string | null>`${delivered.period}`,
      delivered: countWhere(),
      onTime: countWhere(sql`${delivered.onTime} = 'ON_TIME'`),
      late: countWhere(sql`${delivered.onTime} = 'LATE'`),
      noTarget: countWhere(sql`${delivered.onTime} = 'NO_TARGET'`),
      averageTransit: transit.average,
      medianTransit: transit.median,
      withProof: countWhere(sql`${delivered.withProof}`),
      overrides: sql<number>`(${overrides})`.mapWith(Number),
    })
    .from(delivered)
    .groupBy(sql`GROUPING SETS ((${delivered.period}), ())`);
  const empty = { delivered: 0, onTime: 0, late: 0, noTarget: 0, withProof: 0, overrides: 0 };
  return {
    totals: rows.find((r) => r.period === null) ?? { ...empty, averageTransit: null, medianTransit: null },
    byPeriod: rows.filter((r) => r.period !== null),
  };
}

/**
 * Rows of the table in the default sort (delivered at, trip number). The rows are picked first off the
 * customer and delivered-at index alone, in its order, so the joins are read for the picked rows only. A
 * page's total is the overview's count of deliveries, not counted again here.
 */
export async function deliveryRows(input: ReportInput, read: RowsRead) {
  const { db } = input;
  const steps = tripSteps;
  const paged = read.after === undefined;
  const picked = db
    .select({
      tripNumber: sql<string>`${trips.tripNumber}`.as('picked_trip_number'),
      cursorAt: cursorSql(steps.deliveredAt).as('cursor_at'),
    })
    .from(trips)
    .where(and(deliveredInWindow(input), afterCursor(steps.deliveredAt, read.after ?? null)))
    .orderBy(asc(steps.deliveredAt), asc(trips.tripNumber))
    .limit(read.limit)
    .offset(paged ? read.offset : 0)
    .as('picked');
  const override = db
    .select({ reason: tripStatusLogs.handoverOverrideReason })
    .from(tripStatusLogs)
    .where(
      and(
        eq(tripStatusLogs.tripId, trips.id),
        eq(tripStatusLogs.status, 'DELIVERED'),
        isNull(tripStatusLogs.undoneAt),
      ),
    );
  return db
    .select({
      tripNumber: trips.tripNumber,
      cursorAt: picked.cursorAt,
      orderNumber: orders.orderNumber,
      clientName: orders.clientName,
      cargoType: trips.cargoType,
      cargo: cargoSql,
      transporter: companies.name,
      truck: trucks.registrationNumber,
      driver: driverNameSql,
      pickup: placeTextSql(pickupTerminal, trips.pickupAddress),
      delivery: placeTextSql(deliveryTerminal, trips.recipientAddress),
      loadedAt: steps.loadedAt,
      arrivedAt: steps.arrivedDeliveryAt,
      deliveredAt: steps.deliveredAt,
      transit: measuredHours(secondsBetween(steps.loadedAt, steps.deliveredAt)),
      waitAtDelivery: measuredHours(secondsBetween(steps.arrivedDeliveryAt, steps.deliveredAt)),
      expectedDelivery: trips.expectedDeliveryDate,
      onTime: onTimeSql(steps.deliveredAt),
      withProof,
      // The one live DELIVERED log of the trip (trip_status_logs_live_uq).
      override: sql<string | null>`(${override})`,
      cancelledAt: trips.cancelledAt,
    })
    .from(picked)
    .innerJoin(trips, eq(trips.tripNumber, picked.tripNumber))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, trips.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(trucks, truckOfTrip)
    .leftJoin(drivers, driverOfTrip)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(deliveryTerminal, eq(deliveryTerminal.id, trips.recipientTerminalId))
    .orderBy(asc(steps.deliveredAt), asc(trips.tripNumber));
}
