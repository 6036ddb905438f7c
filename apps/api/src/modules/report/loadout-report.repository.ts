import { and, asc, eq, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { companies, consignments, drivers, orders, shippingLines, trips, trucks } from '../../db/schema';
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
import {
  durationFigures,
  KEEP_SUBQUERY,
  measuredMicros,
  nullableNumber,
  secondsBetween,
} from './operation-report.repository';
import type { ReportInput } from './report-definition';
import { countWhere, lagosDateSql, tripSteps } from './report-sql.repository';

/** The chart's places: the first ones by loadings, then one point for the rest. */
export const CHART_PLACES = 10;

/** The customer's trips loaded in the window: their live LOADED log is in it (cancelled included). */
function loadedInWindow({ scope, window }: ReportInput) {
  return and(
    eq(trips.customerCompanyId, scope.companyId),
    gte(tripSteps.loadedAt, window.fromAt),
    lt(tripSteps.loadedAt, window.toAt),
  );
}

/**
 * On-time pickup (docs/reports.md 1.8): by the Lagos day of the trip's live arrival at its pickup (the one
 * status of its timeline for it: AT_WAREHOUSE_LOCATION on an export), or late once the day has passed.
 */
function onTimePickupSql(now: Date): SQL<'ON_TIME' | 'LATE' | 'PENDING'> {
  const arrivedAt = tripSteps.arrivedPickupAt;
  return sql`CASE WHEN ${arrivedAt} IS NOT NULL THEN
      CASE WHEN ${lagosDateSql(arrivedAt)} <= ${trips.pickupDate} THEN 'ON_TIME' ELSE 'LATE' END
    WHEN ${trips.pickupDate} < ${lagosDateSql(now)} THEN 'LATE' ELSE 'PENDING' END`;
}

/** An address's place as the loadout names it: `city, state`. */
const addressPlaceSql = sql<
  string | null
>`(${trips.pickupAddress}->>'city') || ', ' || (${trips.pickupAddress}->>'state')`;

/** The pickup place as the loadout names it: the terminal's name, else the address's `city, state`. */
const pickupPlaceSql = sql<
  string | null
>`CASE WHEN ${pickupTerminal.id} IS NOT NULL THEN ${pickupTerminal.name}
  WHEN ${trips.pickupAddress} IS NOT NULL THEN ${addressPlaceSql} END`;

/**
 * The summary and the chart in one pass over the loadings, read off the customer and loaded-at covering
 * index. The innermost query measures each loading once; its GROUPING SETS give a row per pickup place (a
 * terminal, or an address's `city, state`) and one row for the whole range carrying the summary figures.
 * Only those few rows are then named (the terminal's name) and ranked by loadings (then name), and the
 * outer query keeps the first CHART_PLACES places and folds the rest into `Others`, whose average wait is
 * recomputed over their waits, not averaged from their averages.
 */
export async function loadoutOverview(input: ReportInput) {
  const { db } = input;
  const steps = tripSteps;
  const loadings = db
    .select({
      terminalId: sql<string | null>`${trips.pickupTerminalId}`.as('terminal_id'),
      address: sql<string | null>`CASE WHEN ${trips.pickupTerminalId} IS NULL THEN ${addressPlaceSql} END`.as(
        'address_place',
      ),
      waitMicros: measuredMicros(steps.arrivedPickupAt, steps.loadedAt).as('wait_micros'),
      onTime: onTimePickupSql(input.window.now).as('on_time'),
      geofence: sql<boolean>`${steps.arrivedPickupBy} = 'GEOFENCE'`.as('by_geofence'),
    })
    .from(trips)
    .where(loadedInWindow(input))
    .offset(KEEP_SUBQUERY)
    .as('loadings');
  const wait = durationFigures(loadings.waitMicros);
  const places = db
    .select({
      whole: sql<boolean>`GROUPING(${loadings.terminalId}, ${loadings.address}) <> 0`.as('whole'),
      terminalId: loadings.terminalId,
      address: loadings.address,
      loadings: countWhere().as('loadings'),
      waitSum: sql`sum(${loadings.waitMicros})`.as('wait_sum'),
      waitCount: wait.measured.as('wait_count'),
      medianWait: wait.median.as('median_wait'),
      longestWait: wait.longest.as('longest_wait'),
      onTime: countWhere(sql`${loadings.onTime} = 'ON_TIME'`).as('on_time_count'),
      late: countWhere(sql`${loadings.onTime} = 'LATE'`).as('late_count'),
      geofence: countWhere(sql`${loadings.geofence}`).as('geofence_count'),
    })
    .from(loadings)
    .groupBy(sql`GROUPING SETS ((${loadings.terminalId}, ${loadings.address}), ())`)
    .as('places');
  const label = sql<string | null>`CASE WHEN ${places.terminalId} IS NOT NULL THEN ${pickupTerminal.name}
    ELSE ${places.address} END`;
  const placeKey = sql`coalesce(${places.terminalId}::text, 'address:' || ${places.address})`;
  const groups = db
    .select({
      whole: places.whole,
      label: label.as('label'),
      loadings: places.loadings,
      waitSum: places.waitSum,
      waitCount: places.waitCount,
      medianWait: places.medianWait,
      longestWait: places.longestWait,
      onTime: places.onTime,
      late: places.late,
      geofence: places.geofence,
      rank: sql<number>`row_number() OVER (PARTITION BY ${places.whole}
        ORDER BY ${places.loadings} DESC, ${label}, ${placeKey})`.as('rank'),
    })
    .from(places)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, places.terminalId))
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
      averageWait: sql<number | null>`round(sum(${groups.waitSum}) / nullif(sum(${groups.waitCount}), 0)
        / 3600000000, 1)`.mapWith(nullableNumber),
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

/**
 * Rows of the table in the default sort (loaded at, trip number). The rows are picked first off the
 * customer and loaded-at index alone, in its order, so the joins are read for the picked rows only. A page's
 * total is the overview's count of loadings, not counted again here.
 */
export async function loadoutRows(input: ReportInput, read: RowsRead) {
  const { db } = input;
  const steps = tripSteps;
  const paged = read.after === undefined;
  const picked = db
    .select({
      tripNumber: sql<string>`${trips.tripNumber}`.as('picked_trip_number'),
      cursorAt: cursorSql(steps.loadedAt).as('cursor_at'),
    })
    .from(trips)
    .where(and(loadedInWindow(input), afterCursor(steps.loadedAt, read.after ?? null)))
    .orderBy(asc(steps.loadedAt), asc(trips.tripNumber))
    .limit(read.limit)
    .offset(paged ? read.offset : 0)
    .as('picked');
  return db
    .select({
      tripNumber: trips.tripNumber,
      cursorAt: picked.cursorAt,
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
      arrivedAt: steps.arrivedPickupAt,
      arrivalRecordedBy: steps.arrivedPickupBy,
      loadedAt: sql<Date>`${steps.loadedAt}`.mapWith(steps.loadedAt),
      wait: measuredHours(secondsBetween(steps.arrivedPickupAt, steps.loadedAt)),
      onTime: onTimePickupSql(input.window.now),
    })
    .from(picked)
    .innerJoin(trips, eq(trips.tripNumber, picked.tripNumber))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, trips.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(shippingLines, eq(shippingLines.id, consignments.linerId))
    .leftJoin(trucks, truckOfTrip)
    .leftJoin(drivers, driverOfTrip)
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .orderBy(asc(steps.loadedAt), asc(trips.tripNumber));
}
