import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { companies, consignments, invoices, orders, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { countWhere, lagosDateSql, sumKobo } from './report-sql.repository';

function inWindow({ scope, window }: ReportInput) {
  return and(
    eq(invoices.customerCompanyId, scope.companyId),
    gte(invoices.createdAt, window.fromAt),
    lt(invoices.createdAt, window.toAt),
  );
}

/** Pending past its due time: overdue (docs/reports.md 2.9). */
function overdueSql(now: Date) {
  return sql`${invoices.status} = 'PENDING_PAYMENT' AND ${invoices.dueAt} < ${now.toISOString()}::timestamptz`;
}

export async function invoiceTotals(input: ReportInput) {
  const overdue = overdueSql(input.window.now);
  const [row] = await input.db
    .select({
      invoices: countWhere(),
      invoiced: sumKobo(invoices.amountKobo, sql`${invoices.status} <> 'VOID'`),
      pending: sumKobo(invoices.amountKobo, sql`${invoices.status} = 'PENDING_PAYMENT' AND NOT (${overdue})`),
      overdue: sumKobo(invoices.amountKobo, overdue),
      paid: sumKobo(invoices.amountKobo, sql`${invoices.status} = 'PAID'`),
      voided: sumKobo(invoices.amountKobo, sql`${invoices.status} = 'VOID'`),
    })
    .from(invoices)
    .where(inWindow(input));
  return row!;
}

export async function invoiceRows(input: ReportInput, limit: number, offset: number) {
  const { now } = input.window;
  const overdue = overdueSql(now);
  return input.db
    .select({
      invoiceNumber: invoices.invoiceNumber,
      issuedAt: invoices.createdAt,
      due: sql<string>`to_char(${lagosDateSql(invoices.dueAt)}, 'YYYY-MM-DD')`,
      status: sql<string>`CASE WHEN ${invoices.status} = 'PAID' THEN 'Paid' WHEN ${invoices.status} = 'VOID' THEN 'Void'
        WHEN ${overdue} THEN 'Overdue' ELSE 'Pending' END`,
      tripNumber: trips.tripNumber,
      orderNumber: orders.orderNumber,
      clientName: orders.clientName,
      transporter: companies.name,
      cargoType: trips.cargoType,
      containerNumber: consignments.containerNumber,
      description: consignments.description,
      amountKobo: invoices.amountKobo,
      paidAt: invoices.paidAt,
      daysOverdue: sql<
        number | null
      >`CASE WHEN ${overdue} THEN ${lagosDateSql(now)} - ${lagosDateSql(invoices.dueAt)} END`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, invoices.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .where(inWindow(input))
    .orderBy(asc(invoices.createdAt), asc(invoices.invoiceNumber))
    .limit(limit)
    .offset(offset);
}
