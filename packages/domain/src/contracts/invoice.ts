import { z } from 'zod';
import { WAITING_FREE_HOURS_MAX } from '../waiting-time';
import { MAX_AMOUNT_KOBO } from '../money';
import { amountKoboField } from './order';
import { pageOf, pageQuery } from './page';

// Invoices (docs/decisions/019-money.md): one per trip, raised at award at the winning price, with VAT
// shown apart and extra charges (waiting time, others) the customer accepts or disputes before paying.

/**
 * What an invoice is kept as. OVERDUE is not kept: an invoice is overdue while it is PENDING_PAYMENT
 * past its due date, so it never needs a job to turn it, and it is shown and filtered as such.
 */
export const STORED_INVOICE_STATUSES = ['PENDING_PAYMENT', 'PAID', 'VOID'] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];
/** What a person sees: PENDING_PAYMENT → PAID, OVERDUE once past due unpaid, VOID on cancellation. */
export const INVOICE_STATUSES = ['PENDING_PAYMENT', 'OVERDUE', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  PENDING_PAYMENT: 'Pending payment',
  OVERDUE: 'Overdue',
  PAID: 'Paid',
  VOID: 'Void',
};

/** The status an invoice shows at `now`. */
export function shownInvoiceStatus(
  status: StoredInvoiceStatus,
  dueAt: Date | string,
  now: Date = new Date(),
): InvoiceStatus {
  if (status !== 'PENDING_PAYMENT') return status;
  return new Date(dueAt).getTime() < now.getTime() ? 'OVERDUE' : 'PENDING_PAYMENT';
}

/**
 * GET /api/v1/invoices?status=PENDING_PAYMENT&page&size: the customer's "pending payments".
 * PENDING_PAYMENT lists every unpaid invoice (overdue ones too, the most urgent first); OVERDUE only
 * those past due.
 */
