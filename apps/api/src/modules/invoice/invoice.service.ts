import {
  lagosMonth,
  locationText,
  toPage,
  tripScopeOf,
  type Invoice,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoiceSummary,
  type Page,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { toPayout } from '../payment';
import { loadInvoiceFor, type InvoiceSide } from './invoice-access.service';
import { listChargesOfInvoice } from './invoice-charge.repository';
import { invoicePdf } from './invoice-pdf';
import { addressText, cargoLine, toCharge, toInvoice, toPayment } from './invoice-view.service';
import {
  findInvoiceDetailRow,
  findPayoutOfInvoice,
  invoiceTotals,
  listInvoices,
  listPaymentsOfInvoice,
} from './invoice.repository';

/** Invoices follow their trip: the customer pays its own, the transporter side sees what it is owed. */
export async function listInvoicesFor(
  ctx: AppContext,
  principal: Principal,
  query: InvoiceListQuery,
): Promise<Page<Invoice>> {
  const now = new Date();
  const { rows, total } = await listInvoices(ctx.db, tripScopeOf(principal), query, now);
  return toPage(
    rows.map(({ invoice, ...names }) => toInvoice(invoice, names, now)),
    total,
    query,
  );
}

/** The totals above the payments page, over the invoices the caller sees. */
export async function invoiceSummaryFor(ctx: AppContext, principal: Principal): Promise<InvoiceSummary> {
  const now = new Date();
  return invoiceTotals(ctx.db, tripScopeOf(principal), now, lagosMonth(now));
}

/** The invoice page: its figures, the trip and both companies, its charges, payments and payout. */
export async function getInvoiceFor(
  ctx: AppContext,
  principal: Principal,
  invoiceId: string,
): Promise<InvoiceDetail> {
  const { side } = await loadInvoiceFor(ctx.db, principal, invoiceId);
  return invoiceDetail(ctx.db, side, invoiceId, new Date());
}

/** The invoice as a PDF, for the parties who may see its page. */
export async function invoicePdfFor(
  ctx: AppContext,
  principal: Principal,
  invoiceId: string,
): Promise<{ fileName: string; body: Buffer }> {
  const { side } = await loadInvoiceFor(ctx.db, principal, invoiceId);
  const detail = await invoiceDetail(ctx.db, side, invoiceId, new Date());
  return { fileName: `${detail.invoiceNumber}.pdf`, body: await invoicePdf(detail) };
}

async function invoiceDetail(
  db: Executor,
  side: InvoiceSide,
  invoiceId: string,
  now: Date,
): Promise<InvoiceDetail> {
  const row = await findInvoiceDetailRow(db, invoiceId);
  if (!row) throw notFound('Invoice');
  const { invoice, trip } = row;
  const charges = (await listChargesOfInvoice(db, invoiceId)).map(toCharge);
  // The transporter sees the payment that settled its invoice, not the customer's unfinished attempts.
  const payments = (await listPaymentsOfInvoice(db, invoiceId))
    .filter((p) => side !== 'TRANSPORTER' || p.status === 'SUCCEEDED')
    .map(toPayment);
  const payout = side === 'CUSTOMER' ? undefined : await findPayoutOfInvoice(db, invoiceId);
  const unpaid = invoice.status === 'PENDING_PAYMENT';
  const actions: InvoiceDetail['actions'] = [];
  // A charge awaiting the customer's answer holds payment back: the amount is not final until it is answered.
  if (unpaid && side === 'CUSTOMER' && row.awaiting === 0) actions.push('PAY');
  if (unpaid && side === 'TRANSPORTER') actions.push('PROPOSE_CHARGE');
  if (unpaid && side === 'ADMIN') actions.push('RECORD_BANK_TRANSFER');
  const terminal = (t: typeof row.pickupTerminal) => (t ? { operator: t.operator, city: t.city } : null);
  return {
    ...toInvoice(
      invoice,
      {
        tripNumber: trip.tripNumber,
        orderNumber: row.orderNumber,
        customerName: row.customer.name,
        transporterName: row.transporter.name,
        chargesAwaitingAnswer: row.awaiting,
      },
      now,
    ),
    customer: {
      name: row.customer.name,
      address: addressText(row.customer.address),
      email: row.customer.email,
    },
    transporter: {
      name: row.transporter.name,
      address: addressText(row.transporter.address),
      email: row.transporter.email,
    },
    cargoType: trip.cargoType,
    pickupDate: trip.pickupDate,
    pickup: locationText({
      terminal: trip.pickupTerminalId ? terminal(row.pickupTerminal) : null,
      address: trip.pickupAddress,
    }),
    recipient: locationText({
      terminal: trip.recipientTerminalId ? terminal(row.recipientTerminal) : null,
      address: trip.recipientAddress,
    }),
    cargo: row.consignment ? [cargoLine(row.consignment, row.linerName)] : [],
    vatBasisPoints: invoice.vatBasisPoints,
    subtotalKobo: invoice.haulageKobo + invoice.chargesKobo,
    charges,
    payments,
    payout: payout ? toPayout(payout) : null,
    actions,
  };
}
