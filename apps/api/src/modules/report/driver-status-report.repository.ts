import { sql } from 'drizzle-orm';
import type { ReportInput } from './report-definition';
import {
  activeDaysCtes,
  availableDaysSql,
  CHART_JSON_SQL,
  expiryStateSql,
  FINISHED_AT_SQL,
  isoOrNull,
  liveTripJoin,
  numberOrNull,
  periodDaysCtes,
  rowsOf,
  statusRankSql,
  windowSql,
  type PeriodDays,
} from './fleet-report.repository';

/**
 * The summary and the chart in one statement, so the intervals are read once: the drivers by status now,
 * the active ones whose licence has expired, their days on trip, and per period the driver-days on trip
 * and free of the active ones.
 */
export async function driverStatusOverview(input: ReportInput) {
  const { scope, window } = input;
  const w = windowSql(window);
  const [row] = await rowsOf<{ totals: Record<string, unknown>; chart: PeriodDays[] }>(
    input.db,
    sql`WITH ${activeDaysCtes(input, 'driver')}, ${periodDaysCtes(input, 'driver')},
      crew AS (
        SELECT d.active, ${statusRankSql('d')} AS status_rank, coalesce(rd.days, 0) AS days_on_trip,
          d.licence_expires_on < ${w.today} AS licence_expired
        FROM drivers d ${liveTripJoin(input, 'driver', 'd')}
        LEFT JOIN resource_days rd ON rd.resource_id = d.id
        WHERE d.company_id = ${scope.companyId}
      )
      SELECT
        (SELECT row_to_json(x) FROM (
          SELECT count(*)::int AS drivers,
            count(*) FILTER (WHERE status_rank = 1)::int AS "onTrip",
            count(*) FILTER (WHERE status_rank = 2)::int AS assigned,
            count(*) FILTER (WHERE status_rank = 3)::int AS available,
            count(*) FILTER (WHERE status_rank = 4)::int AS off,
            count(*) FILTER (WHERE active AND licence_expired)::int AS "licencesExpired",
            coalesce(sum(days_on_trip), 0)::int AS "daysOnTrip"
          FROM crew) x) AS totals,
        ${CHART_JSON_SQL} AS chart`,
  );
  const { totals, chart } = row!;
  return {
    totals: {
      drivers: Number(totals.drivers),
      onTrip: Number(totals.onTrip),
      assigned: Number(totals.assigned),
      available: Number(totals.available),
      off: Number(totals.off),
      licencesExpired: Number(totals.licencesExpired),
      daysOnTrip: Number(totals.daysOnTrip),
    },
    chart,
  };
}

/**
 * A page of drivers: status order (On trip, Assigned, Available, Off), then name. The intervals, the live
 * trip's details and the last trip ended are read for the page's drivers only.
 */
export async function driverStatusRows(input: ReportInput, limit: number, offset: number) {
  const { scope, window } = input;
  const w = windowSql(window);
  const rows = await rowsOf<Record<string, unknown>>(
    input.db,
    sql`WITH page AS (
        SELECT d.id, d.first_name || ' ' || d.last_name AS name, d.phone_number, d.active, d.created_at,
          ${expiryStateSql(sql`d.licence_expires_on`, w.today)} AS licence_state,
          lt.id AS live_trip_id, ${statusRankSql('d')} AS status_rank, count(*) OVER ()::int AS total
        FROM drivers d ${liveTripJoin(input, 'driver', 'd')}
        WHERE d.company_id = ${scope.companyId}
        ORDER BY status_rank, name, d.id
        LIMIT ${limit} OFFSET ${offset}
      ),
      ${activeDaysCtes(input, 'driver', sql`page`)}
      SELECT page.*, lt.trip_number, lt.latest_status,
        round((extract(epoch FROM ${w.now} - lt.latest_status_at) / 3600)::numeric, 1) AS time_in_stage,
        customer.name AS customer,
        coalesce(pt.name, (lt.pickup_address ->> 'state') || ' (address)') || ' → '
          || coalesce(dt.name, (lt.recipient_address ->> 'state') || ' (address)') AS lane,
        truck.registration_number AS truck,
        nullif(concat_ws(', ', lt.current_location ->> 'state', lt.current_location ->> 'lga',
          lt.current_location ->> 'description'), '') AS last_location,
        (
          SELECT ${FINISHED_AT_SQL} FROM trips t
          WHERE t.driver_id = page.id AND t.transporter_company_id = ${scope.companyId}
            AND (t.completed OR (t.cancelled_at IS NOT NULL AND t.started_at IS NOT NULL))
          ORDER BY ${FINISHED_AT_SQL} DESC LIMIT 1
        ) AS last_trip_ended,
        coalesce(rt.trips, 0) AS trips_in_range, coalesce(rd.days, 0) AS days_on_trip,
        ${availableDaysSql(window, 'page')} AS available_days
      FROM page
      LEFT JOIN trips lt ON lt.id = page.live_trip_id
      LEFT JOIN companies customer ON customer.id = lt.customer_company_id
      LEFT JOIN terminals pt ON pt.id = lt.pickup_terminal_id
      LEFT JOIN terminals dt ON dt.id = lt.recipient_terminal_id
      LEFT JOIN trucks truck ON truck.id = lt.truck_id AND truck.company_id = ${scope.companyId}
      LEFT JOIN resource_trips rt ON rt.resource_id = page.id
      LEFT JOIN resource_days rd ON rd.resource_id = page.id
      ORDER BY page.status_rank, page.name, page.id`,
  );
  return rows.map((r) => ({
    name: r.name as string,
    phoneNumber: r.phone_number as string,
    statusRank: Number(r.status_rank),
    tripNumber: (r.trip_number as string | null) ?? null,
    latestStatus: (r.latest_status as string | null) ?? null,
    timeInStage: numberOrNull(r.time_in_stage),
    customer: (r.customer as string | null) ?? null,
    lane: (r.lane as string | null) ?? null,
    truck: (r.truck as string | null) ?? null,
    lastLocation: (r.last_location as string | null) ?? null,
    lastTripEnded: isoOrNull(r.last_trip_ended),
    tripsInRange: Number(r.trips_in_range),
    daysOnTrip: Number(r.days_on_trip),
    availableDays: numberOrNull(r.available_days),
    licenceState: r.licence_state as string,
    total: Number(r.total),
  }));
}
