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

export async function paymentRows(input: ReportInput, limit: number, offset: number) {
  return input.db
    .select({
      paidAt: invoices.paidAt,
      invoiceNumber: invoices.invoiceNumber,
      tripNumber: trips.tripNumber,
      orderNumber: orders.orderNumber,
      transporter: companies.name,
      amountKobo: invoices.amountKobo,
      daysToPay: sql<number>`${daysToPay}`.mapWith(Number),
      onTime: sql<boolean>`${paidOnTime}`,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, invoices.transporterCompanyId))
    .where(paidInWindow(input))
    .orderBy(asc(invoices.paidAt), asc(invoices.invoiceNumber))
    .limit(limit)
    .offset(offset);
}
