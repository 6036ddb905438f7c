import { z } from 'zod';
import { INVOICE_STATUSES, PAYMENT_STATUSES, PAYOUT_STATUSES, payoutSchema } from './invoice';
import { pageOf, pageQuery } from './page';

// Payments of invoices, through the payment provider or by bank transfer, and the transporters'
// earnings and payouts (docs/decisions/019-money.md).

/** POST /api/v1/invoices/{id}/checkout: starts an online payment; the amount is the server's. */
export const checkoutResponse = z.object({
  /** Where to send the payer: the provider's checkout page. */
  authorizationUrl: z.string(),
  reference: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** GET /api/v1/payments/verify?reference=: what the checkout's return page shows. */
export const paymentReferenceQuery = z.object({
  reference: z
    .string({ error: 'reference is required' })
    .trim()
    .min(1, 'reference is required')
    .max(100, 'reference must be at most 100 characters')
    .regex(/^[A-Za-z0-9_.=-]+$/, 'reference has letters, digits, dots, dashes and underscores only'),
});
export const paymentOutcomeSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceStatus: z.enum(INVOICE_STATUSES),
  amountKobo: z.number().int(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/** POST /api/v1/admin/invoices/{id}/bank-transfer: an admin records a transfer seen on the bank statement. */
export const recordBankTransferRequest = z.strictObject({
  reference: z
    .string({ error: 'Enter the transfer reference from the bank statement' })
    .trim()
    .min(4, 'Enter the transfer reference from the bank statement')
    .max(60, 'The reference must be at most 60 characters'),
  /** The day the money arrived (Lagos), not in the future. */
  receivedOn: z.iso.date({ error: 'Enter the day the money arrived as YYYY-MM-DD' }),
  note: z.string().trim().max(500, 'The note must be at most 500 characters').optional(),
});
export type RecordBankTransferRequest = z.infer<typeof recordBankTransferRequest>;

// ---------------------------------------------------------------------------------------------------------
// Transporter earnings and payouts

/** GET /api/v1/earnings: a transporter's paid trips with the commission and payout of each. */
export const earningListQuery = pageQuery.extend({
  status: z.enum(PAYOUT_STATUSES, { error: 'status is PENDING or PAID' }).optional(),
});
export type EarningListQuery = z.infer<typeof earningListQuery>;

export const earningSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  trip: z.object({ id: z.string(), tripNumber: z.string() }),
  customerName: z.string(),
  transporterName: z.string(),
  paidAt: z.string(),
  payout: payoutSchema,
});
export type Earning = z.infer<typeof earningSchema>;
export const earningPage = pageOf(earningSchema);

export const earningSummarySchema = z.object({
  paidByCustomersKobo: z.number().int(),
  commissionKobo: z.number().int(),
  netKobo: z.number().int(),
  pendingPayoutKobo: z.number().int(),
  paidOutKobo: z.number().int(),
});
export type EarningSummary = z.infer<typeof earningSummarySchema>;

/** GET /api/v1/admin/payouts: every transporter's payouts, pending first. */
export const adminPayoutListQuery = earningListQuery.extend({
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export const payoutIdParams = z.object({ id: z.uuid({ error: 'Payout not found' }) });

/** POST /api/v1/admin/payouts/{id}/paid: the transfer made to the transporter. */
export const markPayoutPaidRequest = z.strictObject({
  reference: recordBankTransferRequest.shape.reference,
});
export type MarkPayoutPaidRequest = z.infer<typeof markPayoutPaidRequest>;
