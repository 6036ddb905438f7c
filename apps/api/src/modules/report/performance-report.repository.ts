import { sql, type SQL } from 'drizzle-orm';
import { bids, orders, tripIssues, trips, tripStatusLogs } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { lagosDateSql, lagosPeriodSql } from './report-sql.repository';

async function rowsOf<T>(input: ReportInput, query: SQL): Promise<T[]> {
  return ((await input.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The key of the whole range's figures, beside the YYYY-MM months. */
const ALL = 'ALL';

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** The figures of one month of the performance report, or of the whole range (`month` null). */
export interface PerformanceFigures {
  month: string | null;
  bidsDecided: number;
  bidsWon: number;
  bidsClosedByCancellation: number;
  bidsWithdrawn: number;
  tripsAwarded: number;
  booked: number;
  tripsCompleted: number;
  revenue: number;
  pickupOnTime: number;
  pickupLate: number;
  deliveryOnTime: number;
  deliveryLate: number;
  averageTransitHours: number | null;
  population: number;
  withIssue: number;
  cancelled: number;
}

/**
 * Every figure of the performance report per Lagos month of the range and over the whole range, in one
 * statement: each figure is grouped by its own anchor (docs/reports.md 3.8) with GROUPING SETS, so the
 * whole-range row (month null) pools the same rows instead of averaging months. Months without any row
 * are absent (the caller fills them with zeros).
 */
export async function performanceFigures(input: ReportInput): Promise<PerformanceFigures[]> {
  const { scope, window } = input;
  const from = at(window.fromAt);
  const to = at(window.toAt);
  const today = lagosDateSql(window.now);
  // The whole range's row of each grouping is keyed ALL; a bid only withdrawn in the range has no month.
  const key = sql.raw(`CASE WHEN GROUPING(m) = 1 THEN '${ALL}' ELSE m END AS k`);
  const rows = await rowsOf<Record<string, unknown>>(
    input,
    sql`WITH
      bid AS (
        SELECT ${key}, count(*) FILTER (WHERE decided) AS decided, count(*) FILTER (WHERE won) AS won,
          count(*) FILTER (WHERE closed) AS closed, count(*) FILTER (WHERE withdrawn) AS withdrawn
        FROM (
          SELECT CASE WHEN b.decided_at >= ${from} AND b.decided_at < ${to}
              THEN ${lagosPeriodSql(sql`b.decided_at`, 'month')} END AS m,
            b.decided_at >= ${from} AND b.decided_at < ${to}
              AND (b.status = 'WON' OR (b.status = 'LOST' AND o.status <> 'CANCELLED')) AS decided,
            b.decided_at >= ${from} AND b.decided_at < ${to} AND b.status = 'WON' AS won,
            b.decided_at >= ${from} AND b.decided_at < ${to} AND b.status = 'LOST'
              AND o.status = 'CANCELLED' AS closed,
            b.status = 'WITHDRAWN' AND b.withdrawn_at >= ${from} AND b.withdrawn_at < ${to} AS withdrawn
          FROM ${bids} b JOIN ${orders} o ON o.id = b.order_id
          WHERE b.transporter_company_id = ${scope.companyId}
            AND ((b.decided_at >= ${from} AND b.decided_at < ${to})
              OR (b.withdrawn_at >= ${from} AND b.withdrawn_at < ${to}))
        ) x
        GROUP BY GROUPING SETS ((m), ())
      ),
      awarded AS (
        SELECT ${key}, count(*) AS awarded, coalesce(sum(amount_kobo) FILTER (WHERE cancelled_at IS NULL), 0) AS booked
        FROM (
          SELECT ${lagosPeriodSql(sql`t.created_at`, 'month')} AS m, t.amount_kobo, t.cancelled_at
          FROM ${trips} t
          WHERE t.transporter_company_id = ${scope.companyId} AND t.created_at >= ${from} AND t.created_at < ${to}
        ) x
        GROUP BY GROUPING SETS ((m), ())
      ),
      done AS (
        SELECT ${key}, count(*) AS completed, coalesce(sum(amount_kobo), 0) AS revenue
        FROM (
          SELECT ${lagosPeriodSql(sql`t.latest_status_at`, 'month')} AS m, t.amount_kobo
          FROM ${trips} t
          WHERE t.transporter_company_id = ${scope.companyId} AND t.completed
            AND t.latest_status_at >= ${from} AND t.latest_status_at < ${to}
        ) x
        GROUP BY GROUPING SETS ((m), ())
      ),
      cancelled AS (
        SELECT ${key}, count(*) AS cancelled
        FROM (
          SELECT ${lagosPeriodSql(sql`t.cancelled_at`, 'month')} AS m
          FROM ${trips} t
          WHERE t.transporter_company_id = ${scope.companyId}
            AND t.cancelled_at >= ${from} AND t.cancelled_at < ${to}
        ) x
        GROUP BY GROUPING SETS ((m), ())
      ),
      population AS (
        SELECT ${key},
          count(*) AS trips,
          count(*) FILTER (WHERE arrived_pickup_at IS NOT NULL AND ${lagosDateSql(sql`arrived_pickup_at`)} <= pickup_date)
            AS pickup_on_time,
          count(*) FILTER (WHERE (arrived_pickup_at IS NOT NULL AND ${lagosDateSql(sql`arrived_pickup_at`)} > pickup_date)
            OR (arrived_pickup_at IS NULL AND pickup_date < ${today})) AS pickup_late,
          count(*) FILTER (WHERE target IS NOT NULL AND delivered_at IS NOT NULL
            AND ${lagosDateSql(sql`delivered_at`)} <= target) AS delivery_on_time,
          count(*) FILTER (WHERE target IS NOT NULL AND ((delivered_at IS NOT NULL
            AND ${lagosDateSql(sql`delivered_at`)} > target) OR (delivered_at IS NULL AND target < ${today})))
            AS delivery_late,
          round((avg(extract(epoch from (delivered_at - loaded_at)))
            FILTER (WHERE delivered_at >= loaded_at) / 3600)::numeric, 1) AS transit_hours,
          count(*) FILTER (WHERE with_issue) AS with_issue
        FROM (
          SELECT to_char(t.pickup_date, 'YYYY-MM') AS m, t.pickup_date, t.expected_delivery_date AS target,
            s.arrived_pickup_at, s.loaded_at, s.delivered_at,
            EXISTS (SELECT 1 FROM ${tripIssues} i WHERE i.trip_id = t.id) AS with_issue
          FROM ${trips} t
          CROSS JOIN LATERAL (
            SELECT min(l.at) FILTER (WHERE l.status IN ('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION'))
                AS arrived_pickup_at,
              min(l.at) FILTER (WHERE l.status = 'LOADED') AS loaded_at,
              min(l.at) FILTER (WHERE l.status = 'DELIVERED') AS delivered_at
            FROM ${tripStatusLogs} l
            WHERE l.trip_id = t.id AND l.undone_at IS NULL
              AND l.status IN ('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION', 'LOADED', 'DELIVERED')
          ) s
          WHERE t.transporter_company_id = ${scope.companyId} AND t.cancelled_at IS NULL
            AND t.pickup_date >= ${window.from}::date AND t.pickup_date <= ${window.to}::date
        ) x
        GROUP BY GROUPING SETS ((m), ())
      ),
      keys AS (
        SELECT k FROM bid UNION SELECT k FROM awarded UNION SELECT k FROM done
        UNION SELECT k FROM cancelled UNION SELECT k FROM population
      )
      SELECT keys.k AS month,
        coalesce(bid.decided, 0)::int AS "bidsDecided", coalesce(bid.won, 0)::int AS "bidsWon",
        coalesce(bid.closed, 0)::int AS "bidsClosedByCancellation",
        coalesce(bid.withdrawn, 0)::int AS "bidsWithdrawn",
        coalesce(awarded.awarded, 0)::int AS "tripsAwarded", coalesce(awarded.booked, 0)::bigint AS booked,
        coalesce(done.completed, 0)::int AS "tripsCompleted", coalesce(done.revenue, 0)::bigint AS revenue,
        coalesce(population.pickup_on_time, 0)::int AS "pickupOnTime",
        coalesce(population.pickup_late, 0)::int AS "pickupLate",
        coalesce(population.delivery_on_time, 0)::int AS "deliveryOnTime",
        coalesce(population.delivery_late, 0)::int AS "deliveryLate",
        population.transit_hours AS "averageTransitHours",
        coalesce(population.trips, 0)::int AS population,
        coalesce(population.with_issue, 0)::int AS "withIssue",
        coalesce(cancelled.cancelled, 0)::int AS cancelled
      FROM keys
      LEFT JOIN bid USING (k)
      LEFT JOIN awarded USING (k)
      LEFT JOIN done USING (k)
      LEFT JOIN cancelled USING (k)
      LEFT JOIN population USING (k)
      WHERE keys.k IS NOT NULL`,
  );
  return rows.map((r) => ({
    month: r.month === ALL ? null : String(r.month),
    bidsDecided: Number(r.bidsDecided),
    bidsWon: Number(r.bidsWon),
    bidsClosedByCancellation: Number(r.bidsClosedByCancellation),
    bidsWithdrawn: Number(r.bidsWithdrawn),
    tripsAwarded: Number(r.tripsAwarded),
    booked: Number(r.booked),
    tripsCompleted: Number(r.tripsCompleted),
    revenue: Number(r.revenue),
    pickupOnTime: Number(r.pickupOnTime),
    pickupLate: Number(r.pickupLate),
    deliveryOnTime: Number(r.deliveryOnTime),
    deliveryLate: Number(r.deliveryLate),
    averageTransitHours:
      r.averageTransitHours === null || r.averageTransitHours === undefined
        ? null
        : Number(r.averageTransitHours),
    population: Number(r.population),
    withIssue: Number(r.withIssue),
    cancelled: Number(r.cancelled),
  }));
}
