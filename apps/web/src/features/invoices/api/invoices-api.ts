import type { Invoice, InvoiceStatus, Page } from '@freightlane/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invoiceKeys } from './invoice-keys';

export const INVOICE_PAGE_SIZE = 20;

export interface InvoiceListParams {
  /** Only invoices in this state; every invoice when missing. */
  status?: InvoiceStatus;
  page: number;
}

function invoicesPath({ status, page }: InvoiceListParams): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  query.set('page', String(page));
  query.set('size', String(INVOICE_PAGE_SIZE));
  return `/api/v1/invoices?${query.toString()}`;
}

/** GET /api/v1/invoices?status=PENDING_PAYMENT&page&size: the invoices of the caller's trips, soonest due first. */
export function useInvoices(params: InvoiceListParams) {
  return useQuery({
    queryKey: invoiceKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Invoice>>(invoicesPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}
