import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceListQuery } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import {
  companies,
  consignments,
  invoiceCharges,
  invoices,
  orders,
  payments,
  payouts,
  shippingLines,
  terminals,
  trips,
} from '../../db/schema';
import { pageIds, pageIdsUpTo } from '../../db/capped-page';
import { tripMatchesSql } from '../../queries/trip-search.repository';
import { tripScopeSql, type TripScope } from '../../queries/trip-scope.repository';

export type InvoiceRow = typeof invoices.$inferSelect;

const customer = alias(companies, 'customer');
const transporter = alias(companies, 'transporter');
const pickupTerminal = alias(terminals, 'pickup_terminal');
const recipientTerminal = alias(terminals, 'recipient_terminal');

/** The charges of an invoice still waiting for the customer's answer. */
const awaitingAnswerSql = sql<number>`(select count(*) from ${invoiceCharges}
  where ${invoiceCharges.invoiceId} = ${invoices.id} and ${invoiceCharges.status} = 'PROPOSED')`.mapWith(
  Number,
);

/**
 * A shown status as a filter. OVERDUE is not kept: it is an unpaid invoice past its due date, so
 * PENDING_PAYMENT keeps every unpaid one (overdue too) and OVERDUE only those past `now`.
 */
function statusSql(status: InvoiceListQuery['status'], now: Date): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'OVERDUE') return and(eq(invoices.status, 'PENDING_PAYMENT'), lt(invoices.dueAt, now));
  return eq(invoices.status, status);
}

/**
 * A search text finds the invoice through its trip's search text, which holds the invoice, trip, order and
 * container numbers, the client and the reference (migration 0029).
 */
function searchSql(q: string | undefined): SQL | undefined {
  return q ? tripMatchesSql(invoices.tripId, q) : undefined;
}

/**
 * A page of invoices, the soonest due first. The invoice carries both companies itself, so its scope needs
 * no join to the trip, and the page is chosen on invoices alone: the joins are made for its rows only (as
 * the trips list's, pageIdsUpTo).
 */
export async function listInvoices(db: Executor, scope: TripScope, query: InvoiceListQuery, now: Date) {
  const search = searchSql(query.q);
  const where = and(tripScopeSql(scope, invoices), statusSql(query.status, now), search);
  const order = [asc(invoices.dueAt), asc(invoices.invoiceNumber)];
  const at = { limit: query.size, offset: query.page * query.size };
  const { ids, total } = search
    ? await pageIdsUpTo(db, invoices.id, where, order, at)
    : {
        ids: await pageIds(db, invoices.id, where, order, at),
        total: (await db.select({ total: count() }).from(invoices).where(where))[0]?.total ?? 0,
      };
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            invoice: invoices,
            tripNumber: trips.tripNumber,
            orderNumber: orders.orderNumber,
            customerName: customer.name,
            transporterName: transporter.name,
            chargesAwaitingAnswer: awaitingAnswerSql,
          })
          .from(invoices)
          .innerJoin(trips, eq(trips.id, invoices.tripId))
          .innerJoin(orders, eq(orders.id, trips.orderId))
          .innerJoin(customer, eq(customer.id, invoices.customerCompanyId))
          .innerJoin(transporter, eq(transporter.id, invoices.transporterCompanyId))
          .where(inArray(invoices.id, ids))
          .orderBy(...order);
  return { rows, total };
}

/** The totals above the payments page, over the invoices the scope sees. */
export async function invoiceTotals(
  db: Executor,
  scope: TripScope,
  now: Date,
  month: { from: Date; to: Date },
) {
  const unpaid = sql`${invoices.status} = 'PENDING_PAYMENT'`;
  const overdue = sql`${unpaid} and ${invoices.dueAt} < ${now}`;
  const paidInMonth = sql`${invoices.status} = 'PAID' and ${invoices.paidAt} >= ${month.from} and ${invoices.paidAt} < ${month.to}`;
  const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const sumWhere = (condition: SQL) =>
    sql<number>`coalesce(sum(${invoices.amountKobo}) filter (where ${condition}), 0)::bigint`.mapWith(Number);
  const [figures] = await db
    .select({
      pendingCount: countWhere(unpaid),
      pendingKobo: sumWhere(unpaid),
      overdueCount: countWhere(overdue),
      overdueKobo: sumWhere(overdue),
      paidThisMonthKobo: sumWhere(paidInMonth),
    })
    .from(invoices)
    .where(tripScopeSql(scope, invoices));
  const [awaiting] = await db
    .select({ n: count() })
    .from(invoiceCharges)
    .innerJoin(invoices, eq(invoices.id, invoiceCharges.invoiceId))
    .where(
      and(
        tripScopeSql(scope, invoices),
        eq(invoices.status, 'PENDING_PAYMENT'),
        eq(invoiceCharges.status, 'PROPOSED'),
      ),
    );
  return {
    pendingCount: figures?.pendingCount ?? 0,
    pendingKobo: figures?.pendingKobo ?? 0,
    overdueCount: figures?.overdueCount ?? 0,
    overdueKobo: figures?.overdueKobo ?? 0,
    paidThisMonthKobo: figures?.paidThisMonthKobo ?? 0,
    chargesAwaitingAnswer: awaiting?.n ?? 0,
  };
}

