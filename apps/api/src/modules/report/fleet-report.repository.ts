import { sql, type SQL } from 'drizzle-orm';
import { EXPIRY_WARNING_DAYS, TRUCK_DOCUMENT_KINDS } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import type { ReportInput } from './report-definition';
import { lagosDateSql } from './report-sql.repository';
import type { ReportWindow } from './report-window';

// The statement helpers of the transporter reports on trucks and drivers (fleet, vehicle, driver, driver
// status): the fleet and driver status reports share the active intervals and days on trip of
// docs/reports.md 1.8, and the others the raw-statement reading, expiry states and percentages.

/** The rows of a raw statement; both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** A numeric or bigint as a JS number, null kept (drivers answer numerics as strings). */
export const numberOrNull = (value: unknown): number | null => (value === null ? null : Number(value));

/** A timestamp column of a raw statement as ISO 8601, null kept. */
export const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/** The window's bounds as SQL values, `today` being the Lagos date of the request's `now`. */
export function windowSql(window: ReportWindow) {
  return {
    fromAt: sql`${window.fromAt.toISOString()}::timestamptz`,
    toAt: sql`${window.toAt.toISOString()}::timestamptz`,
    now: sql`${window.now.toISOString()}::timestamptz`,
    from: sql`${window.from}::date`,
    to: sql`${window.to}::date`,
    today: lagosDateSql(window.now),
  };
}

