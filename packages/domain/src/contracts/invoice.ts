import { z } from 'zod';
import { pageOf, pageQuery } from './page';

/** An invoice is raised per trip when an order is awarded; VOID when the trip is cancelled unpaid. */
export const INVOICE_STATUSES = ['PENDING_PAYMENT', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  PENDING_PAYMENT: 'Pending payment',
  PAID: 'Paid',
  VOID: 'Void',
};

/** GET /api/v1/invoices?status=PENDING_PAYMENT&page&size: the customer's "pending payments". */
export const invoiceListQuery = pageQuery.extend({
  status: z.enum(INVOICE_STATUSES, { error: 'status is PENDING_PAYMENT, PAID or VOID' }).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const invoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  trip: z.object({ id: z.string(), tripNumber: z.string() }),
  orderNumber: z.string(),
  customerName: z.string(),
  transporterName: z.string(),
  amountKobo: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoicePage = pageOf(invoiceSchema);
