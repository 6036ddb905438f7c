import type { ReportColumn } from '@freightlane/domain';
import { rowsByPages, type ReportDefinition } from './report-definition';
import { percentOf } from './financial-report.service';
import { paymentCount, paymentRows, paymentsByPeriod, paymentTotals } from './payment-report.repository';
import { periodsOf } from './report-window';

const columns: ReportColumn[] = [
  { key: 'paidAt', label: 'Paid at', type: 'datetime' },
  { key: 'invoice', label: 'Invoice', type: 'text' },
  { key: 'trip', label: 'Trip', type: 'text' },
  { key: 'order', label: 'Order', type: 'text' },
  { key: 'transporter', label: 'Transporter', type: 'text' },
  { key: 'amount', label: 'Amount paid (NGN)', type: 'money' },
  { key: 'daysToPay', label: 'Days to pay', type: 'days' },
  { key: 'paidOnTime', label: 'Paid on time', type: 'text' },
];

/**
 * Invoices paid in the range (docs/reports.md 2.10). Until issue 16 records payments (provider or bank
 * transfer, with method and reference), an invoice marked paid is its one payment.
 */
export const paymentReport: ReportDefinition = {
  kind: 'payment',
  columns,
  async overview(input) {
    const [totals, byPeriod] = [await paymentTotals(input), await paymentsByPeriod(input)];
    const found = new Map(byPeriod.map((p) => [p.period, p.amount]));
    return {
      summary: [
        { key: 'payments', label: 'Payments', type: 'count', value: totals.payments },
        { key: 'amount', label: 'Amount paid', type: 'money', value: totals.amount },
        { key: 'averageDaysToPay', label: 'Average days to pay', type: 'number', value: totals.averageDays },
        {
          key: 'paidOnTime',
          label: 'Paid on time',
          type: 'percent',
          value: percentOf(totals.onTime, totals.payments),
        },
        { key: 'dueUnpaid', label: 'Falling due in range, unpaid', type: 'money', value: totals.dueUnpaid },
      ],
      chart: {
        kind: 'bar',
        title: 'Amount paid by period',
        labelKey: 'period',
        valueType: 'money',
        series: [{ key: 'amount', label: 'Amount paid' }],
        points: periodsOf(input.window).map((period) => ({ period, amount: found.get(period) ?? 0 })),
      },
    };
  },
  async page(input, { page, size }) {
    const [rows, total] = [await paymentRows(input, size, page * size), await paymentCount(input)];
    return {
      total,
      rows: rows.map((r) => ({
        paidAt: r.paidAt?.toISOString() ?? null,
        invoice: r.invoiceNumber,
        trip: r.tripNumber,
        order: r.orderNumber,
        transporter: r.transporter,
        amount: r.amountKobo,
        daysToPay: r.daysToPay,
        paidOnTime: r.onTime ? 'Yes' : 'No',
      })),
    };
  },
  rows(input) {
    return rowsByPages(this, input);
  },
};
