import { sql, type SQL } from 'drizzle-orm';
import { LAGOS_OFFSET_MS } from '@freightlane/domain';
import { bids, orders, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { lagosDateSql } from './report-sql.repository';
import { periodsOf } from './report-window';

async function rowsOf<T>(input: ReportInput, query: SQL): Promise<T[]> {
  return ((await input.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The key of the whole range's figures, beside the months' buckets (0 for the range's first month). */
const ALL = -1;

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
 * The bucket of each month of the range for `width_bucket`: the first instant (or date) of every month
 * after the first, so bucket i is the i-th month of `months`. Comparing against a few bounds is cheaper
 * than formatting a label on each of hundreds of thousands of rows.
 */
function monthBounds(months: readonly string[]) {
  const later = months.slice(1);
  const firstInstants = later.map((m) => new Date(Date.parse(`${m}-01T00:00:00Z`) - LAGOS_OFFSET_MS));
  return {
    instants: sql`${`{${firstInstants.map((d) => d.toISOString()).join(',')}}`}::timestamptz[]`,
    dates: sql`${`{${later.map((m) => `${m}-01`).join(',')}}`}::date[]`,
  };
}

/**
 * Every figure of the performance report per Lagos month of the range and over the whole range, in one
 * statement: each figure is grouped by its own anchor (docs/reports.md 3.8), each trip anchor being one
 * range of a narrow index of the company's trips that holds the columns its figures read; P(month) reads
 * the step times and issue count kept on the trip (migration 0016). The big groupings keep only
 * sums and counts per month (so PostgreSQL may split them between workers), and the whole range's row
 * (month null) adds those up: it pools the same rows instead of averaging months. Months without any
 * row are absent (the caller fills them with zeros).
 */
export async function performanceFigures(input: ReportInput): Promise<PerformanceFigures[]> {
  const { scope, window } = input;
  const from = at(window.fromAt);
  const to = at(window.toAt);
  const today = lagosDateSql(window.now);
  const months = periodsOf({ ...window, period: 'month' });
  const bounds = monthBounds(months);
  const monthOf = (instant: SQL) => sql`width_bucket(${instant}, ${bounds.instants})`;
  const orderStatus = sql`(SELECT o.status FROM ${orders} o WHERE o.id = b.order_id)`;
  const rows = await rowsOf<Record<string, unknown>>(
    input,
    sql`WITH
      bid AS (
        SELECT m, count(*) FILTER (WHERE decided) AS decided, count(*) FILTER (WHERE won) AS won,
          count(*) FILTER (WHERE closed) AS closed, count(*) FILTER (WHERE withdrawn) AS withdrawn
        FROM (
          SELECT CASE WHEN b.in_range THEN ${monthOf(sql`b.decided_at`)} END AS m,
            b.in_range AND (b.status = 'WON' OR (b.status = 'LOST' AND ${orderStatus} <> 'CANCELLED')) AS decided,
            b.in_range AND b.status = 'WON' AS won,
            b.in_range AND b.status = 'LOST' AND ${orderStatus} = 'CANCELLED' AS closed,
            b.status = 'WITHDRAWN' AND b.withdrawn_at >= ${from} AND b.withdrawn_at < ${to} AS withdrawn
          FROM (
            SELECT b.order_id, b.status, b.decided_at, b.withdrawn_at,
              b.decided_at >= ${from} AND b.decided_at < ${to} AS in_range
            FROM ${bids} b
            WHERE b.transporter_company_id = ${scope.companyId}
              AND ((b.decided_at >= ${from} AND b.decided_at < ${to})
                OR (b.withdrawn_at >= ${from} AND b.withdrawn_at < ${to}))
          ) b
        ) x
        GROUP BY m
      ),
      awarded AS (
        SELECT ${monthOf(sql`t.created_at`)} AS m, count(*) AS awarded,
          sum(t.amount_kobo) FILTER (WHERE t.cancelled_at IS NULL) AS booked
        FROM ${trips} t
        WHERE t.transporter_company_id = ${scope.companyId} AND t.created_at >= ${from} AND t.created_at < ${to}
        GROUP BY 1
      ),
      done AS (
        SELECT ${monthOf(sql`t.latest_status_at`)} AS m, count(*) AS completed, sum(t.amount_kobo) AS revenue
        FROM ${trips} t
        WHERE t.transporter_company_id = ${scope.companyId} AND t.completed
          AND t.latest_status_at >= ${from} AND t.latest_status_at < ${to}
        GROUP BY 1
      ),
      cancelled AS (
        SELECT ${monthOf(sql`t.cancelled_at`)} AS m, count(*) AS cancelled
        FROM ${trips} t
        WHERE t.transporter_company_id = ${scope.companyId}
          AND t.cancelled_at >= ${from} AND t.cancelled_at < ${to}
        GROUP BY 1
      ),
      population AS (
        SELECT m, count(*) AS trips,
          count(*) FILTER (WHERE pickup_on_time) AS pickup_on_time,
          count(*) FILTER (WHERE NOT pickup_on_time) AS pickup_late,
          count(*) FILTER (WHERE delivery_on_time) AS delivery_on_time,
          count(*) FILTER (WHERE NOT delivery_on_time) AS delivery_late,
          sum(transit_seconds) AS transit_seconds, count(transit_seconds) AS transits,
          count(*) FILTER (WHERE issue_count > 0) AS with_issue
        FROM (
          SELECT width_bucket(t.pickup_date, ${bounds.dates}) AS m, t.issue_count,
            -- True on time, false late, null pending (or no target): each Lagos date worked out once.
            CASE WHEN t.arrived_pickup_at IS NOT NULL THEN ${lagosDateSql(sql`t.arrived_pickup_at`)} <= t.pickup_date
              WHEN t.pickup_date < ${today} THEN false END AS pickup_on_time,
            CASE WHEN t.expected_delivery_date IS NULL THEN NULL
              WHEN t.delivered_at IS NOT NULL THEN ${lagosDateSql(sql`t.delivered_at`)} <= t.expected_delivery_date
              WHEN t.expected_delivery_date < ${today} THEN false END AS delivery_on_time,
            CASE WHEN t.delivered_at >= t.loaded_at THEN extract(epoch from (t.delivered_at - t.loaded_at)) END
              AS transit_seconds
          FROM ${trips} t
          WHERE t.transporter_company_id = ${scope.companyId} AND t.cancelled_at IS NULL
            AND t.pickup_date >= ${window.from}::date AND t.pickup_date <= ${window.to}::date
        ) x
        GROUP BY m
      ),
      months AS (
        SELECT coalesce(bid.m, awarded.m, done.m, cancelled.m, population.m) AS m,
          bid.decided, bid.won, bid.closed, bid.withdrawn, awarded.awarded, awarded.booked, done.completed,
          done.revenue, population.pickup_on_time, population.pickup_late, population.delivery_on_time,
          population.delivery_late, population.transit_seconds, population.transits, population.trips,
          population.with_issue, cancelled.cancelled
        FROM bid
        FULL JOIN awarded ON awarded.m = bid.m
        FULL JOIN done ON done.m = coalesce(bid.m, awarded.m)
        FULL JOIN cancelled ON cancelled.m = coalesce(bid.m, awarded.m, done.m)
        FULL JOIN population ON population.m = coalesce(bid.m, awarded.m, done.m, cancelled.m)
      )
      SELECT CASE WHEN GROUPING(m) = 1 THEN ${sql.raw(String(ALL))} ELSE m END AS month,
        coalesce(sum(decided), 0)::int AS "bidsDecided", coalesce(sum(won), 0)::int AS "bidsWon",
        coalesce(sum(closed), 0)::int AS "bidsClosedByCancellation",
        coalesce(sum(withdrawn), 0)::int AS "bidsWithdrawn",
        coalesce(sum(awarded), 0)::int AS "tripsAwarded", coalesce(sum(booked), 0)::bigint AS booked,
        coalesce(sum(completed), 0)::int AS "tripsCompleted", coalesce(sum(revenue), 0)::bigint AS revenue,
        coalesce(sum(pickup_on_time), 0)::int AS "pickupOnTime",
        coalesce(sum(pickup_late), 0)::int AS "pickupLate",
        coalesce(sum(delivery_on_time), 0)::int AS "deliveryOnTime",
        coalesce(sum(delivery_late), 0)::int AS "deliveryLate",
        round((sum(transit_seconds) / nullif(sum(transits), 0) / 3600)::numeric, 1) AS "averageTransitHours",
        coalesce(sum(trips), 0)::int AS population,
        coalesce(sum(with_issue), 0)::int AS "withIssue",
        coalesce(sum(cancelled), 0)::int AS cancelled
      FROM months
      GROUP BY GROUPING SETS ((m), ())
      -- A bid only withdrawn in the range has no month: it counts in the whole range only.
      HAVING GROUPING(m) = 1 OR m IS NOT NULL`,
  );
  return rows.map((r) => ({
    month: Number(r.month) === ALL ? null : months[Number(r.month)]!,
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
