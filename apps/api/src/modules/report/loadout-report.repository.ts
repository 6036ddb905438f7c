import { and, asc, eq, gte, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  companies,
  consignments,
  drivers,
  orders,
  shippingLines,
  trips,
  tripStatusLogs,
  trucks,
} from '../../db/schema';
import {
  afterCursor,
  cargoSql,
  cursorSql,
  driverNameSql,
  driverOfTrip,
  measuredHours,
  pickupTerminal,
  truckOfTrip,
  type RowsRead,
} from './delivery-report.repository';
import { durationFigures, nullableNumber, secondsBetween } from './operation-report.repository';
import type { ReportInput } from './report-definition';
import { countWhere, lagosDateSql } from './report-sql.repository';

/** The chart's places: the first ones by loadings, then one point for the rest. */
export const CHART_PLACES = 10;

const loaded = alias(tripStatusLogs, 'loaded_log');
const arrival = alias(tripStatusLogs, 'arrival_log');

/** The customer's trips loaded in the window: their live LOADED log is in it (cancelled included). */
function loadedInWindow({ scope, window }: ReportInput) {
  return and(
    eq(loaded.status, 'LOADED'),
    isNull(loaded.undoneAt),
    gte(loaded.at, window.fromAt),
    lt(loaded.at, window.toAt),
    eq(trips.customerCompanyId, scope.companyId),
  );
}

/**
 * The trip's live arrival at its pickup: the one status of its timeline for it (AT_WAREHOUSE_LOCATION
 * on an export), so the join reads one row off the live-log unique index.
 */
const arrivalOfTrip = and(
  eq(arrival.tripId, trips.id),
  sql`${arrival.status} = CASE WHEN ${trips.cargoType} = 'EXPORT' THEN 'AT_WAREHOUSE_LOCATION'
    ELSE 'AT_PICKUP_LOCATION' END`,
  isNull(arrival.undoneAt),
);

/** On-time pickup (docs/reports.md 1.8): by the arrival's Lagos day, or late once the day has passed. */
function onTimePickupSql(now: Date): SQL<'ON_TIME' | 'LATE' | 'PENDING'> {
  return sql`CASE WHEN ${arrival.at} IS NOT NULL THEN
      CASE WHEN ${lagosDateSql(arrival.at)} <= ${trips.pickupDate} THEN 'ON_TIME' ELSE 'LATE' END
    WHEN ${trips.pickupDate} < ${lagosDateSql(now)} THEN 'LATE' ELSE 'PENDING' END`;
}

function waitSeconds(loadedAt: SQLWrapper) {
  return secondsBetween(arrival.at, loadedAt);
}

/** The pickup place as the loadout names it: the terminal's name, else the address's `city, state`. */
const pickupPlaceSql = sql<
  string | null
>`CASE WHEN ${pickupTerminal.id} IS NOT NULL THEN ${pickupTerminal.name}
  WHEN ${trips.pickupAddress} IS NOT NULL
  THEN (${trips.pickupAddress}->>'city') || ', ' || (${trips.pickupAddress}->>'state') END`;

/**
 * The summary and the chart in one pass over the loadings. The inner query's GROUPING SETS give a row per
 * pickup place, ranked by loadings (then name), and one row for the whole range carrying the summary
 * figures; the outer query keeps the first CHART_PLACES places and folds the rest into `Others`, whose
 * average wait is recomputed over their waits, not averaged from their averages.
 */
