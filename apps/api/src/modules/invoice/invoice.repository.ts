import { and, asc, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceListQuery } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { companies, invoices, orders, trips } from '../../db/schema';
import { tripScopeSql, type TripScope } from '../../queries/trip-scope.repository';

const customer = alias(companies, 'customer');
const transporter = alias(companies, 'transporter');

/**
 * A page of invoices, the soonest due first. The invoice carries both companies itself, so its scope needs
 * no join to the trip.
 */
export async function listInvoices(db: Executor, scope: TripScope, query: InvoiceListQuery) {
  const where = and(
    tripScopeSql(scope, invoices),
    query.status ? eq(invoices.status, query.status) : undefined,
  );
  const rows = await db
    .select({
      invoice: invoices,
      tripNumber: trips.tripNumber,
      orderNumber: orders.orderNumber,
      customerName: customer.name,
      transporterName: transporter.name,
    })
    .from(invoices)
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(customer, eq(customer.id, invoices.customerCompanyId))
    .innerJoin(transporter, eq(transporter.id, invoices.transporterCompanyId))
    .where(where)
    .orderBy(asc(invoices.dueAt), asc(invoices.invoiceNumber))
    .limit(query.size)
    .offset(query.page * query.size);
  const [totalRow] = await db.select({ total: count() }).from(invoices).where(where);
  return { rows, total: totalRow?.total ?? 0 };
}

/** A trip's invoice with what a reminder says of it. */
export async function findInvoiceOfTrip(db: Executor, tripId: string) {
  const [row] = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      amountKobo: invoices.amountKobo,
      dueAt: invoices.dueAt,
      customerCompanyId: invoices.customerCompanyId,
      transporterCompanyId: invoices.transporterCompanyId,
      tripNumber: trips.tripNumber,
    })
    .from(invoices)
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .where(eq(invoices.tripId, tripId))
    .limit(1);
  return row;
}
