import { sql, type SQL } from 'drizzle-orm';
import type { ReportInput } from './report-definition';
import {
  expiryStateSql,
  lagosDate,
  numberOrNull,
  percentSql,
  rowsOf,
  windowSql,
} from './fleet-report.repository';

/**
 * The trips of the population P(range) of the transporter (docs/reports.md 1.8: `pickup_date` in range,
 * not cancelled) that also meet `where`, each with its on-time pickup and delivery states, transit seconds
 * and issues. Step times come from one lateral aggregate over the trip's live logs.
 */
function population({ scope, window }: ReportInput, where: SQL = sql`true`) {
  const w = windowSql(window);
  return sql`
    SELECT t.id, t.driver_id, t.completed,
      CASE WHEN s.arrived_pickup_at IS NOT NULL THEN
          CASE WHEN ${lagosDate(sql`s.arrived_pickup_at`)} <= t.pickup_date THEN 'ON_TIME' ELSE 'LATE' END
        WHEN t.pickup_date < ${w.today} THEN 'LATE' ELSE 'PENDING' END AS pickup_state,
      CASE WHEN t.expected_delivery_date IS NULL THEN 'NO_TARGET'
        WHEN s.delivered_at IS NOT NULL THEN
          CASE WHEN ${lagosDate(sql`s.delivered_at`)} <= t.expected_delivery_date THEN 'ON_TIME' ELSE 'LATE' END
        WHEN t.expected_delivery_date < ${w.today} THEN 'LATE' ELSE 'PENDING' END AS delivery_state,
      CASE WHEN s.delivered_at >= s.loaded_at THEN extract(epoch FROM s.delivered_at - s.loaded_at) END
        AS transit_seconds,
      (SELECT count(*) FROM trip_issues i WHERE i.trip_id = t.id)::int AS issues
    FROM trips t
    CROSS JOIN LATERAL (
      SELECT min(l.at) FILTER (WHERE l.status IN ('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION'))
          AS arrived_pickup_at,
        min(l.at) FILTER (WHERE l.status = 'LOADED') AS loaded_at,
        min(l.at) FILTER (WHERE l.status = 'DELIVERED') AS delivered_at
      FROM trip_status_logs l WHERE l.trip_id = t.id AND l.undone_at IS NULL
    ) s
    WHERE t.transporter_company_id = ${scope.companyId} AND t.pickup_date >= ${w.from}
      AND t.pickup_date <= ${w.to} AND t.cancelled_at IS NULL AND ${where}`;
}

/** The quality figures of a group of trips of the population. */
const figures = sql`
  count(*)::int AS trips,
  count(*) FILTER (WHERE completed)::int AS completed,
  count(*) FILTER (WHERE delivery_state = 'ON_TIME')::int AS "onTime",
  count(*) FILTER (WHERE delivery_state = 'LATE')::int AS late,
  count(*) FILTER (WHERE delivery_state IN ('PENDING', 'NO_TARGET'))::int AS "notMeasured",
  ${percentSql(sql`count(*) FILTER (WHERE pickup_state = 'ON_TIME')`, sql`count(*) FILTER (WHERE pickup_state <> 'PENDING')`)}
    AS "onTimePickup",
  ${percentSql(sql`count(*) FILTER (WHERE delivery_state = 'ON_TIME')`, sql`count(*) FILTER (WHERE delivery_state IN ('ON_TIME', 'LATE'))`)}
    AS "onTimeDelivery",
  round((avg(transit_seconds) / 3600)::numeric, 1) AS "averageTransit",
  coalesce(sum(issues), 0)::int AS issues,
  ${percentSql(sql`count(*) FILTER (WHERE issues > 0)`, sql`count(*)`)} AS "issueRate"`;

/** A chart point (a type, not an interface, so it is a report row's record). */
type ChartPoint = { driver: string; onTime: number; late: number; notMeasured: number };

/**
 * The summary and the chart in one statement, so the population is read once: the figures over all of P,
 * the active drivers whose licence has expired, and the deliveries per driver for the first 10 by trips
 * (then name) with `Others` summing the rest.
 */
