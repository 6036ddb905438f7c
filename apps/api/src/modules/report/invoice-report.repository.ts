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

/** The number of rows of the table: the invoices of the window, counted on the index alone. */
export async function invoiceCount(input: ReportInput) {
  const [row] = await input.db.select({ total: countWhere() }).from(invoices).where(inWindow(input));
  return row!.total;
}

/**
 * A page of the table. The page's invoices are picked from the invoices alone, in the order of the index
 * on (customer, issued, number), so only those rows are joined to their trip, order and transporter.
 */
export async function invoiceRows(input: ReportInput, limit: number, offset: number) {
  const { now } = input.window;
  const page = input.db
    .select({
      invoiceNumber: sql<string>`${invoices.invoiceNumber}`.as('page_invoice_number'),
      createdAt: sql<Date>`${invoices.createdAt}`.as('page_created_at'),
      dueAt: sql<Date>`${invoices.dueAt}`.as('page_due_at'),
      status: sql<string>`${invoices.status}`.as('page_status'),
      tripId: sql<string>`${invoices.tripId}`.as('page_trip_id'),
      transporterCompanyId: sql<string>`${invoices.transporterCompanyId}`.as('page_transporter_company_id'),
      amountKobo: sql<number>`${invoices.amountKobo}`.as('page_amount_kobo'),
      paidAt: sql<Date | null>`${invoices.paidAt}`.as('page_paid_at'),
    })
    .from(invoices)
    .where(inWindow(input))
    .orderBy(asc(invoices.createdAt), asc(invoices.invoiceNumber))
    .limit(limit)
    .offset(offset)
    .as('page');
  const overdue = sql`${page.status} = 'PENDING_PAYMENT' AND ${page.dueAt} < ${now.toISOString()}::timestamptz`;
  return input.db
    .select({
      invoiceNumber: page.invoiceNumber,
      issuedAt: sql<Date>`${page.createdAt}`.mapWith(invoices.createdAt),
      due: sql<string>`to_char(${lagosDateSql(page.dueAt)}, 'YYYY-MM-DD')`,
      status: sql<string>`CASE WHEN ${page.status} = 'PAID' THEN 'Paid' WHEN ${page.status} = 'VOID' THEN 'Void'
        WHEN ${overdue} THEN 'Overdue' ELSE 'Pending' END`,
      tripNumber: trips.tripNumber,
      orderNumber: orders.orderNumber,
      clientName: orders.clientName,
      transporter: companies.name,
      cargoType: trips.cargoType,
      containerNumber: consignments.containerNumber,
      description: consignments.description,
      amountKobo: sql<number>`${page.amountKobo}`.mapWith(invoices.amountKobo),
      paidAt: sql<Date | null>`${page.paidAt}`.mapWith(invoices.paidAt),
      daysOverdue: sql<
        number | null
      >`CASE WHEN ${overdue} THEN ${lagosDateSql(now)} - ${lagosDateSql(page.dueAt)} END`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(page)
    .innerJoin(trips, eq(trips.id, page.tripId))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, page.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .orderBy(asc(page.createdAt), asc(page.invoiceNumber));
}
