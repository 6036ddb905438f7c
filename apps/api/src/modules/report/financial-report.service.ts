import {
  CARGO_TYPE_LABELS,
  type CargoType,
  type ReportColumn,
  type ReportFigure,
  type ReportRow,
} from '@freightlane/domain';
import {
  type ReportDefinition,
  type ReportInput,
  readOnce,
  withPeriodType,
  readWhole,
} from './report-definition';
import { periodsOf } from './report-window';
import { financialFigures } from './financial-report.repository';

/** A share in percent with one decimal, or null (N/A) over nothing. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((1000 * part) / whole) / 10;
}

type FinancialLine = Awaited<ReturnType<typeof financialFigures>>[number];

/**
 * The report's one statement, read once per request: the page and the export ask for the same input as
 * the overview did, and summing every invoice of the range again for them would double the request's
 * cost.
 */
function figuresOf(input: ReportInput): Promise<FinancialLine[]> {
  return readOnce(input, 'financial', financialFigures);
}

/** The table's rows, one per period, transporter and cargo type, in the table's order. */
async function tableOf(input: ReportInput): Promise<ReportRow[]> {
  return (await figuresOf(input))
    .filter((line) => line.level === 0)
    .map((r) => ({
      period: r.period,
      transporter: r.transporter,
      cargoType: CARGO_TYPE_LABELS[r.cargoType as CargoType] ?? r.cargoType,
      invoices: r.invoices,
      voidedInvoices: r.voidedInvoices,
      spend: r.spend,
      paid: r.paid,
      outstanding: r.outstanding,
      overdue: r.overdue,
      voided: r.voided,
      paidShare: percentOf(r.paid, r.spend),
    }));
}

const columns: ReportColumn[] = [
  { key: 'period', label: 'Period', type: 'month' },
  { key: 'transporter', label: 'Transporter', type: 'text' },
  { key: 'cargoType', label: 'Cargo type', type: 'text' },
  { key: 'invoices', label: 'Invoices', type: 'count' },
  { key: 'voidedInvoices', label: 'Voided invoices', type: 'count' },
  { key: 'spend', label: 'Spend (NGN)', type: 'money' },
  { key: 'paid', label: 'Paid (NGN)', type: 'money' },
  { key: 'outstanding', label: 'Outstanding (NGN)', type: 'money' },
  { key: 'overdue', label: 'Overdue (NGN)', type: 'money' },
  { key: 'voided', label: 'Voided (NGN)', type: 'money' },
  { key: 'paidShare', label: 'Paid share (%)', type: 'percent' },
];

/** Spend by period, transporter and cargo type, paid and outstanding (docs/reports.md 2.1). */
export const financialReport: ReportDefinition = {
  kind: 'financial',
  columns,
  columnsFor: (window) => withPeriodType(columns, window.period),
  async overview(input) {
    const lines = await figuresOf(input);
    const totals = lines.find((line) => line.level === 7)!;
    const byPeriod = lines.filter((line) => line.level === 3);
    const summary: ReportFigure[] = [
      { key: 'spend', label: 'Spend', type: 'money', value: totals.spend },
      { key: 'paid', label: 'Paid', type: 'money', value: totals.paid },
      { key: 'outstanding', label: 'Outstanding', type: 'money', value: totals.outstanding },
      { key: 'overdue', label: 'Overdue', type: 'money', value: totals.overdue },
      { key: 'voided', label: 'Voided', type: 'money', value: totals.voided },
      { key: 'invoices', label: 'Invoices', type: 'count', value: totals.invoices },
      { key: 'voidedInvoices', label: 'Voided invoices', type: 'count', value: totals.voidedInvoices },
      // A trip has one invoice: the trips billed are the invoices not voided.
      {
        key: 'averagePerTrip',
        label: 'Average per trip',
        type: 'money',
        value: totals.nonVoid === 0 ? null : Math.round(totals.spend / totals.nonVoid),
      },
      { key: 'paidShare', label: 'Paid share', type: 'percent', value: percentOf(totals.paid, totals.spend) },
    ];
    const found = new Map(byPeriod.map((p) => [p.period, p]));
    return {
      summary,
      chart: {
        kind: 'stacked-bar',
        title: 'Paid and outstanding by period',
        labelKey: 'period',
        valueType: 'money',
        series: [
          { key: 'paid', label: 'Paid' },
          { key: 'outstanding', label: 'Outstanding' },
        ],
        points: periodsOf(input.window).map((period) => ({
          period,
          paid: found.get(period)?.paid ?? 0,
          outstanding: found.get(period)?.outstanding ?? 0,
        })),
      },
    };
  },
  // One row per period, transporter and cargo type: a few thousand at most over two years, read whole.
  ...readWhole(tableOf),
};