export const invoiceListQuery = pageQuery.extend({
  status: z.enum(INVOICE_STATUSES, { error: 'status is PENDING_PAYMENT, OVERDUE, PAID or VOID' }).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const invoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  trip: z.object({ id: z.string(), tripNumber: z.string() }),
  orderNumber: z.string(),
  customerName: z.string(),
  transporterName: z.string(),
  /** The haulage price won at award, before VAT. */
  haulageKobo: z.number().int(),
  /** Accepted extra charges, before VAT. */
  chargesKobo: z.number().int(),
  vatKobo: z.number().int(),
  /** What the customer pays: haulage, accepted charges and VAT. */
  amountKobo: z.number().int(),
  /** Charges proposed and not yet answered by the customer. */
  chargesAwaitingAnswer: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoicePage = pageOf(invoiceSchema);

/** GET /api/v1/invoices/summary: the totals above the payments page. */
export const invoiceSummarySchema = z.object({
  pendingCount: z.number().int(),
  pendingKobo: z.number().int(),
  overdueCount: z.number().int(),
  overdueKobo: z.number().int(),
  /** Paid in the current Lagos month. */
  paidThisMonthKobo: z.number().int(),
  /** Charges waiting for the customer's answer. */
  chargesAwaitingAnswer: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceIdParams = z.object({ id: z.uuid({ error: 'Invoice not found' }) });
export const invoiceChargeParams = z.object({
  id: z.uuid({ error: 'Invoice not found' }),
  chargeId: z.uuid({ error: 'Charge not found' }),
});

// ---------------------------------------------------------------------------------------------------------
// Extra charges

export const CHARGE_KINDS = ['WAITING_AT_PICKUP', 'WAITING_AT_DELIVERY', 'OTHER'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
export const CHARGE_KIND_LABELS: Record<ChargeKind, string> = {
  WAITING_AT_PICKUP: 'Waiting time at pickup',
  WAITING_AT_DELIVERY: 'Waiting time at delivery',
  OTHER: 'Extra charge',
};

/**
 * PROPOSED by the transporter (or by the platform from the trip's times), then ACCEPTED or DISPUTED by
 * the customer. A disputed charge can be revised (PROPOSED again) or WITHDRAWN by the transporter, or
 * accepted by the customer after all. Only ACCEPTED charges count in the invoice.
 */
export const CHARGE_STATUSES = ['PROPOSED', 'ACCEPTED', 'DISPUTED', 'WITHDRAWN'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  PROPOSED: 'Awaiting your answer',
  ACCEPTED: 'Accepted',
  DISPUTED: 'Disputed',
  WITHDRAWN: 'Withdrawn',
};

export const CHARGE_REASON_MAX = 500;
export const DISPUTE_NOTE_MAX = 1000;

export const invoiceChargeSchema = z.object({
  id: z.string(),
  kind: z.enum(CHARGE_KINDS),
  status: z.enum(CHARGE_STATUSES),
  amountKobo: z.number().int(),
  reason: z.string(),
  /** For waiting time: how long the truck waited, the free hours and the hourly rate it was billed at. */
  waiting: z
    .object({
      waitedMinutes: z.number().int(),
      freeHours: z.number().int(),
      chargeableHours: z.number().int(),
      rateKoboPerHour: z.number().int(),
    })
    .nullable(),
  disputeNote: z.string().nullable(),
  /** Who proposed it: a person's name, or null when the platform did from the trip's times. */
  proposedBy: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceCharge = z.infer<typeof invoiceChargeSchema>;

const chargeReason = z
  .string({ error: 'Give the reason for the charge' })
  .trim()
  .min(3, 'Give the reason for the charge')
  .max(CHARGE_REASON_MAX, `The reason must be at most ${CHARGE_REASON_MAX} characters`);

/** POST /api/v1/invoices/{id}/charges: the transporter proposes an extra charge. */
export const proposeChargeRequest = z.strictObject({ amountKobo: amountKoboField, reason: chargeReason });
export type ProposeChargeRequest = z.infer<typeof proposeChargeRequest>;

/** PATCH /api/v1/invoices/{id}/charges/{chargeId}: the transporter revises a charge; it is proposed again. */
export const reviseChargeRequest = proposeChargeRequest;
export type ReviseChargeRequest = ProposeChargeRequest;

/** POST /api/v1/invoices/{id}/charges/{chargeId}/dispute: the customer's reason. */
export const disputeChargeRequest = z.strictObject({
  note: z
    .string({ error: 'Say why you dispute the charge' })
    .trim()
    .min(3, 'Say why you dispute the charge')
    .max(DISPUTE_NOTE_MAX, `The note must be at most ${DISPUTE_NOTE_MAX} characters`),
});
export type DisputeChargeRequest = z.infer<typeof disputeChargeRequest>;

// ---------------------------------------------------------------------------------------------------------
// Payments recorded on an invoice

export const PAYMENT_METHODS = ['CARD', 'BANK_TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CARD: 'Online (Paystack)',
  BANK_TRANSFER: 'Bank transfer',
};
export const PAYMENT_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentSchema = z.object({
  id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  reference: z.string(),
  amountKobo: z.number().int(),
  /** The channel the provider reports (card, bank, ussd…), when it does. */
  channel: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Why a payment failed, or an admin's note on a bank transfer. */
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const PAYOUT_STATUSES = ['PENDING', 'PAID'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  PENDING: 'Payout pending',
  PAID: 'Paid out',
};

export const payoutSchema = z.object({
  id: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  paidKobo: z.number().int(),
  commissionBasisPoints: z.number().int(),
  commissionKobo: z.number().int(),
  netKobo: z.number().int(),
  reference: z.string().nullable(),
  paidOutAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /api/v1/invoices/{id}: the invoice with its lines, charges and payments. */
export const invoiceDetailSchema = invoiceSchema.extend({
  customer: z.object({ name: z.string(), address: z.string(), email: z.string().nullable() }),
  transporter: z.object({ name: z.string(), address: z.string(), email: z.string().nullable() }),
  cargoType: z.string(),
  pickupDate: z.string(),
  pickup: z.string(),
  recipient: z.string(),
  /** The containers or the load the trip carries, one line each. */
  cargo: z.array(z.string()),
  vatBasisPoints: z.number().int(),
  subtotalKobo: z.number().int(),
  charges: z.array(invoiceChargeSchema),
  payments: z.array(paymentSchema),
  /** The transporter's payout, shown to the transporter and admins once the invoice is paid. */
  payout: payoutSchema.nullable(),
  /** What the caller may do now; the server checks each again. */
  actions: z.array(z.enum(['PAY', 'PROPOSE_CHARGE', 'RECORD_BANK_TRANSFER'])),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

// ---------------------------------------------------------------------------------------------------------
// A transporter's waiting terms: GET/PUT /api/v1/company/waiting-terms

export const waitingTermsSchema = z.object({
  freeHours: z.number().int(),
  /** Null: the transporter does not charge for waiting. */
  rateKoboPerHour: z.number().int().nullable(),
});
export type WaitingTermsView = z.infer<typeof waitingTermsSchema>;

export const updateWaitingTermsRequest = z.strictObject({
  freeHours: z
    .number({ error: 'Enter the free hours' })
    .int('Free hours are whole hours')
    .min(0, 'Free hours cannot be negative')
    .max(WAITING_FREE_HOURS_MAX, `Free hours must be at most ${WAITING_FREE_HOURS_MAX}`),
  rateKoboPerHour: z
    .number({ error: 'Enter the hourly rate' })
    .int('Amounts are whole kobo')
    .min(0, 'The rate cannot be negative')
    .max(MAX_AMOUNT_KOBO, 'The amount is too large')
    .nullable(),
});
export type UpdateWaitingTermsRequest = z.infer<typeof updateWaitingTermsRequest>;