/** A period label of a date expression: YYYY-MM-DD or YYYY-MM. */
export function periodOfDate(expression: SQL, window: ReportWindow) {
  return sql`to_char(${expression}, ${sql.raw(window.period === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`)})`;
}

/** A percentage with one decimal, N/A over nothing. */
export const percentSql = (part: SQL, whole: SQL) => sql`round(100.0 * (${part}) / nullif(${whole}, 0), 1)`;

/** The expiry state of a date as the domain's `expiringWithin` judges it, as its enum. */
export function expiryStateSql(expiresOn: SQL, today: SQL) {
  return sql`CASE WHEN ${expiresOn} IS NULL THEN 'MISSING' WHEN ${expiresOn} < ${today} THEN 'EXPIRED'
    WHEN ${expiresOn} - ${today} <= ${sql.raw(String(EXPIRY_WARNING_DAYS))} THEN 'EXPIRING' ELSE 'VALID' END`;
}

/** A truck document's expiry date from the jsonb, null when missing or not written YYYY-MM-DD. */
export function documentExpirySql(documents: SQL, kind: SQL) {
  const text = sql`(${documents} -> ${kind} ->> 'expiresOn')`;
  return sql`(CASE WHEN ${text} ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN ${text}::date END)`;
}

/** The truck document kinds with their order, as a VALUES list `kinds(kind, ord)`. */
export const DOCUMENT_KINDS_SQL = sql.raw(
  `(VALUES ${TRUCK_DOCUMENT_KINDS.map((k, i) => `('${k}', ${i + 1})`).join(', ')}) AS kinds(kind, ord)`,
);

export type Resource = 'truck' | 'driver';

const RESOURCE_TABLE = { truck: 'trucks', driver: 'drivers' } as const;

/** When a finished trip ended: its completion, else its cancellation (docs/reports.md 1.8). */
export const FINISHED_AT_SQL = sql.raw(
  `(CASE WHEN t.completed THEN t.latest_status_at ELSE t.cancelled_at END)`,
);

/**
 * The company's trucks or drivers (columns id, active, created_at), or the relation `among` holding some
 * of them (a page).
 */
function resourcesSql({ scope }: ReportInput, resource: Resource, among?: SQL) {
  return (
    among ?? sql`(SELECT * FROM ${sql.raw(RESOURCE_TABLE[resource])} WHERE company_id = ${scope.companyId})`
  );
}

/**
 * The CTEs `intervals` (each trip of the resources whose active interval [started_at, end) may overlap
 * the window), `overlapping` (those that do, with a length) and `spans` (each of those as the Lagos days
 * it covers within the window, from the resource's creation up to today). Read per truck or driver: its
 * finished trips ending after `from` (completion or cancellation) and its one live trip
 * (`trips_live_*_uq`), each with the set-off kept on the trip (migration 0016); trips without a truck or
 * driver are never read, however many the company has.
 */
export function activeDaysCtes(input: ReportInput, resource: Resource, among?: SQL): SQL {
  const { scope, window } = input;
  const w = windowSql(window);
  const column = sql.raw(`t.${resource}_id`);
  return sql`
    intervals AS (
      SELECT t.id AS trip_id, r.id AS resource_id, r.active AS resource_active,
        r.created_at AS resource_created_at, t.started_at, t.ended_at
      FROM ${resourcesSql(input, resource, among)} r
      CROSS JOIN LATERAL (
        SELECT t.id, t.started_at, ${FINISHED_AT_SQL} AS ended_at FROM trips t
        WHERE ${column} = r.id AND t.transporter_company_id = ${scope.companyId}
          AND (t.completed OR t.cancelled_at IS NOT NULL) AND ${FINISHED_AT_SQL} > ${w.fromAt}
        UNION ALL
        SELECT t.id, t.started_at, ${w.now} FROM trips t
        WHERE ${column} = r.id AND t.transporter_company_id = ${scope.companyId}
          AND t.completed = false AND t.cancelled_at IS NULL
      ) t
      WHERE t.started_at < ${w.toAt}
    ),
    overlapping AS (
      SELECT * FROM intervals WHERE ended_at > started_at AND ended_at > ${w.fromAt}
    ),
    spans AS (
      SELECT * FROM (
        SELECT trip_id, resource_id, resource_active,
          greatest(${lagosDateSql(sql`started_at`)}, ${w.from}, ${lagosDateSql(sql`resource_created_at`)}) AS first_day,
          least(${lagosDateSql(sql`ended_at - interval '1 microsecond'`)}, ${w.to}, ${w.today}) AS last_day
        FROM overlapping
      ) x WHERE first_day <= last_day
    ),
    resource_trips AS (SELECT resource_id, count(*)::int AS trips FROM overlapping GROUP BY resource_id),
    resource_days AS (${coveredDaysSql(sql`spans`, sql`resource_id`)})`;
}

/**
 * The days on trip of each group of `spans` (a relation with trip_id, first_day, last_day and the
 * `partition` columns), a day counted once however many trips cover it: in start order, each span adds
 * the days after the last day the spans before it reached.
 */
function coveredDaysSql(spans: SQL, partition: SQL) {
  return sql`
    SELECT ${partition}, sum(greatest(0, last_day - greatest(first_day, covered_to + 1) + 1))::int AS days
    FROM (
      SELECT x.*, coalesce(max(last_day) OVER (PARTITION BY ${partition} ORDER BY first_day, last_day, trip_id
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), first_day - 1) AS covered_to
      FROM ${spans} x
    ) y
    GROUP BY ${partition}`;
}

/** A resource's available days (1.8): from its creation (or `from`) to today (or `to`); N/A when inactive. */
export function availableDaysSql(window: ReportWindow, alias: string) {
  const w = windowSql(window);
  const r = sql.raw(alias);
  return sql`CASE WHEN ${r}.active THEN greatest(0,
    least(${w.to}, ${w.today}) - greatest(${w.from}, ${lagosDateSql(sql`${r}.created_at`)}) + 1) END`;
}

/**
 * After `activeDaysCtes` over all the company's resources: the CTE `chart`, per period of the window, the
 * days on trip and the days free (available and not on trip) of the active ones. A period's available
 * days are its days from the resource's creation up to today.
 */
export function periodDaysCtes(input: ReportInput, resource: Resource) {
  const { window } = input;
  const w = windowSql(window);
  return sql`
    periods AS (
      SELECT ${periodOfDate(sql`d`, window)} AS period, min(d)::date AS first_day, max(d)::date AS last_day
      FROM generate_series(${w.from}::timestamp, ${w.to}::timestamp, interval '1 day') AS d
      GROUP BY 1
    ),
    period_spans AS (
      SELECT s.trip_id, s.resource_id, p.period, greatest(s.first_day, p.first_day) AS first_day,
        least(s.last_day, p.last_day) AS last_day
      FROM spans s JOIN periods p ON p.first_day <= s.last_day AND p.last_day >= s.first_day
      WHERE s.resource_active
    ),
    period_on_trip AS (
      SELECT period, sum(days)::int AS days
      FROM (${coveredDaysSql(sql`period_spans`, sql`resource_id, period`)}) covered
      GROUP BY period
    ),
    period_available AS (
      SELECT p.period, coalesce(sum(greatest(0, least(p.last_day, ${w.today})
        - greatest(p.first_day, ${lagosDateSql(sql`r.created_at`)}) + 1)), 0)::int AS days
      FROM periods p JOIN ${resourcesSql(input, resource)} r ON r.active
      GROUP BY p.period
    ),
    chart AS (
      SELECT p.period, coalesce(o.days, 0) AS "onTrip", coalesce(a.days, 0) - coalesce(o.days, 0) AS free
      FROM periods p
      LEFT JOIN period_on_trip o ON o.period = p.period
      LEFT JOIN period_available a ON a.period = p.period
    )`;
}

/** The chart CTE's points as one JSON array, in period order. */
export const CHART_JSON_SQL = sql`(SELECT coalesce(json_agg(json_build_object('period', period, 'onTrip', "onTrip",
  'free', free) ORDER BY period), '[]') FROM chart)`;

export interface PeriodDays {
  period: string;
  onTrip: number;
  free: number;
}

/**
 * A truck's or driver's status now, ranked as the reports sort: on trip, assigned, available, inactive (off).
 */
export function statusRankSql(alias: string) {
  const r = sql.raw(alias);
  return sql`CASE WHEN NOT ${r}.active THEN 4 WHEN lt.id IS NULL THEN 3 WHEN lt.latest_status IS NULL THEN 2
    ELSE 1 END`;
}

/** A truck's or driver's live trip, `lt` (at most one: `trips_live_truck_uq`, `trips_live_driver_uq`). */
export function liveTripJoin({ scope }: ReportInput, resource: Resource, alias: string) {
  return sql`LEFT JOIN trips lt ON ${sql.raw(`lt.${resource}_id = ${alias}.id`)}
    AND lt.transporter_company_id = ${scope.companyId} AND lt.completed = false AND lt.cancelled_at IS NULL`;
}

/**
 * The summary and the chart in one statement, so the intervals are read once: the trucks by status now,
 * the pooled utilisation and idle days of the active ones, those with an expired document, and per period
 * the truck-days on trip and idle.
 */
export async function fleetOverview(input: ReportInput) {
  const { scope, window } = input;
  const w = windowSql(window);
  const [row] = await rowsOf<{ totals: Record<string, unknown>; chart: PeriodDays[] }>(
    input.db,
    sql`WITH ${activeDaysCtes(input, 'truck')}, ${periodDaysCtes(input, 'truck')},
      fleet AS (
        SELECT r.active, ${statusRankSql('r')} AS status_rank, coalesce(rd.days, 0) AS days_on_trip,
          ${availableDaysSql(window, 'r')} AS available_days,
          EXISTS (
            SELECT 1 FROM ${DOCUMENT_KINDS_SQL}
            WHERE ${documentExpirySql(sql`r.documents`, sql`kinds.kind`)} < ${w.today}
          ) AS has_expired_document
        FROM trucks r ${liveTripJoin(input, 'truck', 'r')}
        LEFT JOIN resource_days rd ON rd.resource_id = r.id
        WHERE r.company_id = ${scope.companyId}
      )
      SELECT
        (SELECT row_to_json(x) FROM (
          SELECT count(*) FILTER (WHERE active)::int AS trucks,
            count(*) FILTER (WHERE status_rank = 1)::int AS "onTrip",
            count(*) FILTER (WHERE status_rank = 2)::int AS assigned,
            count(*) FILTER (WHERE status_rank = 3)::int AS available,
            count(*) FILTER (WHERE NOT active)::int AS inactive,
            ${percentSql(sql`sum(days_on_trip) FILTER (WHERE active)`, sql`sum(available_days) FILTER (WHERE active)`)}
              AS utilisation,
            coalesce(sum(available_days - days_on_trip) FILTER (WHERE active), 0)::int AS "idleDays",
            count(*) FILTER (WHERE active AND has_expired_document)::int AS "expiredDocuments"
          FROM fleet) x) AS totals,
        ${CHART_JSON_SQL} AS chart`,
  );
  const { totals, chart } = row!;
  return {
    totals: {
      trucks: Number(totals.trucks),
      onTrip: Number(totals.onTrip),
      assigned: Number(totals.assigned),
      available: Number(totals.available),
      inactive: Number(totals.inactive),
      utilisation: numberOrNull(totals.utilisation),
      idleDays: Number(totals.idleDays),
      expiredDocuments: Number(totals.expiredDocuments),
    },
    chart,
  };
}

/**
 * A page of trucks: status order (On trip, Assigned, Available, Inactive), then plate (unique in the
 * company). The intervals are read for the page's trucks only.
 */
export async function fleetRows(input: ReportInput, limit: number, offset: number) {
  const { scope } = input;
  const rows = await rowsOf<Record<string, unknown>>(
    input.db,
    sql`WITH page AS (
        SELECT r.id, r.registration_number, r.make, r.model, r.year, r.type, r.capacity_tenth_tonnes, r.active,
          r.created_at, lt.trip_number AS live_trip, ${statusRankSql('r')} AS status_rank,
          count(*) OVER ()::int AS total
        FROM trucks r ${liveTripJoin(input, 'truck', 'r')}
        WHERE r.company_id = ${scope.companyId}
        ORDER BY status_rank, r.registration_number, r.id
        LIMIT ${limit} OFFSET ${offset}
      ),
      ${activeDaysCtes(input, 'truck', sql`page`)}
      SELECT f.*, coalesce(rt.trips, 0) AS trips_in_range, coalesce(rd.days, 0) AS days_on_trip,
        ${availableDaysSql(input.window, 'f')} AS available_days,
        ${availableDaysSql(input.window, 'f')} - coalesce(rd.days, 0) AS idle_days,
        ${percentSql(sql`coalesce(rd.days, 0)`, availableDaysSql(input.window, 'f'))} AS utilisation,
        EXISTS (
          SELECT 1 FROM tracking_devices d WHERE d.truck_id = f.id AND d.company_id = ${scope.companyId}
        ) AS tracker,
        lp.recorded_at AS last_position
      FROM page f
      LEFT JOIN resource_trips rt ON rt.resource_id = f.id
      LEFT JOIN resource_days rd ON rd.resource_id = f.id
      LEFT JOIN truck_latest_positions lp ON lp.truck_id = f.id AND lp.company_id = ${scope.companyId}
      ORDER BY f.status_rank, f.registration_number, f.id`,
  );
  return rows.map((r) => ({
    registrationNumber: r.registration_number as string,
    make: r.make as string,
    model: r.model as string,
    year: Number(r.year),
    type: r.type as string,
    capacityTenthTonnes: Number(r.capacity_tenth_tonnes),
    statusRank: Number(r.status_rank),
    liveTrip: (r.live_trip as string | null) ?? null,
    tracker: Boolean(r.tracker),
    lastPosition: isoOrNull(r.last_position),
    tripsInRange: Number(r.trips_in_range),
    daysOnTrip: Number(r.days_on_trip),
    availableDays: numberOrNull(r.available_days),
    idleDays: numberOrNull(r.idle_days),
    utilisation: numberOrNull(r.utilisation),
    total: Number(r.total),
  }));
}
