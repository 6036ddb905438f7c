import { sql, type SQL } from 'drizzle-orm';
import { driverCashDays, driverCashTotals, drivers } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { rowsOf } from './fleet-report.repository';

/**
 * Every driver of the company who is active or has ever had cash with it, with their figures over the
 * range from the daily cash sums kept by migration 0040 (decision 047): what changed in the range, what
 * changed after it, and the totals of all time. A balance is approved expenses less advances less what
 * was paid at settlement: what the company owes the driver, negative while the driver holds its cash.
 */
function driversCte({ scope, window }: ReportInput): SQL {
  const sums = sql`sum(advances_kobo) AS advances, sum(approved_kobo) AS approved, sum(waiting_kobo) AS waiting,
    sum(paid_kobo) AS paid, max(day) AS last_day`;
  return sql`in_range AS (
      SELECT driver_id, ${sums} FROM ${driverCashDays}
      WHERE transporter_company_id = ${scope.companyId} AND day >= ${window.from}::date AND day <= ${window.to}::date
      GROUP BY driver_id
    ), after_range AS (
      SELECT driver_id, ${sums} FROM ${driverCashDays}
      WHERE transporter_company_id = ${scope.companyId} AND day > ${window.to}::date
      GROUP BY driver_id
    ), per_driver AS (
      SELECT dr.id, dr.first_name || ' ' || dr.last_name AS name, dr.phone_number,
        coalesce(r.advances, 0) AS advances, coalesce(r.approved, 0) AS approved, coalesce(r.paid, 0) AS paid,
        coalesce(t.approved_kobo - t.advances_kobo - t.paid_kobo, 0)
          - coalesce(a.approved - a.advances - a.paid, 0) AS closing,
        coalesce(t.waiting_kobo, 0) - coalesce(a.waiting, 0) AS waiting,
        (SELECT max(d.day) FROM ${driverCashDays} d WHERE d.transporter_company_id = ${scope.companyId}
          AND d.driver_id = dr.id AND d.day <= ${window.to}::date) AS last_day
      FROM ${drivers} dr
      LEFT JOIN ${driverCashTotals} t ON t.transporter_company_id = ${scope.companyId} AND t.driver_id = dr.id
      LEFT JOIN in_range r ON r.driver_id = dr.id
      LEFT JOIN after_range a ON a.driver_id = dr.id
      WHERE dr.company_id = ${scope.companyId} AND (dr.active OR t.driver_id IS NOT NULL)
    )`;
}

const kobo = (value: unknown) => Number(value ?? 0);

/** The summary's figures over every driver of the table, and each period's advances and approved expenses. */
export async function balanceOverview(input: ReportInput) {
  const { scope, window } = input;
  const [totals] = await rowsOf<Record<string, unknown>>(
    input.db,
    sql`WITH ${driversCte(input)}
      SELECT count(*)::int AS drivers, count(*) FILTER (WHERE closing <> 0)::int AS with_balance,
        coalesce(sum(closing) FILTER (WHERE closing > 0), 0)::bigint AS owed,
        coalesce(-sum(closing) FILTER (WHERE closing < 0), 0)::bigint AS held,
        coalesce(sum(advances), 0)::bigint AS advances, coalesce(sum(approved), 0)::bigint AS approved,
        coalesce(sum(paid), 0)::bigint AS paid, coalesce(sum(waiting), 0)::bigint AS waiting
      FROM per_driver`,
  );
  const format = window.period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const byPeriod = await rowsOf<Record<string, unknown>>(
    input.db,
    sql`SELECT to_char(d.day, ${format}) AS period, sum(d.advances_kobo)::bigint AS advances,
        sum(d.approved_kobo)::bigint AS approved
      FROM ${driverCashDays} d JOIN ${drivers} dr ON dr.id = d.driver_id AND dr.company_id = ${scope.companyId}
      WHERE d.transporter_company_id = ${scope.companyId} AND d.day >= ${window.from}::date
        AND d.day <= ${window.to}::date
      GROUP BY 1`,
  );
  return {
    totals: {
      drivers: Number(totals!.drivers),
      withBalance: Number(totals!.with_balance),
      owed: kobo(totals!.owed),
      held: kobo(totals!.held),
      advances: kobo(totals!.advances),
      approved: kobo(totals!.approved),
      paid: kobo(totals!.paid),
      waiting: kobo(totals!.waiting),
    },
    byPeriod: byPeriod.map((p) => ({
      period: String(p.period),
      advances: kobo(p.advances),
      approved: kobo(p.approved),
    })),
  };
}

/** A page of drivers: the most owed to first, then by name. */
export async function balanceRows(input: ReportInput, limit: number, offset: number) {
  const rows = await rowsOf<Record<string, unknown>>(
    input.db,
    sql`WITH ${driversCte(input)}
      SELECT p.*, to_char(p.last_day, 'YYYY-MM-DD') AS last_movement
      FROM per_driver p
      ORDER BY p.closing DESC, p.name, p.id
      LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => {
    const closing = kobo(r.closing);
    const change = kobo(r.approved) - kobo(r.advances) - kobo(r.paid);
    return {
      name: String(r.name),
      phoneNumber: String(r.phone_number),
      opening: closing - change,
      advances: kobo(r.advances),
      approved: kobo(r.approved),
      paid: kobo(r.paid),
      closing,
      waiting: kobo(r.waiting),
      lastMovement: (r.last_movement as string | null) ?? null,
    };
  });
}
