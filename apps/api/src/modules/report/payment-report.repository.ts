import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { companies, invoices, orders, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { countWhere, lagosDateSql, lagosPeriodSql, sumKobo } from './report-sql.repository';

/** Invoices paid in the window: the payments until issue 16 records them one by one. */
function paidInWindow({ scope, window }: ReportInput) {
  return and(
    eq(invoices.customerCompanyId, scope.companyId),
    eq(invoices.status, 'PAID'),
    gte(invoices.paidAt, window.fromAt),
    lt(invoices.paidAt, window.toAt),
  );
}

const daysToPay = sql`(${lagosDateSql(invoices.paidAt)} - ${lagosDateSql(invoices.createdAt)})`;
const paidOnTime = sql`${invoices.paidAt} <= ${invoices.dueAt}`;

export async function paymentTotals(input: ReportInput) {
  const { scope, window } = input;
  const [paid] = await input.db
    .select({
      payments: countWhere(),
      amount: sumKobo(invoices.amountKobo),
      averageDays: sql<number | null>`round(avg(${daysToPay}), 1)`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      onTime: countWhere(paidOnTime),
    })
    .from(invoices)
    .where(paidInWindow(input));
  // Pending invoices whose due date falls in the range, whenever they were raised.
  const [due] = await input.db
    .select({ unpaid: sumKobo(invoices.amountKobo) })
    .from(invoices)
    .where(
      and(
        eq(invoices.customerCompanyId, scope.companyId),
        eq(invoices.status, 'PENDING_PAYMENT'),
        gte(invoices.dueAt, window.fromAt),
        lt(invoices.dueAt, window.toAt),
      ),
    );
  return { ...paid!, dueUnpaid: due!.unpaid };
}

export async function paymentsByPeriod(input: ReportInput) {
  const period = lagosPeriodSql(invoices.paidAt, input.window.period);
  return input.db
    .select({ period, amount: sumKobo(invoices.amountKobo) })
    .from(invoices)
    .where(paidInWindow(input))
    .groupBy(period);
}

/** The number of rows of the table: the invoices paid in the window, counted on the index alone. */
export async function paymentCount(input: ReportInput) {
  const [row] = await input.db.select({ total: countWhere() }).from(invoices).where(paidInWindow(input));
  return row!.total;
}

/**
 * A page of the table. The page's invoices are picked from the paid invoices alone, in the order of the
 * index on (customer, paid at, number), so only those rows are joined to their trip, order and transporter.
 */
export async function paymentRows(input: ReportInput, limit: number, offset: number) {
  const page = input.db
    .select({
      paidAt: sql<Date>`${invoices.paidAt}`.as('page_paid_at'),
      invoiceNumber: sql<string>`${invoices.invoiceNumber}`.as('page_invoice_number'),
      tripId: sql<string>`${invoices.tripId}`.as('page_trip_id'),
      transporterCompanyId: sql<string>`${invoices.transporterCompanyId}`.as('page_transporter_company_id'),
      amountKobo: sql<number>`${invoices.amountKobo}`.as('page_amount_kobo'),
      daysToPay: sql<number>`${daysToPay}`.as('page_days_to_pay'),
      onTime: sql<boolean>`${paidOnTime}`.as('page_on_time'),
    })
    .from(invoices)
    .where(paidInWindow(input))
    .orderBy(asc(invoices.paidAt), asc(invoices.invoiceNumber))
    .limit(limit)
    .offset(offset)
    .as('page');
  return input.db
    .select({
      paidAt: sql<Date | null>`${page.paidAt}`.mapWith(invoices.paidAt),
      invoiceNumber: page.invoiceNumber,
      tripNumber: trips.tripNumber,
      orderNumber: orders.orderNumber,
      transporter: companies.name,
      amountKobo: sql<number>`${page.amountKobo}`.mapWith(invoices.amountKobo),
      daysToPay: sql<number>`${page.daysToPay}`.mapWith(Number),
      onTime: sql<boolean>`${page.onTime}`,
    })
    .from(page)
    .innerJoin(trips, eq(trips.id, page.tripId))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, page.transporterCompanyId))
    .orderBy(asc(page.paidAt), asc(page.invoiceNumber));
}
