import { and, asc, eq, gte, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  companies,
  consignments,
  drivers,
  orders,
  terminals,
  tripDocuments,
  trips,
  tripStatusLogs,
  trucks,
} from '../../db/schema';
import type { ReportInput } from './report-definition';
import { countWhere, lagosDateSql, lagosPeriodSql } from './report-sql.repository';
import {
  durationFigures,
  liveStepTimes,
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

const delivered = alias(tripStatusLogs, 'delivered_log');
const loaded = alias(tripStatusLogs, 'loaded_log');

/** The customer's trips delivered in the window: their live DELIVERED log is in it (cancelled included). */
function deliveredInWindow({ scope, window }: ReportInput) {
  return and(
    eq(delivered.status, 'DELIVERED'),
    isNull(delivered.undoneAt),
    gte(delivered.at, window.fromAt),
    lt(delivered.at, window.toAt),
    eq(trips.customerCompanyId, scope.companyId),
  );
}

/** On time, late or without a target, against the expected delivery date (docs/reports.md 1.8). */
function onTimeSql(deliveredAt: SQLWrapper): SQL<'ON_TIME' | 'LATE' | 'NO_TARGET'> {
  return sql`CASE WHEN ${trips.expectedDeliveryDate} IS NULL THEN 'NO_TARGET'
    WHEN ${lagosDateSql(deliveredAt)} <= ${trips.expectedDeliveryDate} THEN 'ON_TIME' ELSE 'LATE' END`;
}

const withProof = sql<boolean>`EXISTS (SELECT 1 FROM ${tripDocuments}
  WHERE ${tripDocuments.tripId} = ${trips.id} AND ${tripDocuments.kind} = 'PROOF_OF_DELIVERY')`;

/**
 * The summary and the chart in one pass over the deliveries: GROUPING SETS gives a row per period with
 * deliveries, and one row for the whole range (its period null) carrying every summary figure.
 */
export async function deliveryOverview(input: ReportInput) {
  const period = lagosPeriodSql(delivered.at, input.window.period);
  const onTime = onTimeSql(delivered.at);
  const transit = durationFigures(secondsBetween(loaded.at, delivered.at));
  const rows = await input.db
    .select({
      period: sql<string | null>`${period}`,
      delivered: countWhere(),
      onTime: countWhere(sql`${onTime} = 'ON_TIME'`),
      late: countWhere(sql`${onTime} = 'LATE'`),
      noTarget: countWhere(sql`${onTime} = 'NO_TARGET'`),
      averageTransit: transit.average,
      medianTransit: transit.median,
      withProof: countWhere(withProof),
      overrides: countWhere(sql`${delivered.handoverOverrideReason} IS NOT NULL`),
    })
    .from(delivered)
    .innerJoin(trips, eq(trips.id, delivered.tripId))
    // The one live LOADED log of the trip (trip_status_logs_live_uq).
    .leftJoin(loaded, and(eq(loaded.tripId, trips.id), eq(loaded.status, 'LOADED'), isNull(loaded.undoneAt)))
    .where(deliveredInWindow(input))
    .groupBy(sql`GROUPING SETS ((${period}), ())`);
  const empty = { delivered: 0, onTime: 0, late: 0, noTarget: 0, withProof: 0, overrides: 0 };
  return {
    totals: rows.find((r) => r.period === null) ?? { ...empty, averageTransit: null, medianTransit: null },
    byPeriod: rows.filter((r) => r.period !== null),
  };
}

/**
 * Rows of the table in the default sort (delivered at, trip number). The rows are picked first on the
 * anchor alone, so the joins and the per-trip step times are read for the picked rows only.
 */
export async function deliveryRows(input: ReportInput, read: RowsRead) {
  const { db } = input;
  const paged = read.after === undefined;
  const picked = db
    .select({
      tripId: delivered.tripId,
      deliveredAt: delivered.at,
      cursorAt: cursorSql(delivered.at).as('cursor_at'),
      tripNumber: trips.tripNumber,
      override: delivered.handoverOverrideReason,
      total: (paged ? sql<number>`count(*) OVER ()` : sql<number>`0`).mapWith(Number).as('total'),
    })
    .from(delivered)
    .innerJoin(trips, eq(trips.id, delivered.tripId))
    .where(and(deliveredInWindow(input), afterCursor(delivered.at, read.after ?? null)))
    .orderBy(asc(delivered.at), asc(trips.tripNumber))
    .limit(read.limit)
    .offset(paged ? read.offset : 0)
    .as('picked');
  const steps = liveStepTimes(db, trips.id);
  return db
    .select({
      tripNumber: picked.tripNumber,
      cursorAt: picked.cursorAt,
      total: picked.total,
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
      deliveredAt: picked.deliveredAt,
      transit: measuredHours(secondsBetween(steps.loadedAt, picked.deliveredAt)),
      waitAtDelivery: measuredHours(secondsBetween(steps.arrivedDeliveryAt, picked.deliveredAt)),
      expectedDelivery: trips.expectedDeliveryDate,
      onTime: onTimeSql(picked.deliveredAt),
      withProof,
      override: picked.override,
      cancelledAt: trips.cancelledAt,
    })
    .from(picked)
    .innerJoin(trips, eq(trips.id, picked.tripId))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, trips.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(trucks, truckOfTrip)
    .leftJoin(drivers, driverOfTrip)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(deliveryTerminal, eq(deliveryTerminal.id, trips.recipientTerminalId))
    .leftJoinLateral(steps, sql`true`)
    .orderBy(asc(picked.deliveredAt), asc(picked.tripNumber));
}
