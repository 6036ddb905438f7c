import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The words of the payments list, an invoice with its charges and payout, and the payment's return page. */
export const useInvoicesText = defineAppText('features/invoices', english);
export type InvoicesText = ReturnType<typeof useInvoicesText>;