/** An invoice with its trip number and both companies' names: what its access check and its notices need. */
function selectInvoiceRecord(db: Executor) {
  return db
    .select({
      invoice: invoices,
      tripNumber: trips.tripNumber,
      customerName: customer.name,
      transporterName: transporter.name,
    })
    .from(invoices)
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .innerJoin(customer, eq(customer.id, invoices.customerCompanyId))
    .innerJoin(transporter, eq(transporter.id, invoices.transporterCompanyId));
}

/**
 * An invoice by id. `forUpdate` locks the invoice row alone (never the trip or the companies) for the rest
 * of the transaction: every change to its charges and figures takes this lock first, so two answers to its
 * charges run one after the other.
 */
export async function findInvoice(db: Executor, invoiceId: string, options: { forUpdate?: boolean } = {}) {
  const query = selectInvoiceRecord(db).where(eq(invoices.id, invoiceId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: invoices }) : await query;
  return row;
}

export type InvoiceRecord = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** The invoice of a trip, locked, when a step of the trip may add a waiting charge to it. */
export async function lockInvoiceOfTrip(db: Executor, tripId: string): Promise<InvoiceRecord | undefined> {
  const [row] = await selectInvoiceRecord(db)
    .where(eq(invoices.tripId, tripId))
    .limit(1)
    .for('update', { of: invoices });
  return row;
}

/** What the invoice page and its PDF show beyond the invoice: both companies, the trip and its cargo. */
export async function findInvoiceDetailRow(db: Executor, invoiceId: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      awaiting: awaitingAnswerSql,
      orderNumber: orders.orderNumber,
      trip: {
        tripNumber: trips.tripNumber,
        cargoType: trips.cargoType,
        pickupDate: trips.pickupDate,
        pickupTerminalId: trips.pickupTerminalId,
        pickupAddress: trips.pickupAddress,
        recipientTerminalId: trips.recipientTerminalId,
        recipientAddress: trips.recipientAddress,
      },
      customer: { name: customer.name, address: customer.address, email: customer.contactEmail },
      transporter: { name: transporter.name, address: transporter.address, email: transporter.contactEmail },
      // The id first: Drizzle reads a left-joined object as missing when its first column is null, which
      // a general-cargo load's container number always is.
      consignment: {
        id: consignments.id,
        containerNumber: consignments.containerNumber,
        containerSize: consignments.containerSize,
        description: consignments.description,
        quantity: consignments.quantity,
        weightKg: consignments.weightKg,
        truckType: consignments.truckType,
      },
      linerName: shippingLines.name,
      pickupTerminal,
      recipientTerminal,
    })
    .from(invoices)
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(customer, eq(customer.id, invoices.customerCompanyId))
    .innerJoin(transporter, eq(transporter.id, invoices.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(shippingLines, eq(shippingLines.id, consignments.linerId))
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(recipientTerminal, eq(recipientTerminal.id, trips.recipientTerminalId))
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  return row;
}

/** The invoice's figures, written with the charge change that moved them. */
export async function updateInvoiceFigures(
  db: Executor,
  invoiceId: string,
  figures: { chargesKobo: number; vatKobo: number; amountKobo: number },
): Promise<void> {
  await db.update(invoices).set(figures).where(eq(invoices.id, invoiceId));
}

/** The payments of an invoice, newest first. Payments are written by the payment module; read here only. */
export async function listPaymentsOfInvoice(db: Executor, invoiceId: string) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** The transporter's payout of a paid invoice; written with the payment, read here only. */
export async function findPayoutOfInvoice(db: Executor, invoiceId: string) {
  const [row] = await db.select().from(payouts).where(eq(payouts.invoiceId, invoiceId)).limit(1);
  return row;
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