export async function loadoutOverview(input: ReportInput) {
  const { db } = input;
  const onTime = onTimePickupSql(input.window.now);
  const seconds = waitSeconds(loaded.at);
  const measured = sql`${seconds} >= 0`;
  const wait = durationFigures(seconds);
  const placeKey = sql`coalesce(${trips.pickupTerminalId}::text,
    'address:' || (${trips.pickupAddress}->>'city') || ', ' || (${trips.pickupAddress}->>'state'))`;
  const whole = sql`GROUPING(${placeKey}) = 1`;
  const groups = db
    .select({
      whole: sql<boolean>`${whole}`.as('whole'),
      label: sql<string | null>`${pickupPlaceSql}`.as('label'),
      loadings: countWhere().as('loadings'),
      waitSum: sql`sum(${seconds}) FILTER (WHERE ${measured})`.as('wait_sum'),
      waitCount: countWhere(measured).as('wait_count'),
      medianWait: wait.median.as('median_wait'),
      longestWait: wait.longest.as('longest_wait'),
      onTime: countWhere(sql`${onTime} = 'ON_TIME'`).as('on_time'),
      late: countWhere(sql`${onTime} = 'LATE'`).as('late'),
      geofence: countWhere(sql`${arrival.recordedBy} = 'GEOFENCE'`).as('geofence'),
      rank: sql<number>`row_number() OVER (PARTITION BY ${whole}
        ORDER BY count(*) DESC, ${pickupPlaceSql}, ${placeKey})`.as('rank'),
    })
    .from(loaded)
    .innerJoin(trips, eq(trips.id, loaded.tripId))
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(arrival, arrivalOfTrip)
    .where(loadedInWindow(input))
    .groupBy(sql`GROUPING SETS ((${placeKey}, ${pickupPlaceSql}), ())`)
    .as('groups');
  // Literal numbers: the select's and the GROUP BY's expressions must be the same text.
  const slot = sql`least(${groups.rank}, ${sql.raw(String(CHART_PLACES + 1))})`;
  const sum = (column: SQLWrapper) => sql<number>`sum(${column})`.mapWith(Number);
  const rows = await db
    .select({
      whole: groups.whole,
      place: sql<string | null>`CASE WHEN ${groups.whole} THEN NULL
        WHEN ${slot} <= ${sql.raw(String(CHART_PLACES))} THEN min(${groups.label}) ELSE 'Others' END`,
      loadings: sum(groups.loadings),
      averageWait: sql<number | null>`round((sum(${groups.waitSum}) / nullif(sum(${groups.waitCount}), 0)
        / 3600)::numeric, 1)`.mapWith(nullableNumber),
      medianWait: sql<number | null>`min(${groups.medianWait})`.mapWith(nullableNumber),
      longestWait: sql<number | null>`min(${groups.longestWait})`.mapWith(nullableNumber),
      onTime: sum(groups.onTime),
      late: sum(groups.late),
      geofence: sum(groups.geofence),
    })
    .from(groups)
    .groupBy(groups.whole, slot)
    .orderBy(groups.whole, slot);
  const totals = rows.find((r) => r.whole);
  return {
    totals: totals ?? {
      loadings: 0,
      averageWait: null,
      medianWait: null,
      longestWait: null,
      onTime: 0,
      late: 0,
      geofence: 0,
    },
    places: rows.filter((r) => !r.whole),
  };
}

/** Rows of the table in the default sort (loaded at, trip number); the joins are read for them only. */
export async function loadoutRows(input: ReportInput, read: RowsRead) {
  const { db } = input;
  const paged = read.after === undefined;
  const picked = db
    .select({
      tripId: loaded.tripId,
      loadedAt: loaded.at,
      cursorAt: cursorSql(loaded.at).as('cursor_at'),
      tripNumber: trips.tripNumber,
      total: (paged ? sql<number>`count(*) OVER ()` : sql<number>`0`).mapWith(Number).as('total'),
    })
    .from(loaded)
    .innerJoin(trips, eq(trips.id, loaded.tripId))
    .where(and(loadedInWindow(input), afterCursor(loaded.at, read.after ?? null)))
    .orderBy(asc(loaded.at), asc(trips.tripNumber))
    .limit(read.limit)
    .offset(paged ? read.offset : 0)
    .as('picked');
  return db
    .select({
      tripNumber: picked.tripNumber,
      cursorAt: picked.cursorAt,
      total: picked.total,
      orderNumber: orders.orderNumber,
      clientName: orders.clientName,
      cargoType: trips.cargoType,
      cargo: cargoSql,
      containerSize: consignments.containerSize,
      liner: shippingLines.name,
      pickupPlace: pickupPlaceSql,
      terminalKind: pickupTerminal.kind,
      transporter: companies.name,
      truck: trucks.registrationNumber,
      driver: driverNameSql,
      pickupDate: trips.pickupDate,
      arrivedAt: arrival.at,
      arrivalRecordedBy: arrival.recordedBy,
      loadedAt: picked.loadedAt,
      wait: measuredHours(waitSeconds(picked.loadedAt)),
      onTime: onTimePickupSql(input.window.now),
    })
    .from(picked)
    .innerJoin(trips, eq(trips.id, picked.tripId))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, trips.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(shippingLines, eq(shippingLines.id, consignments.linerId))
    .leftJoin(trucks, truckOfTrip)
    .leftJoin(drivers, driverOfTrip)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(arrival, arrivalOfTrip)
    .orderBy(asc(picked.loadedAt), asc(picked.tripNumber));
}
