import { sql, type SQL } from 'drizzle-orm';
import { companies, consignments, drivers, orders, terminals, trips, trucks } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { lagosDateSql } from './report-sql.repository';

async function rowsOf<T>(input: ReportInput, query: SQL): Promise<T[]> {
  return ((await input.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Whether a live trip has reached its pickup (or, for an export, the warehouse): a live trip's live logs
 * are its timeline up to its latest status (a step is taken only after the one before it, an undo takes
 * back only the latest), so its arrival log is live exactly when its latest status is past set-off. Read
 * from the trip row, this needs no look-up per trip.
 */
const arrivedAtPickup = (latestStatus: SQL) =>
  sql`(${latestStatus} IS NOT NULL AND ${latestStatus} <> 'STARTED')`;

/** The company's live trips (not completed, not cancelled): every event is one of theirs. */
const liveWhere = ({ scope }: ReportInput) =>
  sql`t.transporter_company_id = ${scope.companyId} AND t.completed = false AND t.cancelled_at IS NULL`;

export interface ScheduleOverview {
  totals: {
    pickups: number;
    deliveries: number;
    withoutTruck: number;
    withoutDriver: number;
    pickupsOverdue: number;
    withoutExpectedDelivery: number;
  };
  /** Pickups and deliveries per period: only the periods with events (the caller fills the others). */
  byPeriod: { period: string; pickups: number; deliveries: number }[];
}

/**
 * The summary's counts and the chart in one pass over the company's live trips (docs/reports.md 3.4: a
 * live trip's pickup on its pickup date, its delivery on its expected delivery date, each when in the
 * range). The trips are first counted per (pickup date, expected delivery date, without a truck, without a
 * driver, arrived) from the index of live trips, which leaves a few hundred groups to read every figure
 * from; a trip with both events in the range counts once among the trips without a truck or driver.
 */
export async function scheduleOverview(input: ReportInput): Promise<ScheduleOverview> {
  const { window } = input;
  const from = sql`${window.from}::date`;
  const to = sql`${window.to}::date`;
  const format = window.period === 'day' ? sql.raw(`'YYYY-MM-DD'`) : sql.raw(`'YYYY-MM'`);
  const [row] = await rowsOf<{ totals: Record<string, unknown>; chart: ScheduleOverview['byPeriod'] | null }>(
    input,
    sql`WITH live AS (
        SELECT t.pickup_date AS pickup, t.expected_delivery_date AS delivery, t.truck_id IS NULL AS no_truck,
          t.driver_id IS NULL AS no_driver, ${arrivedAtPickup(sql`t.latest_status`)} AS arrived, count(*) AS n
        FROM ${trips} t
        WHERE ${liveWhere(input)}
        GROUP BY 1, 2, 3, 4, 5
      ),
      groups AS (
        SELECT live.*, pickup >= ${from} AND pickup <= ${to} AS picks,
          coalesce(delivery >= ${from} AND delivery <= ${to}, false) AS delivers
        FROM live
      ),
      per_date AS (
        SELECT pickup AS on_date, n AS pickups, 0 AS deliveries FROM groups WHERE picks
        UNION ALL
        SELECT delivery, 0, n FROM groups WHERE delivers
      )
      SELECT
        (SELECT row_to_json(x) FROM (
          SELECT coalesce(sum(n) FILTER (WHERE picks), 0)::int AS pickups,
            coalesce(sum(n) FILTER (WHERE delivers), 0)::int AS deliveries,
            coalesce(sum(n) FILTER (WHERE (picks OR delivers) AND no_truck), 0)::int AS "withoutTruck",
            coalesce(sum(n) FILTER (WHERE (picks OR delivers) AND no_driver), 0)::int AS "withoutDriver",
            coalesce(sum(n) FILTER (WHERE picks AND pickup < ${lagosDateSql(window.now)} AND NOT arrived), 0)::int
              AS "pickupsOverdue",
            coalesce(sum(n) FILTER (WHERE delivery IS NULL), 0)::int AS "withoutExpectedDelivery"
          FROM groups) x) AS totals,
        (SELECT json_agg(y) FROM (
          SELECT to_char(on_date, ${format}) AS period, sum(pickups)::int AS pickups,
            sum(deliveries)::int AS deliveries
          FROM per_date GROUP BY 1
        ) y) AS chart`,
  );
  const n = (key: string) => Number(row?.totals[key] ?? 0);
  return {
    totals: {
      pickups: n('pickups'),
      deliveries: n('deliveries'),
      withoutTruck: n('withoutTruck'),
      withoutDriver: n('withoutDriver'),
      pickupsOverdue: n('pickupsOverdue'),
      withoutExpectedDelivery: n('withoutExpectedDelivery'),
    },
    byPeriod: (row?.chart ?? []).map((r) => ({
      period: r.period,
      pickups: Number(r.pickups),
      deliveries: Number(r.deliveries),
    })),
  };
}

/** Where a page of events starts in the default sort: after this event's key (an export's batches). */
export interface ScheduleKey {
  date: string;
  truck: string | null;
  kind: number;
  tripNumber: string;
}

export interface ScheduleRow extends ScheduleKey {
  driverName: string | null;
  latestStatus: string | null;
  customer: string;
  clientName: string;
  containerNumber: string | null;
  description: string | null;
  pickupTerminal: { operator: string; city: string } | null;
  pickupAddress: { city: string; state: string } | null;
  recipientTerminal: { operator: string; city: string } | null;
  recipientAddress: { city: string; state: string } | null;
  arrivedAtPickup: boolean;
}

/**
 * A page of events in the default sort (date, truck with unassigned last, pickup before delivery, trip
 * number), after `after` when given; their count is the summary's pickups and deliveries. A truck is on
 * one live trip at a time, so the events with a truck are few and read through the company's trucks; the
 * others are, within a date, every pickup then every delivery by trip number, so each kind's first rows
 * come in order from its own index of the live trips (by pickup date, or by expected delivery date, then
 * trip number). The page is cut from those, then joined to its details.
 */
export async function scheduleRows(
  input: ReportInput,
  limit: number,
  offset: number,
  after: ScheduleKey | null = null,
): Promise<ScheduleRow[]> {
  const { scope, window } = input;
  const from = sql`${window.from}::date`;
  const to = sql`${window.to}::date`;
  const sortKey = sql`on_date, truck IS NULL, coalesce(truck, ''), kind, trip_number`;
  const keyset = after
    ? sql`WHERE (${sortKey}) > (${after.date}::date, ${after.truck === null}, ${after.truck ?? ''}::text,
        ${after.kind}::int, ${after.tripNumber}::text)`
    : sql``;
  // The events without a truck of one kind after `after`, written as a range of that kind's index.
  const unassignedAfter = (kind: number, onDate: SQL) => {
    if (!after) return sql``;
    if (after.truck === null && after.kind === kind) {
      return sql`AND (${onDate}, t.trip_number) > (${after.date}::date, ${after.tripNumber}::text)`;
    }
    return after.truck === null && after.kind > kind
      ? sql`AND ${onDate} > ${after.date}::date`
      : sql`AND ${onDate} >= ${after.date}::date`;
  };
  const unassigned = (kind: number, onDate: SQL) => sql`
    SELECT t.id, t.trip_number, t.driver_id, NULL::text AS truck, ${sql.raw(String(kind))} AS kind, ${onDate} AS on_date
    FROM ${trips} t
    WHERE ${liveWhere(input)} AND ${onDate} >= ${from} AND ${onDate} <= ${to}
      AND NOT EXISTS (SELECT 1 FROM ${trucks} tr WHERE tr.id = t.truck_id AND tr.company_id = ${scope.companyId})
      ${unassignedAfter(kind, onDate)}
    ORDER BY ${onDate}, t.trip_number
    LIMIT ${offset + limit}`;
  const rows = await rowsOf<Record<string, unknown>>(
    input,
    sql`WITH assigned AS (
        SELECT t.id, t.trip_number, t.driver_id, tr.registration_number AS truck, e.kind, e.on_date
        FROM ${trucks} tr
        JOIN ${trips} t ON t.truck_id = tr.id AND ${liveWhere(input)}
        CROSS JOIN LATERAL (VALUES (0, t.pickup_date), (1, t.expected_delivery_date)) AS e(kind, on_date)
        WHERE tr.company_id = ${scope.companyId} AND e.on_date >= ${from} AND e.on_date <= ${to}
      ),
      page AS (
        SELECT * FROM (
          SELECT * FROM assigned
          UNION ALL (${unassigned(0, sql`t.pickup_date`)})
          UNION ALL (${unassigned(1, sql`t.expected_delivery_date`)})
        ) ev
        ${keyset}
        ORDER BY ${sortKey}
        LIMIT ${limit} OFFSET ${offset}
      )
      SELECT to_char(p.on_date, 'YYYY-MM-DD') AS date, p.kind, p.truck, p.trip_number AS "tripNumber",
        dr.first_name || ' ' || dr.last_name AS "driverName",
        t.latest_status AS "latestStatus",
        cu.name AS customer, o.client_name AS "clientName",
        c.container_number AS "containerNumber", c.description,
        CASE WHEN pt.id IS NOT NULL THEN json_build_object('operator', pt.operator, 'city', pt.city) END
          AS "pickupTerminal",
        t.pickup_address AS "pickupAddress",
        CASE WHEN rt.id IS NOT NULL THEN json_build_object('operator', rt.operator, 'city', rt.city) END
          AS "recipientTerminal",
        t.recipient_address AS "recipientAddress",
        p.kind = 0 AND ${arrivedAtPickup(sql`t.latest_status`)} AS "arrivedAtPickup"
      FROM page p
      JOIN ${trips} t ON t.id = p.id
      JOIN ${orders} o ON o.id = t.order_id
      JOIN ${companies} cu ON cu.id = t.customer_company_id
      LEFT JOIN ${drivers} dr ON dr.id = p.driver_id AND dr.company_id = ${scope.companyId}
      LEFT JOIN ${consignments} c ON c.trip_id = t.id
      LEFT JOIN ${terminals} pt ON pt.id = t.pickup_terminal_id
      LEFT JOIN ${terminals} rt ON rt.id = t.recipient_terminal_id
      ORDER BY p.on_date, p.truck IS NULL, coalesce(p.truck, ''), p.kind, p.trip_number`,
  );
  return rows.map((r) => ({
    ...(r as unknown as ScheduleRow),
    kind: Number(r.kind),
    arrivedAtPickup: r.arrivedAtPickup === true,
  }));
}
