/** What other features may use from invoices. */
export { invoiceKeys } from './api/invoice-keys';
export { PayoutStatusBadge } from './components/money-badges';
export { MoneyTotals, type MoneyFigure } from './components/money-figures';
