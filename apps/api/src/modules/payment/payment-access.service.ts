import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import {
  findInvoiceForPayment,
  findPaymentByReference,
  type InvoiceForPayment,
  type PaymentRow,
} from './payment.repository';

// Who may pay what: the customer pays its own invoices, an admin records transfers on any. Another
// company's invoice or payment answers 404, so its existence is not given away.

/** The invoice when the caller is its customer; 404 otherwise. */
export async function loadInvoiceForPayer(
  db: Executor,
  principal: Principal,
  invoiceId: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvoiceForPayment> {
  if (principal.role !== 'role_customer') {
    throw new AppError('FORBIDDEN', 'Only the customer pays its invoices.');
  }
  const invoice = await findInvoiceForPayment(db, invoiceId, options);
  if (!invoice || invoice.customerCompanyId !== principal.companyId) throw notFound('Invoice');
  return invoice;
}

/** Any invoice, for an admin of the platform. */
export async function loadInvoiceForAdmin(
  db: Executor,
  principal: Principal,
  invoiceId: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvoiceForPayment> {
  if (principal.role !== 'role_admin') throw new AppError('FORBIDDEN', 'Your account type cannot do this.');
  const invoice = await findInvoiceForPayment(db, invoiceId, options);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/** A payment with its invoice, when the caller is the invoice's customer or an admin; 404 otherwise. */
export async function loadPaymentFor(
  db: Executor,
  principal: Principal,
  reference: string,
): Promise<{ payment: PaymentRow; invoice: InvoiceForPayment }> {
  if (principal.role !== 'role_customer' && principal.role !== 'role_admin') {
    throw new AppError('FORBIDDEN', 'Your account type cannot do this.');
  }
  const payment = await findPaymentByReference(db, reference);
  const invoice = payment ? await findInvoiceForPayment(db, payment.invoiceId) : undefined;
  const mayRead =
    invoice && (principal.role === 'role_admin' || invoice.customerCompanyId === principal.companyId);
  if (!payment || !invoice || !mayRead) throw notFound('Payment');
  return { payment, invoice };
}