export async function driverOverview(input: ReportInput) {
  const { scope } = input;
  const w = windowSql(input.window);
  const [row] = await rowsOf<{
    totals: Record<string, unknown>;
    chart: ChartPoint[];
    licencesExpired: number;
  }>(
    input.db,
    sql`WITH p AS (${population(input)}),
      per_driver AS (
        SELECT d.first_name || ' ' || d.last_name AS name, ${figures},
          row_number() OVER (ORDER BY count(*) DESC, d.first_name || ' ' || d.last_name, d.id) AS rank
        FROM p JOIN drivers d ON d.id = p.driver_id AND d.company_id = ${scope.companyId}
        GROUP BY d.id
      ),
      chart AS (
        SELECT least(rank, 11) AS place, CASE WHEN min(rank) <= 10 THEN min(name) ELSE 'Others' END AS driver,
          sum("onTime")::int AS "onTime", sum(late)::int AS late, sum("notMeasured")::int AS "notMeasured"
        FROM per_driver GROUP BY least(rank, 11)
      )
      SELECT
        (SELECT row_to_json(x) FROM (
          SELECT count(DISTINCT driver_id)::int AS drivers,
            count(*) FILTER (WHERE driver_id IS NULL)::int AS "withoutDriver", ${figures}
          FROM p) x) AS totals,
        (SELECT coalesce(json_agg(json_build_object('driver', driver, 'onTime', "onTime", 'late', late,
          'notMeasured', "notMeasured") ORDER BY place), '[]') FROM chart) AS chart,
        (SELECT count(*) FROM drivers d WHERE d.company_id = ${scope.companyId} AND d.active
          AND d.licence_expires_on < ${w.today})::int AS "licencesExpired"`,
  );
  const { totals, chart, licencesExpired } = row!;
  return {
    totals: {
      drivers: Number(totals.drivers),
      trips: Number(totals.trips),
      withoutDriver: Number(totals.withoutDriver),
      onTimePickup: numberOrNull(totals.onTimePickup),
      onTimeDelivery: numberOrNull(totals.onTimeDelivery),
      issueRate: numberOrNull(totals.issueRate),
      licencesExpired: Number(licencesExpired),
    },
    chart,
  };
}

/**
 * A page of drivers: every active one and every inactive one with a trip in P, by trips then name. The
 * trips are counted per driver (an index on (driver, pickup date) reads only the range); the on-time
 * figures are read for the page's drivers only.
 */
export async function driverRows(input: ReportInput, limit: number, offset: number) {
  const { scope } = input;
  const w = windowSql(input.window);
  const rows = await rowsOf<Record<string, unknown>>(
    input.db,
    sql`WITH page AS (
        SELECT d.id, d.first_name || ' ' || d.last_name AS name, d.phone_number, d.active,
          to_char(d.licence_expires_on, 'YYYY-MM-DD') AS licence_expires_on,
          ${expiryStateSql(sql`d.licence_expires_on`, w.today)} AS licence_state,
          c.trips, count(*) OVER ()::int AS total
        FROM drivers d
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS trips FROM trips t
          WHERE t.driver_id = d.id AND t.transporter_company_id = ${scope.companyId}
            AND t.pickup_date >= ${w.from} AND t.pickup_date <= ${w.to} AND t.cancelled_at IS NULL
        ) c
        WHERE d.company_id = ${scope.companyId} AND (d.active OR c.trips > 0)
        ORDER BY c.trips DESC, d.first_name || ' ' || d.last_name, d.id
        LIMIT ${limit} OFFSET ${offset}
      )
      SELECT page.*, f.completed, f."onTimePickup", f."onTimeDelivery", f."averageTransit", f.issues,
        f."issueRate"
      FROM page
      CROSS JOIN LATERAL (
        SELECT ${figures} FROM (${population(input, sql`t.driver_id = page.id`)}) p
      ) f
      ORDER BY page.trips DESC, page.name, page.id`,
  );
  return rows.map((r) => ({
    name: r.name as string,
    phoneNumber: r.phone_number as string,
    licenceExpiresOn: r.licence_expires_on as string,
    licenceState: r.licence_state as string,
    active: Boolean(r.active),
    trips: Number(r.trips),
    completed: Number(r.completed),
    onTimePickup: numberOrNull(r.onTimePickup),
    onTimeDelivery: numberOrNull(r.onTimeDelivery),
    averageTransit: numberOrNull(r.averageTransit),
    issues: Number(r.issues),
    issueRate: numberOrNull(r.issueRate),
    total: Number(r.total),
  }));
}
