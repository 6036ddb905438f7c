import { sql, type SQL } from 'drizzle-orm';
import { tripRoutes, trips, truckPositions, trucks } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { lagosDateSql } from './report-sql.repository';
import { profitSql } from './trip-profit-report.repository';

async function rowsOf<T>(input: ReportInput, query: SQL): Promise<T[]> {
  return ((await input.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** The earth's mean radius of `geo.ts`, so a route measures the same km here as on the trip page. */
const EARTH_RADIUS_KM = 6371.0088;

/**
 * The CTE `done`: the company's trips completed in the range (their completion time is
 * `latest_status_at`) counted per truck, the trips without a truck under a null one. One range of the
 * index of the company's completed trips, whatever the number of trucks.
 */
function doneCte({ scope, window }: ReportInput): SQL {
  return sql`done AS (
    SELECT d.truck_id, count(*) AS trips, coalesce(sum(d.amount_kobo), 0) AS revenue,
      coalesce(sum(d.approved_expenses_kobo), 0) AS expenses, coalesce(sum(${profitSql('d')}), 0) AS profit,
      max(d.latest_status_at) AS last_completed
    FROM ${trips} d
    WHERE d.transporter_company_id = ${scope.companyId} AND d.completed
      AND d.latest_status_at >= ${at(window.fromAt)} AND d.latest_status_at < ${at(window.toAt)}
    GROUP BY d.truck_id
  )`;
}

/**
 * Route km, the revenue of the trips with a route, and issues, over truck `tr`'s trips completed in range
 * (read only for a truck with some: `tr.trips`).
 */
function routesOfTruck(input: ReportInput): SQL {
  const { scope, window } = input;
  return sql`(
    SELECT sum(x.km) AS km, sum(x.amount_kobo) FILTER (WHERE x.km IS NOT NULL) AS revenue_with_km,
      coalesce(sum(x.issue_count), 0) AS issues
    FROM (
      SELECT d.amount_kobo, ${routeOf(input)} AS km, d.issue_count
      FROM ${trips} d
      WHERE tr.trips > 0 AND d.truck_id = tr.id AND d.transporter_company_id = ${scope.companyId} AND d.completed
        AND d.latest_status_at >= ${at(window.fromAt)} AND d.latest_status_at < ${at(window.toAt)}
    ) x
  )`;
}

/**
 * The route length of a completed trip `d`, as the trip page draws it: its truck's positions from set-off
 * (or from when the truck was put on it, if later; greatest() passes over the null of trips assigned before
 * that was kept) to completion, consecutive points joined by great circles. Null with fewer than two. A
 * trip whose route was kept has the length measured then (decision 041): its raw positions may be gone.
 */
function routeOf({ scope }: ReportInput): SQL {
  const r = EARTH_RADIUS_KM;
  // h is the haversine of the leg from the previous position (null on the first one); least() would
  // skip a null, so the clamp against rounding past 1 is a CASE.
  return sql`coalesce((SELECT kr.distance_km FROM ${tripRoutes} kr WHERE kr.trip_id = d.id), (
    SELECT sum(2 * ${sql.raw(String(r))} * asin(CASE WHEN legs.h > 1 THEN 1 ELSE sqrt(legs.h) END)) AS km
    FROM (
      SELECT power(sin(radians(p.latitude - lag(p.latitude) OVER w) / 2), 2)
        + cos(radians(lag(p.latitude) OVER w)) * cos(radians(p.latitude))
          * power(sin(radians(p.longitude - lag(p.longitude) OVER w) / 2), 2) AS h
      FROM ${truckPositions} p
      WHERE p.truck_id = d.truck_id AND p.company_id = ${scope.companyId}
        AND p.recorded_at >= greatest(d.started_at, d.truck_assigned_at)
        AND p.recorded_at <= d.latest_status_at
      WINDOW w AS (ORDER BY p.recorded_at)
    ) legs
  ))`;
}

/**
 * The Lagos days a truck `tr` could work in the range: from its registration (or `from`) to `to` or today,
 * whichever comes first (docs/reports.md 1.8).
 */
function availableSpan({ window }: ReportInput) {
  return {
    first: sql`greatest(${window.from}::date, ${lagosDateSql(sql`tr.created_at`)})`,
    last: sql`least(${window.to}::date, ${lagosDateSql(window.now)})`,
  };
}

/**
 * The days on trip of a truck `tr`: the distinct Lagos days of its available span that one of its trips'
 * active intervals [set-off, end) overlaps, `end` being completion, else cancellation, else now. Only
 * trips that can overlap the range are read (awarded before its end, not finished before its start).
 */
function daysOnTripOf(input: ReportInput): SQL {
  const { scope, window } = input;
  const { first, last } = availableSpan(input);
  return sql`(
    SELECT count(DISTINCT g.n)::int
    FROM ${trips} t
    CROSS JOIN LATERAL (SELECT t.started_at,
      coalesce(CASE WHEN t.completed THEN t.latest_status_at END, t.cancelled_at, ${at(window.now)}) AS ended_at) i
    CROSS JOIN LATERAL generate_series(
      greatest(${lagosDateSql(sql`i.started_at`)}, ${first}) - ${first},
      least(${lagosDateSql(sql`(i.ended_at - interval '1 microsecond')`)}, ${last}) - ${first}) AS g(n)
    WHERE t.truck_id = tr.id AND t.transporter_company_id = ${scope.companyId}
      AND t.created_at < ${at(window.toAt)}
      AND (t.completed = false OR t.latest_status_at >= ${at(window.fromAt)})
      AND (t.cancelled_at IS NULL OR t.cancelled_at >= ${at(window.fromAt)})
      AND i.ended_at > i.started_at
  )`;
}

/** Available days of an active truck `tr` (null for an inactive one: no deactivation date is kept). */
function availableDaysOf(input: ReportInput): SQL {
  const { first, last } = availableSpan(input);
  return sql`CASE WHEN tr.active THEN greatest(0, ${last} - ${first} + 1) END`;
}

/**
 * The summary: the trucks' figures summed over the company's trucks, so they are the sums of the table's
 * rows (every truck with a trip completed in the range is a row): its trips and revenue, its distance as
 * the rows show it (each truck's km to one decimal, then added up), its day figures; the completed trips
 * without a truck are no row's and are counted apart.
 */
export async function truckTotals(input: ReportInput) {
  const { scope } = input;
  const [row] = await rowsOf<Record<string, unknown>>(
    input,
    sql`WITH ${doneCte(input)},
      fleet AS (
        SELECT tr.active, tr.trips, tr.revenue, tr.expenses, tr.profit, route.km, route.revenue_with_km,
          CASE WHEN tr.active THEN ${daysOnTripOf(input)} END AS days_on_trip,
          ${availableDaysOf(input)} AS available_days
        FROM (
          SELECT tr.*, coalesce(done.trips, 0) AS trips, coalesce(done.revenue, 0) AS revenue,
            coalesce(done.expenses, 0) AS expenses, coalesce(done.profit, 0) AS profit
          FROM ${trucks} tr LEFT JOIN done ON done.truck_id = tr.id
          WHERE tr.company_id = ${scope.companyId}
        ) tr
        CROSS JOIN LATERAL ${routesOfTruck(input)} route
      )
      SELECT
        count(*) FILTER (WHERE f.trips > 0)::int AS "trucksUsed",
        coalesce(sum(f.trips), 0)::int AS trips,
        coalesce(sum(f.revenue), 0)::bigint AS revenue,
        coalesce(sum(f.expenses), 0)::bigint AS expenses,
        coalesce(sum(f.profit), 0)::bigint AS profit,
        sum(round(f.km::numeric, 1)) AS distance,
        CASE WHEN sum(f.km) > 0 THEN round(sum(f.revenue_with_km) / sum(f.km)::numeric) END::bigint AS "revenuePerKm",
        (SELECT coalesce(sum(trips), 0) FROM done WHERE truck_id IS NULL)::int AS "withoutTruck",
        coalesce(sum(f.available_days - f.days_on_trip), 0)::int AS "idleDays",
        coalesce(sum(f.days_on_trip), 0)::int AS "daysOnTrip",
        coalesce(sum(f.available_days), 0)::int AS "availableDays"
      FROM fleet f`,
  );
  return {
    trucksUsed: Number(row!.trucksUsed),
    trips: Number(row!.trips),
    revenue: Number(row!.revenue),
    expenses: Number(row!.expenses),
    profit: Number(row!.profit),
    distance: num(row!.distance),
    revenuePerKm: num(row!.revenuePerKm),
    withoutTruck: Number(row!.withoutTruck),
    idleDays: Number(row!.idleDays),
    daysOnTrip: Number(row!.daysOnTrip),
    availableDays: Number(row!.availableDays),
  };
}

/** Revenue per truck with a trip completed in the range: the first ten, then the rest as one point. */
export async function truckRevenueChart(input: ReportInput) {
  const { scope } = input;
  const rows = await rowsOf<{ truck: string; revenue: unknown }>(
    input,
    sql`WITH ${doneCte(input)},
      per AS (
        SELECT tr.registration_number AS plate, done.revenue,
          row_number() OVER (ORDER BY done.revenue DESC, tr.registration_number) AS rn
        FROM ${trucks} tr
        JOIN done ON done.truck_id = tr.id
        WHERE tr.company_id = ${scope.companyId} AND done.trips > 0
      )
      SELECT CASE WHEN rn <= 10 THEN plate ELSE 'Others' END AS truck, sum(revenue)::bigint AS revenue
      FROM per GROUP BY 1 ORDER BY min(rn)`,
  );
  return rows.map((r) => ({ truck: r.truck, revenue: Number(r.revenue) }));
}

export interface TruckRow {
  total: number;
  plate: string;
  type: string;
  active: boolean;
  trips: number;
  revenue: number;
  expenses: number;
  profit: number;
  distance: number | null;
  revenuePerKm: number | null;
  daysOnTrip: number;
  availableDays: number | null;
  issues: number;
  lastCompleted: string | null;
}

/**
 * A page of the rows (every active truck, and every inactive one with a trip completed in the range) by
 * revenue, then plate, with the count of all of them. Routes and days are worked out for the page's trucks
 * only.
 */
export async function truckRows(input: ReportInput, limit: number, offset: number): Promise<TruckRow[]> {
  const { scope } = input;
  const rows = await rowsOf<Record<string, unknown>>(
    input,
    sql`WITH ${doneCte(input)},
      per_truck AS (
        SELECT tr.id, tr.registration_number, tr.type, tr.active, tr.created_at,
          coalesce(done.trips, 0) AS trips, coalesce(done.revenue, 0) AS revenue,
          coalesce(done.expenses, 0) AS expenses, coalesce(done.profit, 0) AS profit, done.last_completed
        FROM ${trucks} tr
        LEFT JOIN done ON done.truck_id = tr.id
        WHERE tr.company_id = ${scope.companyId} AND (tr.active OR done.trips > 0)
      ),
      page AS (
        SELECT per_truck.*, count(*) OVER () AS total FROM per_truck
        ORDER BY revenue DESC, registration_number
        LIMIT ${limit} OFFSET ${offset}
      )
      SELECT tr.total::int AS total, tr.registration_number AS plate, tr.type, tr.active,
        tr.trips::int AS trips, tr.revenue::bigint AS revenue, tr.expenses::bigint AS expenses,
        tr.profit::bigint AS profit,
        round(route.km::numeric, 1) AS distance,
        CASE WHEN route.km > 0 THEN round(route.revenue_with_km / route.km::numeric) END::bigint AS "revenuePerKm",
        ${daysOnTripOf(input)} AS "daysOnTrip", ${availableDaysOf(input)} AS "availableDays",
        route.issues::int AS issues,
        to_char(tr.last_completed AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastCompleted"
      FROM page tr
      CROSS JOIN LATERAL ${routesOfTruck(input)} route
      ORDER BY tr.revenue DESC, tr.registration_number`,
  );
  return rows.map((r) => ({
    total: Number(r.total),
    plate: String(r.plate),
    type: String(r.type),
    active: r.active === true,
    trips: Number(r.trips),
    revenue: Number(r.revenue),
    expenses: Number(r.expenses),
    profit: Number(r.profit),
    distance: num(r.distance),
    revenuePerKm: num(r.revenuePerKm),
    daysOnTrip: Number(r.daysOnTrip),
    availableDays: num(r.availableDays),
    issues: Number(r.issues),
    lastCompleted: (r.lastCompleted as string | null) ?? null,
  }));
}
