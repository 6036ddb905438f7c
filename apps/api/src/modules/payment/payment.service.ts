import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  formatMoney,
  lagosDayText,
  lagosToday,
  payoutAmounts,
  shownInvoiceStatus,
  type CheckoutResponse,
  type PaymentOutcome,
  type PaymentStatus,
  type RecordBankTransferRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { unstorableTextField } from '../../lib/unstorable-text';
import type { Principal } from '../../plugins/auth';
import { readPlatformTerms } from '../../queries/platform-settings.repository';
import { findUserById } from '../../queries/user.repository';
import { queueNotification } from '../notification';
import { loadInvoiceForAdmin, loadInvoiceForPayer, loadPaymentFor } from './payment-access.service';
import { paymentReceivedNotifications } from './payment-notifications';
import { PaymentProviderError, type VerifiedTransaction } from './payment-provider';
import {
  claimPendingPayment,
  countProposedCharges,
  failPendingPayment,
  findInvoiceForPayment,
  findPaymentByReference,
  findSucceededPayment,
  insertPayment,
  insertWebhookEvent,
  markInvoicePaid,
  updatePayment,
  type InvoiceForPayment,
  type PaymentRow,
} from './payment.repository';
import { paystackEvent, paystackTransaction, toVerified } from './paystack';
import { insertPayout } from './payout.repository';

// Paying invoices (docs/decisions/019-money.md): online through the payment provider, settled by its
// signed webhook or by the return page's verification, whichever comes first; or by bank transfer, which
// an admin records. Every settlement is one transaction: the payment, the invoice, the payout and the news.

/** What a webhook came to, as kept with it in payment_webhook_events. */
export type WebhookOutcome = 'APPLIED' | 'DUPLICATE' | 'IGNORED' | 'REJECTED';

export type Caller = RequestOrigin & { log: FastifyBaseLogger };

/** A reference nobody can guess: the provider's webhooks and the return page name the payment by it. */
function newReference(): string {
  return `FL-${randomBytes(16).toString('hex')}`;
}

function outcomeOf(
  payment: PaymentRow,
  invoice: InvoiceForPayment,
  status: PaymentStatus = payment.status,
): PaymentOutcome {
  return {
    reference: payment.reference,
    status,
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    invoiceStatus: shownInvoiceStatus(invoice.status, invoice.dueAt),
    amountKobo: payment.amountKobo,
  };
}

/** Refuses to take money for an invoice that is settled, void, or whose charges are not final yet. */
async function assertPayable(db: Executor, invoice: InvoiceForPayment): Promise<void> {
  if (invoice.status === 'PAID') {
    throw new AppError('CONFLICT', `Invoice ${invoice.invoiceNumber} is already paid.`);
  }
  if (invoice.status === 'VOID') {
    throw new AppError('CONFLICT', `Invoice ${invoice.invoiceNumber} is void: its trip was cancelled.`);
  }
  // Paying now would settle an amount both sides know is not final (decision 019).
  if ((await countProposedCharges(db, invoice.id)) > 0) {
    throw new AppError(
      'CONFLICT',
      'Answer the proposed charges first: the invoice can be paid once each is accepted or disputed.',
    );
  }
}

/**
 * Settles an invoice whose payment has just succeeded: PAID (only from PENDING_PAYMENT), the payout at the
 * platform's commission rate of this moment, and PAYMENT_RECEIVED to both companies. The caller holds the
 * invoice's lock.
 */
async function settleInvoice(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  invoice: InvoiceForPayment,
  payment: PaymentRow,
  actorUserId: string | null,
) {
  const paidAt = payment.paidAt ?? new Date();
  const paid = await markInvoicePaid(tx, invoice.id, paidAt);
  if (!paid) {
    throw new AppError('CONFLICT', `Invoice ${invoice.invoiceNumber} is no longer awaiting payment.`);
  }
  const terms = await readPlatformTerms(tx);
  // The commission is taken on haulage and charges, never on the VAT the transporter remits.
  const amounts = payoutAmounts(
    payment.amountKobo,
    invoice.haulageKobo + invoice.chargesKobo,
    terms.commissionBasisPoints,
  );
  const payout = await insertPayout(tx, {
    invoiceId: invoice.id,
    transporterCompanyId: invoice.transporterCompanyId,
    status: 'PENDING',
    ...amounts,
  });
  for (const event of paymentReceivedNotifications(
    {
      paymentId: payment.id,
      method: payment.method,
      reference: payment.reference,
      amountKobo: payment.amountKobo,
      paidAt,
      invoice,
      netKobo: amounts.netKobo,
    },
    actorUserId,
  )) {
    await queueNotification(ctx, tx, event);
  }
  return { paidAt, payout, amounts };
}

