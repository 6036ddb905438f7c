import type { InvoiceListParams } from './invoices-api';

/** The query keys of invoices (the Payments screen): every one starts with ['invoices']. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (params: InvoiceListParams) => [...invoiceKeys.all, 'list', params] as const,
};
