import {
  invoiceAmounts,
  type ChargeStatus,
  type DisputeChargeRequest,
  type InvoiceDetail,
  type ProposeChargeRequest,
  type ReviseChargeRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { changeOf } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import {
  assertChargesOpen,
  loadInvoiceFor,
  type InvoiceRecord,
  type InvoiceSide,
} from './invoice-access.service';
import { recordChargeChange } from './invoice-charge-change.service';
import {
  acceptedChargeAmounts,
  findCharge,
  insertCharge,
  updateCharge,
  type ChargeRow,
} from './invoice-charge.repository';
import type { ChargeEvent } from './invoice-notifications';
import { updateInvoiceFigures } from './invoice.repository';
import { getInvoiceFor } from './invoice.service';

// Extra charges on an invoice (docs/decisions/019-money.md). The transporter proposes; the customer accepts
// or disputes with a note; a disputed charge is revised (proposed again) or withdrawn by the transporter, or
// accepted after all. Only accepted charges count, and the invoice's figures are recomputed in the
// transaction that accepts, under the invoice's lock, so they never drift from its charges.

const SIDE_REFUSAL: Record<'CUSTOMER' | 'TRANSPORTER', string> = {
  CUSTOMER: 'Only the customer answers a charge',
  TRANSPORTER: "Only the invoice's transporter proposes, revises or withdraws a charge",
};

function assertSide(side: InvoiceSide, needed: 'CUSTOMER' | 'TRANSPORTER'): void {
  if (side !== needed) throw new AppError('FORBIDDEN', SIDE_REFUSAL[needed]);
}

type ChargeVerb = 'accepted' | 'disputed' | 'revised' | 'withdrawn';

/** Why a charge in `status` cannot be `verb`, in the words the page shows. */
function chargeRefusal(status: ChargeStatus, verb: ChargeVerb): AppError {
  const already =
    (status === 'ACCEPTED' && verb === 'accepted') ||
    (status === 'DISPUTED' && verb === 'disputed') ||
    (status === 'WITHDRAWN' && verb === 'withdrawn');
  const message = already
    ? `This charge is already ${verb}`
    : status === 'PROPOSED'
      ? "Only a disputed charge can be revised; this one is still awaiting the customer's answer"
      : `This charge is ${status === 'ACCEPTED' ? 'accepted' : 'withdrawn'}; it can no longer be ${verb}`;
  return new AppError('CONFLICT', message);
}

const ALLOWED_FROM: Record<ChargeVerb, readonly ChargeStatus[]> = {
  accepted: ['PROPOSED', 'DISPUTED'],
  disputed: ['PROPOSED'],
  revised: ['DISPUTED'],
  withdrawn: ['PROPOSED', 'DISPUTED'],
};

/**
 * The invoice, locked, when the caller is on the side that makes this change and its charges are still
 * open: 404 for an invoice the caller may not see, 403 for the wrong side, 409 for a paid or void invoice.
 */
async function lockInvoiceFor(
  tx: Executor,
  principal: Principal,
  invoiceId: string,
  needed: 'CUSTOMER' | 'TRANSPORTER',
): Promise<InvoiceRecord> {
  const { record, side } = await loadInvoiceFor(tx, principal, invoiceId, { forUpdate: true });
  assertSide(side, needed);
  assertChargesOpen(record);
  return record;
}

/**
 * The invoice, locked, with one of its charges, when the caller's side may make this change now: as
 * `lockInvoiceFor`, and 404 for a charge not on the invoice, 409 for a charge whose status does not allow it.
 */
async function loadChargeFor(
  tx: Executor,
  principal: Principal,
  invoiceId: string,
  chargeId: string,
  verb: ChargeVerb,
) {
  const record = await lockInvoiceFor(
    tx,
    principal,
    invoiceId,
    verb === 'accepted' || verb === 'disputed' ? 'CUSTOMER' : 'TRANSPORTER',
  );
  const charge = await findCharge(tx, record.invoice.id, chargeId);
  if (!charge) throw notFound('Charge');
  if (!ALLOWED_FROM[verb].includes(charge.status)) throw chargeRefusal(charge.status, verb);
  return { record, charge };
}

/** Runs a charge change and answers the invoice as it left it. */
async function changeThenRead(
  ctx: AppContext,
  principal: Principal,
  invoiceId: string,
  change: (tx: Executor) => Promise<void>,
): Promise<InvoiceDetail> {
  await ctx.db.transaction(change);
  ctx.jobs.kick();
  return getInvoiceFor(ctx, principal, invoiceId);
}

/** The charge a request names, and where it came from. */
interface ChargeTarget {
  invoiceId: string;
  chargeId: string;
  ip: string;
}

type ChargeChange = Partial<Omit<ChargeRow, 'id' | 'invoiceId' | 'kind' | 'createdAt' | 'updatedAt'>>;

const CHARGE_EVENT: Record<ChargeVerb, ChargeEvent> = {
  accepted: 'ACCEPTED',
  disputed: 'DISPUTED',
  revised: 'REVISED',
  withdrawn: 'WITHDRAWN',
};

/**
 * One step of an existing charge's life, in one transaction under the invoice's lock: the caller's side
 * and the charge's status are checked for `verb`, the charge takes `change`, and the step is recorded
 * (audit row with the `audited` fields before and after, its status when not named; the other side
 * told). `alongside` makes what else the step changes, in the same transaction, and adds it to the audit
 * row.
 */
function moveCharge(
  ctx: AppContext,
  principal: Principal,
  target: ChargeTarget,
  verb: ChargeVerb,
  step: {
    change: ChargeChange & Pick<ChargeRow, 'status'>;
    audited?: ChargeChange;
    alongside?: (
      tx: Executor,
      record: InvoiceRecord,
      charge: ChargeRow,
    ) => Promise<{ data: Record<string, unknown>; amountKobo: number }>;
  },
): Promise<InvoiceDetail> {
  return changeThenRead(ctx, principal, target.invoiceId, async (tx) => {
    const { record, charge } = await loadChargeFor(tx, principal, target.invoiceId, target.chargeId, verb);
    const moved = await updateCharge(tx, charge.id, step.change);
    const alongside = await step.alongside?.(tx, record, charge);
    await recordChargeChange(ctx, tx, {
      actor: principal,
      origin: { ip: target.ip },
      record,
      charge: moved,
      event: CHARGE_EVENT[verb],
      data: { ...changeOf(charge, step.audited ?? { status: step.change.status }), ...alongside?.data },
      amountKobo: alongside?.amountKobo,
    });
  });
}

/** A charge answered, or withdrawn, by the caller now: who and when are kept on it. */
function answered(principal: Principal, status: ChargeStatus) {
  return { status, answeredBy: principal.userId, answeredAt: new Date() };
}

/** The invoice's figures worked out again from its accepted charges; what the customer now pays. */
async function recountInvoice(tx: Executor, invoice: InvoiceRecord['invoice']) {
  const amounts = invoiceAmounts(
    invoice.haulageKobo,
    await acceptedChargeAmounts(tx, invoice.id),
    invoice.vatBasisPoints,
  );
  const figures = {
    chargesKobo: amounts.chargesKobo,
    vatKobo: amounts.vatKobo,
    amountKobo: amounts.totalKobo,
  };
  await updateInvoiceFigures(tx, invoice.id, figures);
  return figures;
}

/** The transporter adds an extra charge with its reason; the customer is asked to answer it. */
export function proposeCharge(
  ctx: AppContext,
  principal: Principal,
  invoiceId: string,
  input: ProposeChargeRequest,
  ip: string,
): Promise<InvoiceDetail> {
  return changeThenRead(ctx, principal, invoiceId, async (tx) => {
    const record = await lockInvoiceFor(tx, principal, invoiceId, 'TRANSPORTER');
    const charge = await insertCharge(tx, {
      invoiceId: record.invoice.id,
      kind: 'OTHER',
      status: 'PROPOSED',
      amountKobo: input.amountKobo,
      reason: input.reason,
      proposedBy: principal.userId,
    });
    await recordChargeChange(ctx, tx, {
      actor: principal,
      origin: { ip },
      record,
      charge,
      event: 'PROPOSED',
      data: { amountKobo: charge.amountKobo, reason: charge.reason },
    });
  });
}

/**
 * The transporter revises a disputed charge: a new amount and reason, proposed again. The customer's note
 * is cleared from the charge, which awaits a fresh answer; the audit row keeps it.
 */
export function reviseCharge(
  ctx: AppContext,
  principal: Principal,
  invoiceId: string,
  chargeId: string,
  input: ReviseChargeRequest,
  ip: string,
): Promise<InvoiceDetail> {
  const change = {
    status: 'PROPOSED' as const,
    amountKobo: input.amountKobo,
    reason: input.reason,
    disputeNote: null,
    proposedBy: principal.userId,
    answeredBy: null,
    answeredAt: null,
  };
  return moveCharge(ctx, principal, { invoiceId, chargeId, ip }, 'revised', { change, audited: change });
}

/** The transporter drops a charge the customer has not accepted. */
export function withdrawCharge(
  ctx: AppContext,
  principal: Principal,
  invoiceId: string,
  chargeId: string,
  ip: string,
): Promise<InvoiceDetail> {
  // Who withdrew it is kept, so the platform never proposes again a waiting charge a person dropped.
  return moveCharge(ctx, principal, { invoiceId, chargeId, ip }, 'withdrawn', {
    change: answered(principal, 'WITHDRAWN'),
  });
}

/**
 * The customer accepts a charge (proposed, or disputed and accepted after all). The invoice's figures are
 * worked out again from its accepted charges, under the invoice's lock, in the same transaction.
 */
export function acceptCharge(
  ctx: AppContext,
  principal: Principal,
  invoiceId: string,
  chargeId: string,
  ip: string,
): Promise<InvoiceDetail> {
  return moveCharge(ctx, principal, { invoiceId, chargeId, ip }, 'accepted', {
    change: answered(principal, 'ACCEPTED'),
    alongside: async (tx, { invoice }, charge) => {
      const figures = await recountInvoice(tx, invoice);
      return {
        data: { amountKobo: charge.amountKobo, invoice: changeOf(invoice, figures) },
        amountKobo: figures.amountKobo,
      };
    },
  });
}

/** The customer disputes a proposed charge with a note; the transporter may revise or withdraw it. */
export function disputeCharge(
  ctx: AppContext,
  principal: Principal,
  invoiceId: string,
  chargeId: string,
  input: DisputeChargeRequest,
  ip: string,
): Promise<InvoiceDetail> {
  return moveCharge(ctx, principal, { invoiceId, chargeId, ip }, 'disputed', {
    change: { ...answered(principal, 'DISPUTED'), disputeNote: input.note },
    audited: { status: 'DISPUTED', disputeNote: input.note },
  });
}