/**
 * A success the provider reports for `transaction.reference`, applied at most once. The invoice is locked
 * first, so duplicates queue behind the first and then find nothing PENDING. A success that does not match
 * the payment (amount, currency), or arrives for an invoice paid or voided meanwhile, is recorded on the
 * payment as FAILED with the reason, and not applied: that money is to be refunded.
 */
async function settleOnline(
  ctx: AppContext,
  tx: Executor,
  transaction: VerifiedTransaction,
): Promise<{ outcome: WebhookOutcome; detail: string }> {
  const known = await findPaymentByReference(tx, transaction.reference);
  if (!known) return { outcome: 'IGNORED', detail: 'No payment has this reference' };
  const invoice = await findInvoiceForPayment(tx, known.invoiceId, { forUpdate: true });
  const payment = await findPaymentByReference(tx, transaction.reference);
  if (!invoice || !payment) return { outcome: 'IGNORED', detail: 'No payment has this reference' };
  if (payment.status === 'SUCCEEDED') {
    return { outcome: 'DUPLICATE', detail: 'The payment was settled already' };
  }
  if (payment.status === 'FAILED') {
    return { outcome: 'DUPLICATE', detail: `The payment was refused already: ${payment.note ?? 'failed'}` };
  }
  const refusal = refusalOf(transaction, payment, invoice);
  if (refusal) {
    const other = invoice.status === 'PAID' ? await findSucceededPayment(tx, invoice.id) : undefined;
    const note = other ? `${refusal} (paid by ${other.reference})` : refusal;
    await failPendingPayment(tx, payment.id, note);
    return { outcome: 'REJECTED', detail: note };
  }
  const claimed = await claimPendingPayment(tx, payment.id, {
    channel: transaction.channel,
    paidAt: transaction.paidAt ?? new Date(),
  });
  if (!claimed) return { outcome: 'DUPLICATE', detail: 'The payment was settled already' };
  await settleInvoice(ctx, tx, invoice, claimed, null);
  return { outcome: 'APPLIED', detail: `Invoice ${invoice.invoiceNumber} paid` };
}

/** Why a reported success cannot settle the invoice, or null when it can. */
function refusalOf(
  transaction: VerifiedTransaction,
  payment: PaymentRow,
  invoice: InvoiceForPayment,
): string | null {
  if (transaction.currency !== 'NGN') {
    return `Paid in ${transaction.currency}, not NGN: refund it`;
  }
  if (transaction.amountKobo !== payment.amountKobo) {
    return `Paid ${formatMoney(transaction.amountKobo)} where ${formatMoney(payment.amountKobo)} was asked: refund it`;
  }
  if (invoice.status === 'VOID') return 'The invoice was void when the money arrived: refund it';
  if (invoice.status === 'PAID') return 'The invoice was paid already when the money arrived: refund it';
  if (invoice.amountKobo !== payment.amountKobo) {
    return `The invoice's total changed to ${formatMoney(invoice.amountKobo)} after the checkout began: refund it`;
  }
  return null;
}

/**
 * POST /api/v1/invoices/{id}/checkout: the customer starts paying. The payment is written PENDING before
 * the provider hears of it, so its webhook always finds it; the amount is the invoice's, never the client's.
 */
