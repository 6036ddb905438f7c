import { sql, type SQL } from 'drizzle-orm';
import { companies, consignments, drivers, orders, terminals, trips, trucks } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { lagosDateSql } from './report-sql.repository';

async function rowsOf<T>(input: ReportInput, query: SQL): Promise<T[]> {
  return ((await input.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The schedule's events (docs/reports.md 3.4): a live trip's pickup on its pickup date and its delivery on
 * its expected delivery date, each when it falls in the range; `kind` 0 is a pickup, 1 a delivery, which
 * is also the order the two take on one day. Each kind is one range of its own index; `first` marks the
 * first event of each trip among them, so trips are counted without a DISTINCT over every event.
 */
function eventsSql({ scope, window }: ReportInput): SQL {
  const from = sql`${window.from}::date`;
  const to = sql`${window.to}::date`;
  const columns = sql`t.id, t.trip_number, t.truck_id, t.driver_id, t.latest_status`;
  return sql`
    ev AS (
      SELECT ${columns}, 0 AS kind, t.pickup_date AS on_date, true AS first
      FROM ${trips} t
      WHERE t.transporter_company_id = ${scope.companyId} AND t.completed = false AND t.cancelled_at IS NULL
        AND t.pickup_date >= ${from} AND t.pickup_date <= ${to}
      UNION ALL
      SELECT ${columns}, 1, t.expected_delivery_date, NOT (t.pickup_date >= ${from} AND t.pickup_date <= ${to})
      FROM ${trips} t
      WHERE t.transporter_company_id = ${scope.companyId} AND t.completed = false AND t.cancelled_at IS NULL
        AND t.expected_delivery_date >= ${from} AND t.expected_delivery_date <= ${to}
    )`;
}

/**
 * Whether a live trip has reached its pickup (or, for an export, the warehouse): a live trip's live logs
 * are its timeline up to its latest status (a step is taken only after the one before it, an undo takes
 * back only the latest), so its arrival log is live exactly when its latest status is past set-off. Read
 * from the trip row, this needs no look-up per trip.
 */
const arrivedAtPickup = (latestStatus: SQL) =>
  sql`(${latestStatus} IS NOT NULL AND ${latestStatus} <> 'STARTED')`;

export async function scheduleTotals(input: ReportInput) {
  const { scope, window } = input;
  const [row] = await rowsOf<Record<string, unknown>>(
    input,
    sql`WITH ${eventsSql(input)}
      SELECT
        count(*) FILTER (WHERE ev.kind = 0)::int AS pickups,
        count(*) FILTER (WHERE ev.kind = 1)::int AS deliveries,
        count(*) FILTER (WHERE ev.first AND ev.truck_id IS NULL)::int AS "withoutTruck",
        count(*) FILTER (WHERE ev.first AND ev.driver_id IS NULL)::int AS "withoutDriver",
        count(*) FILTER (
          WHERE ev.kind = 0 AND ev.on_date < ${lagosDateSql(window.now)} AND NOT ${arrivedAtPickup(sql`ev.latest_status`)}
        )::int AS "pickupsOverdue",
        (SELECT count(*) FROM ${trips} t
          WHERE t.transporter_company_id = ${scope.companyId} AND t.completed = false
            AND t.cancelled_at IS NULL AND t.expected_delivery_date IS NULL)::int AS "withoutExpectedDelivery"
      FROM ev`,
  );
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    pickups: n('pickups'),
    deliveries: n('deliveries'),
    withoutTruck: n('withoutTruck'),
    withoutDriver: n('withoutDriver'),
    pickupsOverdue: n('pickupsOverdue'),
    withoutExpectedDelivery: n('withoutExpectedDelivery'),
  };
}

/**
 * Pickups and deliveries per period: only the periods with events (the caller fills the others). Events
 * are counted per date first, so only a few dates are formatted.
 */
export async function scheduleByPeriod(input: ReportInput) {
  const format = input.window.period === 'day' ? sql.raw(`'YYYY-MM-DD'`) : sql.raw(`'YYYY-MM'`);
  const rows = await rowsOf<{ period: string; pickups: unknown; deliveries: unknown }>(
    input,
    sql`WITH ${eventsSql(input)}
      SELECT to_char(per_date.on_date, ${format}) AS period,
        sum(per_date.pickups)::int AS pickups, sum(per_date.deliveries)::int AS deliveries
      FROM (
        SELECT ev.on_date, count(*) FILTER (WHERE ev.kind = 0) AS pickups,
          count(*) FILTER (WHERE ev.kind = 1) AS deliveries
        FROM ev GROUP BY ev.on_date
      ) per_date
      GROUP BY 1`,
  );
  return rows.map((r) => ({
    period: r.period,
    pickups: Number(r.pickups),
    deliveries: Number(r.deliveries),
  }));
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
 * number), after `after` when given. Only the page's events are joined to their details; their count is
 * the summary's pickups and deliveries.
 */
export async function scheduleRows(
  input: ReportInput,
  limit: number,
  offset: number,
  after: ScheduleKey | null = null,
): Promise<ScheduleRow[]> {
  const { scope } = input;
  const sortKey = sql`ev.on_date, tr.registration_number IS NULL, coalesce(tr.registration_number, ''), ev.kind, ev.trip_number`;
  const keyset = after
    ? sql`WHERE (${sortKey}) > (${after.date}::date, ${after.truck === null}, ${after.truck ?? ''}::text,
        ${after.kind}::int, ${after.tripNumber}::text)`
    : sql``;
  const rows = await rowsOf<Record<string, unknown>>(
    input,
    sql`WITH ${eventsSql(input)},
      page AS (
        SELECT ev.id, ev.kind, ev.on_date, ev.trip_number, ev.driver_id, tr.registration_number AS truck
        FROM ev
        LEFT JOIN ${trucks} tr ON tr.id = ev.truck_id AND tr.company_id = ${scope.companyId}
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
