import { DEFAULT_COMMISSION_BASIS_POINTS } from '@freightlane/domain';
import { sql, type SQL } from 'drizzle-orm';
import { platformSettings, tripExpenses } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { cursorSql, type TripCursor } from './delivery-report.repository';
import { numberOrNull, rowsOf } from './fleet-report.repository';
import { lagosPeriodSql } from './report-sql.repository';

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Today's commission rate: the platform's setting, its default before an admin set one. */
const currentBasisPoints = sql`coalesce((SELECT ps.commission_basis_points FROM ${platformSettings} ps
  WHERE ps.id = 1), ${DEFAULT_COMMISSION_BASIS_POINTS})`;

/**
 * The commission rate of trip `alias`: its payout's once the invoice is paid, today's before (the trip cash
 * card's rule, decision 046).
 */
export function commissionRateSql(alias: string): SQL {
  return sql`coalesce(${sql.raw(alias)}.payout_commission_bps, ${currentBasisPoints})`;
}

/**
 * The commission on trip `alias`'s haulage, to the kobo with halves rounded up: the domain's `shareOf`,
 * the payouts' rounding (decision 047).
 */
export function commissionSql(alias: string): SQL {
  return sql`((${sql.raw(alias)}.amount_kobo * ${commissionRateSql(alias)} * 2 + 10000) / 20000)`;
}

/** Haulage less commission less approved expenses of trip `alias`. */
export function profitSql(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`(${a}.amount_kobo - ${commissionSql(alias)} - ${a}.approved_expenses_kobo)`;
}

/**
 * The company's trips completed in the range (their completion time is `latest_status_at`), each with its
 * haulage, commission, approved expenses and profit: one range of the completed trips' covering index
 * (migration 0040), which carries every one of them.
 */
function completedInRange({ scope, window }: ReportInput): SQL {
  return sql`
    SELECT d.id, d.latest_status_at, d.amount_kobo, ${commissionSql('d')} AS commission,
      d.approved_expenses_kobo AS expenses, ${profitSql('d')} AS profit,
      ${lagosPeriodSql(sql`d.latest_status_at`, window.period)} AS period
    FROM trips d
    WHERE d.transporter_company_id = ${scope.companyId} AND d.completed
      AND d.latest_status_at >= ${at(window.fromAt)} AND d.latest_status_at < ${at(window.toAt)}`;
}

export interface ProfitFigures {
  trips: number;
  haulage: number;
  commission: number;
  expenses: number;
  profit: number;
  lossMaking: number;
}

const figuresOf = (r: Record<string, unknown>): ProfitFigures => ({
  trips: Number(r.trips),
  haulage: Number(r.haulage),
  commission: Number(r.commission),
  expenses: Number(r.expenses),
  profit: Number(r.profit),
  lossMaking: Number(r.loss_making),
});

/** The range's figures, and each period's (GROUPING SETS: the row with a null period is the range's). */
export async function profitOverview(input: ReportInput) {
  const rows = await rowsOf<Record<string, unknown>>(
    input.db,
    sql`SELECT c.period, count(*)::int AS trips, coalesce(sum(c.amount_kobo), 0)::bigint AS haulage,
        coalesce(sum(c.commission), 0)::bigint AS commission, coalesce(sum(c.expenses), 0)::bigint AS expenses,
        coalesce(sum(c.profit), 0)::bigint AS profit, count(*) FILTER (WHERE c.profit < 0)::int AS loss_making
      FROM (${completedInRange(input)}) c
      GROUP BY GROUPING SETS ((c.period), ())`,
  );
  const total = rows.find((r) => r.period === null);
  return {
    totals: total
      ? figuresOf(total)
      : { trips: 0, haulage: 0, commission: 0, expenses: 0, profit: 0, lossMaking: 0 },
    byPeriod: rows
      .filter((r) => r.period !== null)
      .map((r) => ({ period: String(r.period), ...figuresOf(r) })),
  };
}

/** A page by offset, or an export batch after a cursor, in the table's order (latest completion first). */
export type ProfitRowsRead = { limit: number; offset: number } | { limit: number; after: TripCursor | null };

/**
 * Rows of the table, latest completion first (then trip number, descending): the rows are picked off the
 * covering index alone, then their names and waiting expenses are read for the picked rows only.
 */
export async function profitRows(input: ReportInput, read: ProfitRowsRead) {
  const { scope, window } = input;
  const after =
    'after' in read && read.after
      ? sql`AND (d.latest_status_at, d.trip_number) < (${read.after.at}::timestamptz, ${read.after.tripNumber})`
      : sql``;
  const offset = 'offset' in read ? read.offset : 0;
  const rows = await rowsOf<Record<string, unknown>>(
    input.db,
    sql`WITH picked AS (
        SELECT d.id FROM trips d
        WHERE d.transporter_company_id = ${scope.companyId} AND d.completed
          AND d.latest_status_at >= ${at(window.fromAt)} AND d.latest_status_at < ${at(window.toAt)} ${after}
        ORDER BY d.latest_status_at DESC, d.trip_number DESC
        LIMIT ${read.limit} OFFSET ${offset}
      )
      SELECT d.trip_number, ${cursorSql(sql`d.latest_status_at`)} AS cursor_at,
        to_char(d.latest_status_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS completed,
        cu.name AS customer,
        tr.registration_number AS truck, dr.first_name || ' ' || dr.last_name AS driver,
        d.amount_kobo AS haulage, round(${commissionRateSql('d')} / 100.0, 2) AS rate,
        ${commissionSql('d')} AS commission, d.approved_expenses_kobo AS expenses,
        (SELECT coalesce(sum(e.amount_kobo), 0) FROM ${tripExpenses} e
          WHERE e.trip_id = d.id AND e.status IN ('PENDING', 'QUERIED')) AS waiting,
        ${profitSql('d')} AS profit
      FROM picked JOIN trips d ON d.id = picked.id
      JOIN companies cu ON cu.id = d.customer_company_id
      LEFT JOIN trucks tr ON tr.id = d.truck_id AND tr.company_id = d.transporter_company_id
      LEFT JOIN drivers dr ON dr.id = d.driver_id AND dr.company_id = d.transporter_company_id
      ORDER BY d.latest_status_at DESC, d.trip_number DESC`,
  );
  return rows.map((r) => ({
    tripNumber: String(r.trip_number),
    cursorAt: String(r.cursor_at),
    completed: String(r.completed),
    customer: String(r.customer),
    truck: (r.truck as string | null) ?? null,
    driver: (r.driver as string | null) ?? null,
    haulage: Number(r.haulage),
    rate: numberOrNull(r.rate),
    commission: Number(r.commission),
    expenses: Number(r.expenses),
    waiting: Number(r.waiting),
    profit: Number(r.profit),
  }));
}
