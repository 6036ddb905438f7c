import { tripSideOf } from '@freightlane/domain';
import { AppError, notFound } from '../../errors';
import type { Executor } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { findInvoice, type InvoiceRecord } from './invoice.repository';

export type { InvoiceRecord };

/** Which side of an invoice the caller is on: the customer who pays it, the transporter owed, or an admin. */
export type InvoiceSide = 'CUSTOMER' | 'TRANSPORTER' | 'ADMIN';

/**
 * The invoice when the caller is one of its two companies (or an admin); 404 otherwise, so another company
 * cannot learn that the id exists. `forUpdate` locks the invoice row for the rest of the transaction: every
 * change to its charges and figures takes this lock first, so racing answers run one after the other and
 * the later one sees the earlier one's result.
 */
export async function loadInvoiceFor(
  db: Executor,
  principal: Principal,
  invoiceId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ record: InvoiceRecord; side: InvoiceSide }> {
  const record = await findInvoice(db, invoiceId, options);
  // An invoice names its trip's two companies, so the trip's rule says who sees it.
  const side = record ? tripSideOf(principal, record.invoice) : null;
  if (!record || !side) throw notFound('Invoice');
  return { record, side };
}

/**
 * Charges change only while the invoice is unpaid (overdue included): a paid invoice is settled, and a
 * void one is owed by nobody.
 */
export function assertChargesOpen(record: InvoiceRecord): void {
  const { status } = record.invoice;
  if (status === 'PAID')
    throw new AppError('CONFLICT', 'This invoice is paid; its charges can no longer change');
  if (status === 'VOID')
    throw new AppError('CONFLICT', 'This invoice is void; its charges can no longer change');
}
