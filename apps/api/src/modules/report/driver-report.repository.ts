import { sql, type SQL } from 'drizzle-orm';
import type { ReportInput } from './report-definition';
import { expiryStateSql, numberOrNull, percentSql, rowsOf, windowSql } from './fleet-report.repository';
import { lagosDateSql } from './report-sql.repository';

/**
 * The trips of the population P(range) of the transporter (docs/reports.md 1.8: `pickup_date` in range,
 * not cancelled) that also meet `where`, each with its on-time pickup and delivery states, transit seconds
 * and issues, read off the trip's row (its step times and issue count, migration 0016).
 */
function population({ scope, window }: ReportInput, where: SQL = sql`true`) {
  const w = windowSql(window);
  return sql`
    SELECT t.driver_id, t.completed,
      CASE WHEN t.arrived_pickup_at IS NOT NULL THEN
          CASE WHEN ${lagosDateSql(sql`t.arrived_pickup_at`)} <= t.pickup_date THEN 'ON_TIME' ELSE 'LATE' END
        WHEN t.pickup_date < ${w.today} THEN 'LATE' ELSE 'PENDING' END AS pickup_state,
      CASE WHEN t.expected_delivery_date IS NULL THEN 'NO_TARGET'
        WHEN t.delivered_at IS NOT NULL THEN
          CASE WHEN ${lagosDateSql(sql`t.delivered_at`)} <= t.expected_delivery_date THEN 'ON_TIME' ELSE 'LATE' END
        WHEN t.expected_delivery_date < ${w.today} THEN 'LATE' ELSE 'PENDING' END AS delivery_state,
      CASE WHEN t.delivered_at >= t.loaded_at THEN extract(epoch FROM t.delivered_at - t.loaded_at) END
        AS transit_seconds,
      t.issue_count AS issues
    FROM trips t
    WHERE t.transporter_company_id = ${scope.companyId} AND t.pickup_date >= ${w.from}
      AND t.pickup_date <= ${w.to} AND t.cancelled_at IS NULL AND ${where}`;
}

/**
 * The counts and sums of a group of trips of the population that add up across groups: a driver's figures
 * are read from his group, the company's from the sum of every group, so the population is read once.
 */
const parts = sql`
  count(*) AS trips,
  count(*) FILTER (WHERE completed) AS completed,
  count(*) FILTER (WHERE delivery_state = 'ON_TIME') AS on_time,
  count(*) FILTER (WHERE delivery_state = 'LATE') AS late,
  count(*) FILTER (WHERE delivery_state IN ('PENDING', 'NO_TARGET')) AS not_measured,
  count(*) FILTER (WHERE pickup_state = 'ON_TIME') AS pickup_on_time,
  count(*) FILTER (WHERE pickup_state <> 'PENDING') AS pickup_measured,
  sum(transit_seconds) AS transit_seconds,
  count(transit_seconds) AS transits,
  coalesce(sum(issues), 0) AS issues,
  count(*) FILTER (WHERE issues > 0) AS with_issue`;

/** The quality figures of some groups of `parts` together (the average transit pools their trips). */
const figures = sql`
  coalesce(sum(trips), 0)::int AS trips,
  coalesce(sum(completed), 0)::int AS completed,
  coalesce(sum(on_time), 0)::int AS "onTime",
  coalesce(sum(late), 0)::int AS late,
  coalesce(sum(not_measured), 0)::int AS "notMeasured",
  ${percentSql(sql`sum(pickup_on_time)`, sql`sum(pickup_measured)`)} AS "onTimePickup",
  ${percentSql(sql`sum(on_time)`, sql`sum(on_time) + sum(late)`)} AS "onTimeDelivery",
  round((sum(transit_seconds) / nullif(sum(transits), 0) / 3600)::numeric, 1) AS "averageTransit",
  coalesce(sum(issues), 0)::int AS issues,
  ${percentSql(sql`sum(with_issue)`, sql`sum(trips)`)} AS "issueRate"`;

/** A chart point (a type, not an interface, so it is a report row's record). */
type ChartPoint = { driver: string; onTime: number; late: number; notMeasured: number };

/**
 * The summary and the chart in one statement, the population read once and counted per driver: the
 * figures over the drivers' trips of P (the sum of the rows' counts: a trip without a driver is no row's,
 * so it is counted apart, as the trips without a driver), the active drivers whose licence has expired,
 * and the deliveries per driver for the first 10 by trips (then name) with `Others` summing the rest.
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
    sql`WITH per AS (SELECT p.driver_id, ${parts} FROM (${population(input)}) p GROUP BY p.driver_id),
      per_driver AS (
        SELECT d.first_name || ' ' || d.last_name AS name, ${figures},
          row_number() OVER (ORDER BY sum(per.trips) DESC, d.first_name || ' ' || d.last_name, d.id) AS rank
        FROM per JOIN drivers d ON d.id = per.driver_id AND d.company_id = ${scope.companyId}
        GROUP BY d.id
      ),
      chart AS (
        SELECT least(rank, 11) AS place, CASE WHEN min(rank) <= 10 THEN min(name) ELSE 'Others' END AS driver,
          sum("onTime")::int AS "onTime", sum(late)::int AS late, sum("notMeasured")::int AS "notMeasured"
        FROM per_driver GROUP BY least(rank, 11)
      )
      SELECT
        (SELECT row_to_json(x) FROM (
          SELECT count(*)::int AS drivers,
            (SELECT coalesce(sum(trips), 0) FROM per WHERE driver_id IS NULL)::int AS "withoutDriver",
            ${figures}
          FROM (
            SELECT per.* FROM per JOIN drivers d ON d.id = per.driver_id AND d.company_id = ${scope.companyId}
          ) of_drivers) x) AS totals,
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
 * trips are counted per driver in one range of the company's trips by pickup date (its report index
 * carries the driver); the on-time figures are read for the page's drivers only.
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
        SELECT ${figures} FROM (SELECT ${parts} FROM (${population(input, sql`t.driver_id = page.id`)}) p) x
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
