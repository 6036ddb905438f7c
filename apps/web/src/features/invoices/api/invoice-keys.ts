import type { InvoiceStatus } from '@freightlane/domain';

export interface InvoiceListParams {
  /** Only invoices in this state; every invoice when missing. */
  status?: InvoiceStatus;
  /** An invoice, trip or order number, or the other company's name. */
  q?: string;
  page: number;
}

/**
 * The query keys of invoices and their payments: every one starts with ['invoices'], so a change to an
 * invoice (a charge answered, a payment settled) refreshes the lists, the totals and the invoice at once.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (params: InvoiceListParams) => [...invoiceKeys.lists(), params] as const,
  summary: () => [...invoiceKeys.all, 'summary'] as const,
  detail: (invoiceId: string) => [...invoiceKeys.all, 'detail', invoiceId] as const,
  payment: (reference: string) => [...invoiceKeys.all, 'payment', reference] as const,
};
