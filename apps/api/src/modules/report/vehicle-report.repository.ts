import { sql } from 'drizzle-orm';
import type { ReportInput } from './report-definition';
import {
  DOCUMENT_KINDS_SQL,
  documentExpirySql,
  expiryStateSql,
  numberOrNull,
  periodOfDate,
  rowsOf,
  windowSql,
} from './fleet-report.repository';

/**
 * The CTE `docs`: each document kind of each active truck of the company, with its expiry date (null when
 * missing) and its state at `now`.
 */
function documentsCte({ scope, window }: ReportInput) {
  const w = windowSql(window);
  const expiresOn = documentExpirySql(sql`r.documents`, sql`kinds.kind`);
  return sql`docs AS (
    SELECT r.id AS truck_id, r.registration_number, r.make, r.model, kinds.kind, kinds.ord,
      r.documents -> kinds.kind ->> 'number' AS number,
      ${expiresOn} AS expires_on,
      ${expiryStateSql(expiresOn, w.today)} AS state
    FROM trucks r CROSS JOIN ${DOCUMENT_KINDS_SQL}
    WHERE r.company_id = ${scope.companyId} AND r.active
  )`;
}

/** The document figures of the active trucks at `now`, whatever the range, and those falling due in it. */
export async function vehicleTotals(input: ReportInput) {
  const w = windowSql(input.window);
  const [row] = await rowsOf<Record<string, unknown>>(
    input.db,
    sql`WITH ${documentsCte(input)},
      per_truck AS (SELECT truck_id, bool_and(state = 'VALID') AS all_valid FROM docs GROUP BY truck_id)
      SELECT (SELECT count(*) FROM per_truck)::int AS trucks,
        count(*) FILTER (WHERE state = 'EXPIRED')::int AS expired,
        count(*) FILTER (WHERE state = 'EXPIRING')::int AS expiring,
        count(*) FILTER (WHERE state = 'MISSING')::int AS missing,
        (SELECT count(*) FROM per_truck WHERE all_valid)::int AS "allValid",
        count(*) FILTER (WHERE expires_on BETWEEN ${w.from} AND ${w.to})::int AS "dueInRange"
      FROM docs`,
  );
  return {
    trucks: Number(row!.trucks),
    expired: Number(row!.expired),
    expiring: Number(row!.expiring),
    missing: Number(row!.missing),
    allValid: Number(row!.allValid),
    dueInRange: Number(row!.dueInRange),
  };
}

/** Documents falling due per period of their expiry date and kind: only the periods with some. */
export async function vehicleByPeriod(input: ReportInput) {
  const w = windowSql(input.window);
  const rows = await rowsOf<{ period: string; kind: string; documents: number }>(
    input.db,
    sql`WITH ${documentsCte(input)}
      SELECT ${periodOfDate(sql`expires_on`, input.window)} AS period, kind, count(*)::int AS documents
      FROM docs WHERE expires_on BETWEEN ${w.from} AND ${w.to}
      GROUP BY 1, 2`,
  );
  return rows.map((r) => ({ period: r.period, kind: r.kind, documents: Number(r.documents) }));
}

/**
 * A page of the documents: every one that needs seeing to now (missing, expired or expiring within 30
 * days, whatever the range: the summary counts those at `now`, and a document that expired before the
 * range is still expired) and every one falling due in the range; the missing first, then by date, plate
 * and kind order. A truck has one row per kind, so (plate, kind) is unique within the company.
 */
export async function vehicleRows(input: ReportInput, limit: number, offset: number) {
  const { scope } = input;
  const w = windowSql(input.window);
  const rows = await rowsOf<Record<string, unknown>>(
    input.db,
    sql`WITH ${documentsCte(input)}
      SELECT d.*, to_char(d.expires_on, 'YYYY-MM-DD') AS expires_on_text, d.expires_on - ${w.today} AS days_left,
        EXISTS (
          SELECT 1 FROM trips lt WHERE lt.truck_id = d.truck_id AND lt.transporter_company_id = ${scope.companyId}
            AND lt.completed = false AND lt.cancelled_at IS NULL
        ) AS on_trip,
        count(*) OVER ()::int AS total
      FROM docs d
      WHERE d.state <> 'VALID' OR d.expires_on BETWEEN ${w.from} AND ${w.to}
      ORDER BY d.expires_on IS NOT NULL, d.expires_on, d.registration_number, d.ord, d.truck_id
      LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => ({
    registrationNumber: r.registration_number as string,
    make: r.make as string,
    model: r.model as string,
    kind: r.kind as string,
    number: (r.number as string | null) ?? null,
    expiresOn: (r.expires_on_text as string | null) ?? null,
    state: r.state as string,
    daysLeft: numberOrNull(r.days_left),
    onTrip: Boolean(r.on_trip),
    total: Number(r.total),
  }));
}
