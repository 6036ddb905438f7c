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
  tripStatusLogs,
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

/**
 * Each ongoing trip `t` with its set-off `s.at`: its one live STARTED log. Written as a join, the planner
 * hashes the set-off logs when the company has many trips under way instead of probing them one by one.
 */
const withSetOff = sql`JOIN ${tripStatusLogs} s ON s.trip_id = t.id AND s.status = 'STARTED' AND s.undone_at IS NULL`;

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
 * The summary's figures per stage and over all stages (GROUPING SETS), in one pass over the ongoing trips:
 * their set-off, open issues, trackers and last positions are joined, not looked up per trip (open issues
 * are few; trackers and positions are one per truck). An ongoing trip has set off, so one without a
 * set-off since `from` set off before the range: only the set-offs since `from` are read.
 */
export async function activeTripStages(input: ReportInput): Promise<ActiveTripStage[]> {
  const { scope, window } = input;
  const now = sql`${window.now.toISOString()}::timestamptz`;
  const silenceMinutes = sql`coalesce((SELECT s.silence_minutes FROM ${trackingSettings} s
    WHERE s.company_id = ${scope.companyId}), ${TRACKING_SETTINGS_DEFAULTS.silenceMinutes})`;
  const rows = await rowsOf<Record<string, unknown>>(
    input,
    sql`WITH ongoing AS (
        SELECT t.id, t.latest_status, t.latest_status_at, t.truck_id, s.at AS started_at
        FROM ${trips} t
        LEFT JOIN ${tripStatusLogs} s ON s.trip_id = t.id AND s.status = 'STARTED' AND s.undone_at IS NULL
          AND s.at >= ${window.fromAt.toISOString()}::timestamptz
        WHERE ${ongoingWhere(input)}
      ),
      open_issues AS (
        SELECT i.trip_id, count(*) AS open
        FROM ${tripIssues} i JOIN ${trips} t ON t.id = i.trip_id
        WHERE i.status = 'OPEN' AND ${ongoingWhere(input)}
        GROUP BY i.trip_id
      ),
      rows AS (
        SELECT o.latest_status, o.latest_status_at, coalesce(oi.open, 0) AS open,
          ${setOffInRange(input, sql`o.started_at`)} AS in_range,
          o.started_at IS NULL AS before,
          d.truck_id IS NOT NULL
            AND (lp.recorded_at IS NULL OR ${now} - lp.recorded_at > ${silenceMinutes} * interval '1 minute') AS silent
        FROM ongoing o
        LEFT JOIN open_issues oi ON oi.trip_id = o.id
        LEFT JOIN ${trackingDevices} d ON d.truck_id = o.truck_id AND d.company_id = ${scope.companyId}
        LEFT JOIN ${truckLatestPositions} lp ON lp.truck_id = o.truck_id AND lp.company_id = ${scope.companyId}
      )
      SELECT CASE WHEN GROUPING(latest_status) = 0 THEN latest_status END AS stage,
        count(*) FILTER (WHERE in_range)::int AS active,
        count(*) FILTER (WHERE in_range AND open > 0)::int AS delayed,
        coalesce(sum(open) FILTER (WHERE in_range), 0)::int AS "openIssues",
        round((avg(${hoursSince(window.now, sql`latest_status_at`)}) FILTER (WHERE in_range))::numeric, 1)
          AS "averageHours",
        count(*) FILTER (WHERE before)::int AS "setOffBefore",
        count(*) FILTER (WHERE in_range AND silent)::int AS silent
      FROM rows
      GROUP BY GROUPING SETS ((latest_status), ())`,
  );
  return rows.map((r) => ({
    stage: (r.stage as string | null) ?? null,
    active: Number(r.active),
    delayed: Number(r.delayed),
    openIssues: Number(r.openIssues),
    averageHours: r.averageHours === null || r.averageHours === undefined ? null : Number(r.averageHours),
    setOffBefore: Number(r.setOffBefore),
    silent: Number(r.silent),
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

/** A page of the rows in the default sort, after `after` when given; their count is the summary's. */
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
        SELECT t.id, t.trip_number, t.latest_status, t.latest_status_at, s.at AS started_at
        FROM ${trips} t ${withSetOff}
        WHERE ${ongoingWhere(input)} AND ${setOffInRange(input, sql`s.at`)} ${keyset}
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
