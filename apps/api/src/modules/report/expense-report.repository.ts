import { sql } from 'drizzle-orm';
import { tripExpenses } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { numberOrNull, rowsOf } from './fleet-report.repository';
import { lagosPeriodSql } from './report-sql.repository';

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

export interface KindFigures {
  kind: string;
  expenses: number;
  approved: number;
  waiting: number;
  rejected: number;
  withoutReceipt: number;
  litres: number | null;
  dieselKobo: number;
}

/**
 * The company's expenses spent in the range, summed per kind and per period and kind (GROUPING SETS), off
 * the expenses' covering index by company and spending time (migration 0040); the trips they were spent on
 * counted once over the range.
 */
export async function expenseFigures({ db, scope, window }: ReportInput) {
  const inRange = sql`e.transporter_company_id = ${scope.companyId}
    AND e.spent_at >= ${at(window.fromAt)} AND e.spent_at < ${at(window.toAt)}`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT e.kind, ${lagosPeriodSql(sql`e.spent_at`, window.period)} AS period,
        GROUPING(${lagosPeriodSql(sql`e.spent_at`, window.period)}) AS over_periods,
        count(*)::int AS expenses,
        coalesce(sum(e.amount_kobo) FILTER (WHERE e.status = 'APPROVED'), 0)::bigint AS approved,
        coalesce(sum(e.amount_kobo) FILTER (WHERE e.status IN ('PENDING', 'QUERIED')), 0)::bigint AS waiting,
        coalesce(sum(e.amount_kobo) FILTER (WHERE e.status = 'REJECTED'), 0)::bigint AS rejected,
        count(*) FILTER (WHERE e.receipt_size_bytes IS NULL)::int AS without_receipt,
        sum(e.litres) FILTER (WHERE e.status = 'APPROVED') AS litres,
        coalesce(sum(e.amount_kobo) FILTER (WHERE e.status = 'APPROVED' AND e.litres IS NOT NULL), 0)::bigint
          AS diesel_kobo
      FROM ${tripExpenses} e
      WHERE ${inRange}
      GROUP BY GROUPING SETS ((e.kind), (e.kind, ${lagosPeriodSql(sql`e.spent_at`, window.period)}))`,
  );
  const [trips] = await rowsOf<{ trips: number }>(
    db,
    sql`SELECT count(DISTINCT e.trip_id)::int AS trips FROM ${tripExpenses} e WHERE ${inRange}`,
  );
  const figures = (r: Record<string, unknown>): KindFigures => ({
    kind: String(r.kind),
    expenses: Number(r.expenses),
    approved: Number(r.approved),
    waiting: Number(r.waiting),
    rejected: Number(r.rejected),
    withoutReceipt: Number(r.without_receipt),
    litres: numberOrNull(r.litres),
    dieselKobo: Number(r.diesel_kobo),
  });
  return {
    byKind: rows.filter((r) => Number(r.over_periods) === 1).map(figures),
    byPeriod: rows
      .filter((r) => Number(r.over_periods) === 0)
      .map((r) => ({ period: String(r.period), ...figures(r) })),
    trips: Number(trips?.trips ?? 0),
  };
}
