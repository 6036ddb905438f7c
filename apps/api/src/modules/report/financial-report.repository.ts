import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { CARGO_TYPES } from '@freightlane/domain';
import { companies, invoices, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { countWhere, lagosPeriodSql, sumKobo } from './report-sql.repository';

/** The invoices a financial report counts: the customer's, raised in the window. */
function inWindow({ scope, window }: ReportInput) {
  return and(
    eq(invoices.customerCompanyId, scope.companyId),
    gte(invoices.createdAt, window.fromAt),
    lt(invoices.createdAt, window.toAt),
  );
}

/** The money figures of a set of invoices (docs/reports.md 2.1), `now` deciding what is overdue. */
function moneyFigures(now: Date) {
  return {
    invoices: countWhere(),
    nonVoid: countWhere(sql`${invoices.status} <> 'VOID'`),
    spend: sumKobo(invoices.amountKobo, sql`${invoices.status} <> 'VOID'`),
    paid: sumKobo(invoices.amountKobo, sql`${invoices.status} = 'PAID'`),
    outstanding: sumKobo(invoices.amountKobo, sql`${invoices.status} = 'PENDING_PAYMENT'`),
    overdue: sumKobo(
      invoices.amountKobo,
      sql`${invoices.status} = 'PENDING_PAYMENT' AND ${invoices.dueAt} < ${now.toISOString()}::timestamptz`,
    ),
    voided: sumKobo(invoices.amountKobo, sql`${invoices.status} = 'VOID'`),
  };
}

export async function financialTotals(input: ReportInput) {
  const [row] = await input.db.select(moneyFigures(input.window.now)).from(invoices).where(inWindow(input));
  return row!;
}

/** Paid and outstanding per period: only the periods with invoices (the caller fills the others). */
export async function financialByPeriod(input: ReportInput) {
  const period = lagosPeriodSql(invoices.createdAt, input.window.period);
  return input.db
    .select({
      period,
      paid: sumKobo(invoices.amountKobo, sql`${invoices.status} = 'PAID'`),
      outstanding: sumKobo(invoices.amountKobo, sql`${invoices.status} = 'PENDING_PAYMENT'`),
    })
    .from(invoices)
    .where(inWindow(input))
    .groupBy(period);
}

/** A page of the rows: one per period, transporter and cargo type, with the count of all of them. */
export async function financialRows(input: ReportInput, limit: number, offset: number) {
  const period = lagosPeriodSql(invoices.createdAt, input.window.period);
  const figures = moneyFigures(input.window.now);
  const cargoOrder = sql`array_position(${sql.raw(`ARRAY[${CARGO_TYPES.map((c) => `'${c}'`).join(',')}]`)}, ${trips.cargoType})`;
  return input.db
    .select({
      period,
      transporter: companies.name,
      cargoType: trips.cargoType,
      ...figures,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .innerJoin(companies, eq(companies.id, invoices.transporterCompanyId))
    .where(inWindow(input))
    .groupBy(period, invoices.transporterCompanyId, companies.name, trips.cargoType)
    .orderBy(
      asc(period),
      desc(figures.spend),
      asc(companies.name),
      asc(cargoOrder),
      asc(invoices.transporterCompanyId),
    )
    .limit(limit)
    .offset(offset);
}
