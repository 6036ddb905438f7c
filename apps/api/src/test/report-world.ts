import { eq } from 'drizzle-orm';
import { lagosDateInDays, LAGOS_OFFSET_MS } from '@freightlane/domain';
import { companies, consignments, invoices, orders, trips } from '../db/schema';
import { awardedOrder } from './awarded-trips';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  referenceIds,
} from './marketplace';
import type { TestApp } from './test-app';

const DAY = 24 * 60 * 60 * 1000;

/** The last 30 Lagos days, as a report opens on, in a query string. */
export const REPORT_FROM = lagosDateInDays(-29);
export const REPORT_TO = lagosDateInDays(0);
export const REPORT_RANGE = `from=${REPORT_FROM}&to=${REPORT_TO}`;

/** The Lagos calendar day of an instant, computed without SQL. */
export const lagosDayOf = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/**
 * A customer's books for the customer reports: orders awarded to two transporters, one invoice paid, one
 * void, one overdue and raised five days ago, one raised before the range, and another customer's order
 * that must never show.
 */
export async function customerReportWorld(t: TestApp) {
  const customer = await createVerifiedCustomer(t);
  const other = await createVerifiedCustomer(t);
  const first = await createVerifiedTransporter(t);
  const second = await createVerifiedTransporter(t);
  const { linerId } = await referenceIds(t);
  const a = await awardedOrder(t, customer, first, { containers: containerRows(3, linerId) }, 40_000_000);
  const b = await awardedOrder(
    t,
    customer,
    second,
    { cargoType: 'IMPORT_SHIPPER_OWNED', containers: containerRows(2, linerId) },
    55_000_050,
  );
  const c = await awardedOrder(t, customer, first, {}, 61_000_000);
  await awardedOrder(t, other, first, {}, 99_000_000);
  const tripIds = (order: { trips: { id: string }[] }) => order.trips.map((trip) => trip.id);
  const [a1, a2, a3] = tripIds(a.order);
  const [b1] = tripIds(b.order);
  const [c1] = tripIds(c.order);
  const now = Date.now();
  const setInvoice = (tripId: string, values: Partial<typeof invoices.$inferInsert>) =>
    t.ctx.db.update(invoices).set(values).where(eq(invoices.tripId, tripId));
  await setInvoice(a1!, { status: 'PAID', paidAt: new Date() });
  await setInvoice(a2!, { status: 'VOID' });
  await setInvoice(a3!, { dueAt: new Date(now - 3 * DAY), createdAt: new Date(now - 5 * DAY) });
  await setInvoice(b1!, { status: 'PAID', paidAt: new Date() });
  await setInvoice(c1!, { createdAt: new Date(now - 40 * DAY) });

  /** Every invoice of the customer with what the reports show beside it, read straight from the tables. */
  const invoicesOfCustomer = () =>
    t.ctx.db
      .select({
        invoice: invoices,
        tripNumber: trips.tripNumber,
        cargoType: trips.cargoType,
        orderNumber: orders.orderNumber,
        clientName: orders.clientName,
        containerNumber: consignments.containerNumber,
        transporter: companies.name,
      })
      .from(invoices)
      .innerJoin(trips, eq(trips.id, invoices.tripId))
      .innerJoin(orders, eq(orders.id, trips.orderId))
      .leftJoin(consignments, eq(consignments.tripId, trips.id))
      .innerJoin(companies, eq(companies.id, invoices.transporterCompanyId))
      .where(eq(invoices.customerCompanyId, customer.company.id));

  return { customer, other, first, second, invoicesOfCustomer };
}
