import {
  invoiceDetailSchema,
  type CheckoutResponse,
  type DisputeChargeRequest,
  type Invoice,
  type InvoiceDetail,
  type InvoiceSummary,
  type Page,
  type ProposeChargeRequest,
  type RecordBankTransferRequest,
  type ReviseChargeRequest,
} from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session-context';
import { dashboardKeys } from '../../dashboard';
import { tripKeys } from '../../trips';
import { invoiceKeys, type InvoiceListParams } from './invoice-keys';

export const INVOICE_PAGE_SIZE = 20;

function invoicesPath({ status, q, page }: InvoiceListParams): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  query.set('page', String(page));
  query.set('size', String(INVOICE_PAGE_SIZE));
  return `/api/v1/invoices?${query.toString()}`;
}

const invoicePath = (invoiceId: string) => `/api/v1/invoices/${encodeURIComponent(invoiceId)}`;
const chargePath = (invoiceId: string, chargeId: string) =>
  `${invoicePath(invoiceId)}/charges/${encodeURIComponent(chargeId)}`;

/** GET /api/v1/invoices?status&q&page&size: the invoices of the caller's trips, the most urgent first. */
export function useInvoices(params: InvoiceListParams) {
  const api = useApi();
  return useQuery({
    queryKey: invoiceKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Invoice>>(invoicesPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/invoices/summary: what is pending, overdue and paid this month, and the charges to answer. */
export function useInvoiceSummary() {
  const api = useApi();
  return useQuery({
    queryKey: invoiceKeys.summary(),
    queryFn: ({ signal }) => api.get<InvoiceSummary>('/api/v1/invoices/summary', { signal }),
  });
}

/** GET /api/v1/invoices/{id}: the invoice with its figures, charges, payments, payout and actions. */
export function useInvoice(invoiceId: string) {
  const api = useApi();
  return useQuery({
    queryKey: invoiceKeys.detail(invoiceId),
    queryFn: ({ signal }) => api.get<InvoiceDetail>(invoicePath(invoiceId), { signal }),
  });
}

/** GET /api/v1/invoices/{id}/pdf, saved by the browser under the invoice's number. */
export function downloadInvoicePdf(api: ApiClient, invoice: Pick<Invoice, 'id' | 'invoiceNumber'>) {
  return api.downloadFile(`${invoicePath(invoice.id)}/pdf`, `${invoice.invoiceNumber}.pdf`);
}

/**
 * After a change to an invoice: the answer replaces the cached invoice when it is one, and every invoice
 * query, the trips (their invoice block) and the homes (pending payments) are fetched again.
 */
function useInvoiceChanged() {
  const queryClient = useQueryClient();
  return (answer: unknown) => {
    const detail = invoiceDetailSchema.safeParse(answer);
    if (detail.success) queryClient.setQueryData(invoiceKeys.detail(detail.data.id), detail.data);
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    void queryClient.invalidateQueries({ queryKey: tripKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };
}

/**
 * A change to an invoice or one of its charges. A refusal (409: the invoice was paid meanwhile, the
 * charge answered) also reads the invoice again, so the page shows it as it is now.
 */
function useInvoiceAction<V>(send: (variables: V) => Promise<unknown>) {
  const changed = useInvoiceChanged();
  return useMutation({ mutationFn: send, onSuccess: changed, onError: () => changed(null) });
}

/** POST /api/v1/invoices/{id}/charges: the transporter proposes an extra charge with its reason. */
export function useProposeCharge(invoiceId: string) {
  const api = useApi();
  return useInvoiceAction((body: ProposeChargeRequest) =>
    api.post<unknown>(`${invoicePath(invoiceId)}/charges`, body),
  );
}

/** PATCH /api/v1/invoices/{id}/charges/{chargeId}: a new amount and reason, proposed again. */
export function useReviseCharge(invoiceId: string) {
  const api = useApi();
  return useInvoiceAction(({ chargeId, body }: { chargeId: string; body: ReviseChargeRequest }) =>
    api.request<unknown>(chargePath(invoiceId, chargeId), { method: 'PATCH', body }),
  );
}

/** POST /api/v1/invoices/{id}/charges/{chargeId}/withdraw: the transporter drops its charge. */
export function useWithdrawCharge(invoiceId: string) {
  const api = useApi();
  return useInvoiceAction((chargeId: string) =>
    api.post<unknown>(`${chargePath(invoiceId, chargeId)}/withdraw`),
  );
}

/** POST /api/v1/invoices/{id}/charges/{chargeId}/accept: the customer agrees; the invoice's figures grow. */
export function useAcceptCharge(invoiceId: string) {
  const api = useApi();
  return useInvoiceAction((chargeId: string) =>
    api.post<unknown>(`${chargePath(invoiceId, chargeId)}/accept`),
  );
}

/** POST /api/v1/invoices/{id}/charges/{chargeId}/dispute with the customer's note. */
export function useDisputeCharge(invoiceId: string) {
  const api = useApi();
  return useInvoiceAction(({ chargeId, body }: { chargeId: string; body: DisputeChargeRequest }) =>
    api.post<unknown>(`${chargePath(invoiceId, chargeId)}/dispute`, body),
  );
}

/** POST /api/v1/admin/invoices/{id}/bank-transfer: a transfer seen on the platform's bank statement. */
export function useRecordBankTransfer(invoiceId: string) {
  const api = useApi();
  return useInvoiceAction((body: RecordBankTransferRequest) =>
    api.post<unknown>(`/api/v1/admin/invoices/${encodeURIComponent(invoiceId)}/bank-transfer`, body),
  );
}

/** POST /api/v1/invoices/{id}/checkout: the provider's checkout page for this invoice; the amount is the server's. */
export function useCheckout(invoiceId: string) {
  const api = useApi();
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: () => api.post<CheckoutResponse>(`${invoicePath(invoiceId)}/checkout`),
    // Refused (a charge was proposed or the invoice paid meanwhile): show the invoice as it is now.
    onError: () => changed(null),
  });
}
