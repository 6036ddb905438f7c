import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoiceCharges, invoices, paymentWebhookEvents, payments, trips } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

const invoiceColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  tripId: invoices.tripId,
  tripNumber: trips.tripNumber,
  customerCompanyId: invoices.customerCompanyId,
  transporterCompanyId: invoices.transporterCompanyId,
  haulageKobo: invoices.haulageKobo,
  chargesKobo: invoices.chargesKobo,
  amountKobo: invoices.amountKobo,
  status: invoices.status,
  dueAt: invoices.dueAt,
  paidAt: invoices.paidAt,
  createdAt: invoices.createdAt,
};

/**
 * An invoice with what paying it needs. `forUpdate` holds the invoice row until the transaction ends:
 * every settlement of an invoice takes this lock first, so a webhook, a return page's verification and an
 * admin's bank transfer of one invoice queue up instead of racing.
 */
export async function findInvoiceForPayment(
  db: Executor,
  invoiceId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: invoices }) : await query;
  return row;
}
export type InvoiceForPayment = NonNullable<Awaited<ReturnType<typeof findInvoiceForPayment>>>;

/** Charges the customer has not answered yet: while any waits, the invoice cannot be paid. */
export async function countProposedCharges(db: Executor, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoiceCharges)
    .where(and(eq(invoiceCharges.invoiceId, invoiceId), eq(invoiceCharges.status, 'PROPOSED')));
  return row?.n ?? 0;
}

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function updatePayment(
  db: Executor,
  paymentId: string,
  values: Partial<Pick<PaymentRow, 'accessCode' | 'authorizationUrl'>>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
}

export async function findPaymentByReference(
  db: Executor,
  reference: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  return row;
}

/** The invoice's successful payment, if it has one (a unique index allows one). */
export async function findSucceededPayment(db: Executor, invoiceId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'SUCCEEDED')))
    .limit(1);
  return row;
}

/**
 * Turns a PENDING payment SUCCEEDED; undefined when it is PENDING no more, so a replayed or concurrent
 * duplicate settles nothing.
 */
export async function claimPendingPayment(
  db: Executor,
  paymentId: string,
  values: { channel: string | null; paidAt: Date },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status: 'SUCCEEDED', channel: values.channel, paidAt: values.paidAt, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING')))
    .returning();
  return row;
}

/** Turns a PENDING payment FAILED, saying why. */
export async function failPendingPayment(db: Executor, paymentId: string, note: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'FAILED', note, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING')));
}

/** Marks an unpaid invoice PAID; undefined when it was paid or voided already. */
export async function markInvoicePaid(db: Executor, invoiceId: string, paidAt: Date) {
  const [row] = await db
    .update(invoices)
    .set({ status: 'PAID', paidAt })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'PENDING_PAYMENT')))
    .returning({ id: invoices.id, status: invoices.status, paidAt: invoices.paidAt });
  return row;
}

/** A provider's webhook as received, with what was made of it. */
export async function insertWebhookEvent(
  db: Executor,
  values: typeof paymentWebhookEvents.$inferInsert,
): Promise<void> {
  await db.insert(paymentWebhookEvents).values(values);
}
