import { sql, type SQL } from 'drizzle-orm';
import { TRACKING_SETTINGS_DEFAULTS } from '@freightlane/domain';
import {
  companies,
  consignments,
  drivers,
  orders,
  trackingDevices,
  trackingSettings,
  tripIssues,
  trips,
  truckLatestPositions,
  trucks,
} from '../../db/schema';
import type { ReportInput } from './report-definition';

async function rowsOf<T>(input: ReportInput, query: SQL): Promise<T[]> {
  return ((await input.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** An instant as ISO 8601 UTC with milliseconds, as the JSON of a report carries it. */
const isoSql = (instant: SQL) => sql`to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const hoursSince = (now: Date, instant: SQL) =>
  sql`extract(epoch from (${now.toISOString()}::timestamptz - ${instant})) / 3600`;

/** The company's ongoing trips (live, with a step taken): the rows come from these. */
const ongoingWhere = ({ scope }: ReportInput) =>
  sql`t.transporter_company_id = ${scope.companyId} AND t.completed = false AND t.cancelled_at IS NULL
    AND t.latest_status IS NOT NULL`;

const setOffInRange = ({ window }: ReportInput, startedAt: SQL) =>
  sql`${startedAt} >= ${window.fromAt.toISOString()}::timestamptz AND ${startedAt} < ${window.toAt.toISOString()}::timestamptz`;

const openIssuesOf = (tripId: SQL) => sql`
  SELECT count(*)::int AS open,
    string_agg(i.issue_type, ',' ORDER BY i.opened_at, i.id) AS types
  FROM ${tripIssues} i WHERE i.trip_id = ${tripId} AND i.status = 'OPEN'`;

export interface ActiveTripStage {
  /** The stage, or null for the figures of every stage together. */
  stage: string | null;
  active: number;
  delayed: number;
  openIssues: number;
  averageHours: number | null;
  setOffBefore: number;
  silent: number;
}

/**
 * The summary's figures per stage and over all stages, in one pass over the company's ongoing trips read
 * from the index of its live trips (set-off, stage and truck are kept on the trip): each stage's counts
 * and sums, then the whole row adds them up, so the average pools every trip. Open issues are few, so
 * they are read from their own index and joined by trip; trucks with a live trip are at most one trip
 * each, so the silent ones are worked out first and matched by id.
 */
export async function activeTripStages(input: ReportInput): Promise<ActiveTripStage[]> {
  const { scope, window } = input;
  const now = sql`${window.now.toISOString()}::timestamptz`;
  const silenceMinutes = sql`coalesce((SELECT s.silence_minutes FROM ${trackingSettings} s
    WHERE s.company_id = ${scope.companyId}), ${TRACKING_SETTINGS_DEFAULTS.silenceMinutes})`;
  const rows = await rowsOf<Record<string, unknown>>(
    input,
    sql`WITH silent_trucks AS (
        SELECT coalesce(array_agg(d.truck_id), '{}') AS ids
        FROM ${trackingDevices} d
        LEFT JOIN ${truckLatestPositions} lp ON lp.truck_id = d.truck_id AND lp.company_id = ${scope.companyId}
        WHERE d.company_id = ${scope.companyId} AND d.truck_id IS NOT NULL
          AND (lp.recorded_at IS NULL OR ${now} - lp.recorded_at > ${silenceMinutes} * interval '1 minute')
      ),
      per_stage AS (
        SELECT t.latest_status AS stage,
          count(*) FILTER (WHERE ${setOffInRange(input, sql`t.started_at`)}) AS active,
          sum(${hoursSince(window.now, sql`t.latest_status_at`)}) FILTER (WHERE ${setOffInRange(input, sql`t.started_at`)})
            AS hours,
          count(*) FILTER (WHERE t.started_at IS NULL OR t.started_at < ${window.fromAt.toISOString()}::timestamptz)
            AS before,
          count(*) FILTER (WHERE ${setOffInRange(input, sql`t.started_at`)}
            AND t.truck_id = ANY ((SELECT ids FROM silent_trucks)::uuid[])) AS silent
        FROM ${trips} t
        WHERE ${ongoingWhere(input)}
        GROUP BY t.latest_status
      ),
      issues_per_stage AS (
        SELECT t.latest_status AS stage, count(*) AS delayed, sum(oi.open) AS open
        FROM (
          SELECT i.trip_id, count(*) AS open FROM ${tripIssues} i WHERE i.status = 'OPEN' GROUP BY i.trip_id
        ) oi
        JOIN ${trips} t ON t.id = oi.trip_id
        WHERE ${ongoingWhere(input)} AND ${setOffInRange(input, sql`t.started_at`)}
        GROUP BY t.latest_status
      )
      SELECT CASE WHEN GROUPING(p.stage) = 0 THEN p.stage END AS stage,
        sum(p.active)::int AS active,
        coalesce(sum(i.delayed), 0)::int AS delayed,
        coalesce(sum(i.open), 0)::int AS "openIssues",
        round((sum(p.hours) / nullif(sum(p.active), 0))::numeric, 1) AS "averageHours",
        sum(p.before)::int AS "setOffBefore",
        sum(p.silent)::int AS silent
      FROM per_stage p LEFT JOIN issues_per_stage i ON i.stage = p.stage
      GROUP BY GROUPING SETS ((p.stage), ())`,
  );
  return rows.map((r) => ({
    stage: (r.stage as string | null) ?? null,
    active: Number(r.active ?? 0),
    delayed: Number(r.delayed),
    openIssues: Number(r.openIssues),
    averageHours: r.averageHours === null || r.averageHours === undefined ? null : Number(r.averageHours),
    setOffBefore: Number(r.setOffBefore ?? 0),
    silent: Number(r.silent ?? 0),
  }));
}

/** Where a page starts in the default sort (longest in stage first, then trip number). */
export interface ActiveTripKey {
  sortAt: string;
  tripNumber: string;
}

export interface ActiveTripRow extends ActiveTripKey {
  customer: string;
  clientName: string;
  cargoType: string;
  containerNumber: string | null;
  description: string | null;
  truck: string | null;
  driverName: string | null;
  latestStatus: string;
  stageSince: string;
  hoursInStage: number;
  setOff: string;
  pickupDate: string;
  expectedDelivery: string | null;
  etaTypical: string | null;
  etaLatest: string | null;
  currentLocation: { state: string; lga: string | null } | null;
  lastPosition: string | null;
  openIssues: number;
  openIssueTypes: string | null;
}

/**
 * A page of the rows in the default sort, after `after` when given; their count is the summary's. The
 * page's trips are picked in that sort from the index of the company's live trips alone, then joined to
 * their details.
 */
export async function activeTripRows(
  input: ReportInput,
  limit: number,
  offset: number,
  after: ActiveTripKey | null = null,
): Promise<ActiveTripRow[]> {
  const { scope, window } = input;
  const keyset = after
    ? sql`AND (t.latest_status_at, t.trip_number) > (${after.sortAt}::timestamptz, ${after.tripNumber}::text)`
    : sql``;
  const rows = await rowsOf<Record<string, unknown>>(
    input,
    sql`WITH page AS (
        SELECT t.id, t.trip_number, t.latest_status, t.latest_status_at, t.started_at
        FROM ${trips} t
        WHERE ${ongoingWhere(input)} AND ${setOffInRange(input, sql`t.started_at`)} ${keyset}
        ORDER BY t.latest_status_at, t.trip_number
        LIMIT ${limit} OFFSET ${offset}
      )
      SELECT p.latest_status_at::text AS "sortAt", p.trip_number AS "tripNumber",
        cu.name AS customer, o.client_name AS "clientName", t.cargo_type AS "cargoType",
        c.container_number AS "containerNumber", c.description,
        tr.registration_number AS truck, dr.first_name || ' ' || dr.last_name AS "driverName",
        p.latest_status AS "latestStatus", ${isoSql(sql`p.latest_status_at`)} AS "stageSince",
        round((${hoursSince(window.now, sql`p.latest_status_at`)})::numeric, 1) AS "hoursInStage",
        ${isoSql(sql`p.started_at`)} AS "setOff",
        to_char(t.pickup_date, 'YYYY-MM-DD') AS "pickupDate",
        to_char(t.expected_delivery_date, 'YYYY-MM-DD') AS "expectedDelivery",
        ${isoSql(sql`t.eta_typical_at`)} AS "etaTypical", ${isoSql(sql`t.eta_worst_at`)} AS "etaLatest",
        t.current_location AS "currentLocation",
        ${isoSql(sql`lp.recorded_at`)} AS "lastPosition",
        iss.open AS "openIssues", iss.types AS "openIssueTypes"
      FROM page p
      JOIN ${trips} t ON t.id = p.id
      JOIN ${orders} o ON o.id = t.order_id
      JOIN ${companies} cu ON cu.id = t.customer_company_id
      LEFT JOIN ${consignments} c ON c.trip_id = t.id
      LEFT JOIN ${trucks} tr ON tr.id = t.truck_id AND tr.company_id = ${scope.companyId}
      LEFT JOIN ${drivers} dr ON dr.id = t.driver_id AND dr.company_id = ${scope.companyId}
      LEFT JOIN ${truckLatestPositions} lp ON lp.truck_id = t.truck_id AND lp.company_id = ${scope.companyId}
      CROSS JOIN LATERAL (${openIssuesOf(sql`p.id`)}) iss
      ORDER BY p.latest_status_at, p.trip_number`,
  );
  return rows.map((r) => ({
    ...(r as unknown as ActiveTripRow),
    hoursInStage: Number(r.hoursInStage),
    openIssues: Number(r.openIssues),
  }));
}