export async function startCheckout(
  ctx: AppContext,
  principal: Principal,
  invoiceId: string,
  caller: Caller,
): Promise<CheckoutResponse> {
  const { payment, invoice, email, provider } = await ctx.db.transaction(async (tx) => {
    const invoice = await loadInvoiceForPayer(tx, principal, invoiceId, { forUpdate: true });
    await assertPayable(tx, invoice);
    const provider = ctx.payments.provider;
    if (!provider) {
      throw new AppError(
        'CONFLICT',
        'Online payment is not available yet. Pay by bank transfer; the platform records it when it arrives.',
      );
    }
    const user = await findUserById(tx, principal.userId);
    const payment = await insertPayment(tx, {
      invoiceId: invoice.id,
      method: 'CARD',
      status: 'PENDING',
      reference: newReference(),
      amountKobo: invoice.amountKobo,
      createdBy: principal.userId,
    });
    return { payment, invoice, email: user?.email ?? '', provider };
  });
  try {
    // The provider is called outside the transaction: no lock is held while it answers.
    const started = await provider.initialize({
      email,
      amountKobo: payment.amountKobo,
      reference: payment.reference,
      callbackUrl: ctx.payments.callbackUrl,
      metadata: {
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        tripNumber: invoice.tripNumber,
      },
    });
    await updatePayment(ctx.db, payment.id, {
      accessCode: started.accessCode,
      authorizationUrl: started.authorizationUrl,
    });
    return { authorizationUrl: started.authorizationUrl, reference: payment.reference };
  } catch (err) {
    await failPendingPayment(ctx.db, payment.id, 'The payment provider could not start the payment');
    if (err instanceof PaymentProviderError) {
      caller.log.warn(
        { err, reference: payment.reference },
        'the payment provider could not start a payment',
      );
      throw new AppError(
        'UNAVAILABLE',
        'The payment service is not answering. Please try again in a minute.',
      );
    }
    throw err;
  }
}

/** The provider's word for a transaction that will not complete as it stands. */
const UNSUCCESSFUL = new Set(['failed', 'abandoned', 'reversed']);

/**
 * GET /api/v1/payments/verify?reference=: what the checkout's return page shows. A payment still PENDING
 * is checked with the provider and settled here when the webhook has not done it yet. A checkout the payer
 * cancelled or whose card failed answers FAILED; the payment stays open, as the provider may still
 * complete it, and the customer may start another.
 */
export async function verifyPayment(
  ctx: AppContext,
  principal: Principal,
  reference: string,
  caller: Caller,
): Promise<PaymentOutcome> {
  const found = await loadPaymentFor(ctx.db, principal, reference);
  const provider = ctx.payments.provider;
  if (found.payment.status !== 'PENDING' || found.payment.method !== 'CARD' || !provider) {
    return outcomeOf(found.payment, found.invoice);
  }
  let transaction: VerifiedTransaction | null = null;
  try {
    transaction = await provider.verify(reference);
  } catch (err) {
    // The webhook may still settle it; the page shows it as pending meanwhile.
    caller.log.warn({ err, reference }, 'the payment provider could not verify a payment');
  }
  if (transaction?.status === 'success') {
    const settled = transaction;
    await ctx.db.transaction((tx) => settleOnline(ctx, tx, settled));
  }
  const { payment, invoice } = await loadPaymentFor(ctx.db, principal, reference);
  const gaveUp = payment.status === 'PENDING' && transaction !== null && UNSUCCESSFUL.has(transaction.status);
  return outcomeOf(payment, invoice, gaveUp ? 'FAILED' : payment.status);
}

/**
 * POST /api/v1/payments/paystack/webhook: untrusted until its signature checks out, then kept as received
 * with what was made of it. A bad signature writes nothing but a log line.
 */
export async function receivePaystackWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
  caller: Caller,
): Promise<{ outcome: WebhookOutcome }> {
  const provider = ctx.payments.provider;
  if (!provider || !provider.verifySignature(rawBody, signature)) {
    caller.log.warn(
      { ip: caller.ip, signed: signature !== undefined, bytes: rawBody.length },
      'a payment webhook with a bad signature was refused',
    );
    throw new AppError('UNAUTHENTICATED', 'The webhook signature does not match.');
  }
  const payload = readPayload(rawBody);
  const event = paystackEvent.safeParse(payload);
  const name = event.success ? event.data.event : 'unreadable';
  const record = (outcome: WebhookOutcome, detail: string, reference: string | null = null) =>
    insertWebhookEvent(ctx.db, { provider: provider.name, event: name, reference, payload, outcome, detail });

  if (!event.success) {
    await record('IGNORED', 'Not an event the platform can read');
    return { outcome: 'IGNORED' };
  }
  if (event.data.event !== 'charge.success') {
    await record('IGNORED', 'The platform does not act on this event');
    return { outcome: 'IGNORED' };
  }
  const charge = paystackTransaction.safeParse(event.data.data);
  if (!charge.success) {
    await record('IGNORED', 'The charge has no readable reference and amount');
    return { outcome: 'IGNORED' };
  }
  const transaction = toVerified(charge.data);
  if (transaction.status !== 'success') {
    await record('IGNORED', `The charge's status is ${transaction.status}`, transaction.reference);
    return { outcome: 'IGNORED' };
  }
  const result = await ctx.db.transaction(async (tx) => {
    const settled = await settleOnline(ctx, tx, transaction);
    await insertWebhookEvent(tx, {
      provider: provider.name,
      event: name,
      reference: transaction.reference,
      payload,
      outcome: settled.outcome,
      detail: settled.detail,
    });
    return settled;
  });
  if (result.outcome === 'REJECTED') {
    caller.log.warn({ reference: transaction.reference, detail: result.detail }, 'a payment was refused');
  }
  return { outcome: result.outcome };
}

