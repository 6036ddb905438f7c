import { CARGO_TYPE_LABELS, type CargoType, type ReportColumn } from '@freightlane/domain';
import { rowsByPages, type ReportDefinition } from './report-definition';
import { invoiceCount, invoiceRows, invoiceTotals } from './invoice-report.repository';

const columns: ReportColumn[] = [
  { key: 'invoice', label: 'Invoice', type: 'text' },
  { key: 'issued', label: 'Issued', type: 'datetime' },
  { key: 'due', label: 'Due', type: 'date' },
  { key: 'status', label: 'Status', type: 'text' },
  { key: 'trip', label: 'Trip', type: 'text' },
  { key: 'order', label: 'Order', type: 'text' },
  { key: 'clientName', label: 'Client name', type: 'text' },
  { key: 'transporter', label: 'Transporter', type: 'text' },
  { key: 'cargoType', label: 'Cargo type', type: 'text' },
  { key: 'cargo', label: 'Container / cargo', type: 'text' },
  { key: 'amount', label: 'Amount (NGN)', type: 'money' },
  { key: 'paidAt', label: 'Paid at', type: 'datetime' },
  { key: 'daysOverdue', label: 'Days overdue', type: 'days' },
];

/** Every invoice raised in the range, with its status now (docs/reports.md 2.9). */
export const invoiceReport: ReportDefinition = {
  kind: 'invoice',
  columns,
  async overview(input) {
    const totals = await invoiceTotals(input);
    return {
      summary: [
        { key: 'invoices', label: 'Invoices', type: 'count', value: totals.invoices },
        { key: 'invoiced', label: 'Invoiced', type: 'money', value: totals.invoiced },
        { key: 'pending', label: 'Pending', type: 'money', value: totals.pending },
        { key: 'overdue', label: 'Overdue', type: 'money', value: totals.overdue },
        { key: 'paid', label: 'Paid', type: 'money', value: totals.paid },
        { key: 'voided', label: 'Void', type: 'money', value: totals.voided },
      ],
      chart: {
        kind: 'donut',
        title: 'Invoiced amounts by status',
        labelKey: 'status',
        valueType: 'money',
        series: [{ key: 'amount', label: 'Amount' }],
        points: [
          { status: 'Pending', amount: totals.pending },
          { status: 'Overdue', amount: totals.overdue },
          { status: 'Paid', amount: totals.paid },
          { status: 'Void', amount: totals.voided },
        ],
      },
    };
  },
  async page(input, { page, size }) {
    const [rows, total] = [await invoiceRows(input, size, page * size), await invoiceCount(input)];
    return {
      total,
      rows: rows.map((r) => ({
        invoice: r.invoiceNumber,
        issued: r.issuedAt.toISOString(),
        due: r.due,
        status: r.status,
        trip: r.tripNumber,
        order: r.orderNumber,
        clientName: r.clientName,
        transporter: r.transporter,
        cargoType: CARGO_TYPE_LABELS[r.cargoType as CargoType] ?? r.cargoType,
        cargo: r.containerNumber ?? r.description,
        amount: r.amountKobo,
        paidAt: r.paidAt?.toISOString() ?? null,
        daysOverdue: r.daysOverdue,
      })),
    };
  },
  rows(input) {
    return rowsByPages(this, input);
  },
};
