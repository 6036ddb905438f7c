import { AppError, notFound } from '../../errors';
import type { Executor } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import type { TripScope } from '../../queries/trip-scope.repository';
import { findInvoice, type InvoiceRecord } from './invoice.repository';

export type { InvoiceRecord };

/** Which side of an invoice the caller is on: the customer who pays it, the transporter owed, or an admin. */
export type InvoiceSide = 'CUSTOMER' | 'TRANSPORTER' | 'ADMIN';

function sideOf(principal: Principal, record: InvoiceRecord): InvoiceSide | null {
  const { invoice } = record;
  if (principal.role === 'role_admin') return 'ADMIN';
  if (principal.role === 'role_customer') {
    return invoice.customerCompanyId === principal.companyId ? 'CUSTOMER' : null;
  }
  // The transporter's owner account and its fleet managers act for the company alike.
  return invoice.transporterCompanyId === principal.companyId ? 'TRANSPORTER' : null;
}

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
  const side = record ? sideOf(principal, record) : null;
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

/** Whose invoices a caller lists: a customer its own, a transporter's people their company's, admins all. */
export function invoiceScopeOf(principal: Principal): TripScope {
  if (principal.role === 'role_admin') return { side: 'all' };
  if (principal.role === 'role_customer') return { side: 'customer', companyId: principal.companyId };
  return { side: 'transporter', companyId: principal.companyId };
}