/**
 * The webhook's JSON as it can be stored: PostgreSQL's jsonb refuses the NUL character, so a body holding
 * one (or no JSON at all) is kept as a note of what it was.
 */
function readPayload(rawBody: Buffer): unknown {
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { unreadable: 'not JSON', bytes: rawBody.length };
  }
  if (unstorableTextField(payload, '') !== null) {
    return { unreadable: 'holds a NUL character', bytes: rawBody.length };
  }
  return payload;
}

/** The moment a transfer is taken to have arrived: now when it came today, else noon (Lagos) that day. */
function arrivalOf(receivedOn: string, now: Date): Date {
  return receivedOn === lagosToday(now) ? now : new Date(`${receivedOn}T12:00:00+01:00`);
}

function badReceivedOn(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { errors: [{ field: 'receivedOn', message }] });
}

/**
 * POST /api/v1/admin/invoices/{id}/bank-transfer: an admin records a transfer seen on the bank statement.
 * The amount is the invoice's; the reference is unique across every payment.
 */
export async function recordBankTransfer(
  ctx: AppContext,
  principal: Principal,
  invoiceId: string,
  input: RecordBankTransferRequest,
  caller: Caller,
): Promise<PaymentOutcome> {
  const now = new Date();
  try {
    return await ctx.db.transaction(async (tx) => {
      const invoice = await loadInvoiceForAdmin(tx, principal, invoiceId, { forUpdate: true });
      if (input.receivedOn > lagosToday(now)) {
        throw badReceivedOn('The day the money arrived cannot be in the future');
      }
      const raisedOn = lagosToday(invoice.createdAt);
      if (input.receivedOn < raisedOn) {
        throw badReceivedOn(
          `The money cannot have arrived before the invoice was raised on ${lagosDayText(raisedOn)}`,
        );
      }
      await assertPayable(tx, invoice);
      if (await findPaymentByReference(tx, input.reference)) throw duplicateReference();
      const payment = await insertPayment(tx, {
        invoiceId: invoice.id,
        method: 'BANK_TRANSFER',
        status: 'SUCCEEDED',
        reference: input.reference,
        amountKobo: invoice.amountKobo,
        channel: 'bank_transfer',
        note: input.note ?? null,
        paidAt: arrivalOf(input.receivedOn, now),
        createdBy: principal.userId,
      });
      const settled = await settleInvoice(ctx, tx, invoice, payment, principal.userId);
      await audit(tx, principal, caller, {
        action: 'invoice.bank_transfer_recorded',
        entityType: 'invoice',
        entityId: invoice.id,
        data: {
          before: { status: invoice.status, paidAt: null },
          after: { status: 'PAID', paidAt: settled.paidAt.toISOString() },
          payment: {
            id: payment.id,
            reference: payment.reference,
            amountKobo: payment.amountKobo,
            receivedOn: input.receivedOn,
            note: payment.note,
          },
          payout: settled.payout ? { id: settled.payout.id, ...settled.amounts } : null,
        },
      });
      return outcomeOf(payment, { ...invoice, status: 'PAID', paidAt: settled.paidAt });
    });
  } catch (err) {
    const violation = uniqueViolation(err);
    if (violation?.constraint === 'payments_reference_unique') throw duplicateReference();
    if (violation?.constraint === 'payments_one_success_idx') {
      throw new AppError('CONFLICT', 'This invoice is already paid.');
    }
    throw err;
  }
}

function duplicateReference(): AppError {
  const message = 'A payment with this reference is already recorded';
  return new AppError('CONFLICT', message, { errors: [{ field: 'reference', message }] });
}
