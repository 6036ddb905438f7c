import type { ReportColumn, ReportRow } from '@freightlane/domain';
import { tripCursorOf, type TripCursor } from './delivery-report.repository';
import { percentOf } from './financial-report.service';
import {
  EXPORT_BATCH_ROWS,
  keysetBatches,
  pickColumns,
  readOnce,
  type ReportDefinition,
  type ReportInput,
} from './report-definition';
import { periodsOf } from './report-window';
import { profitOverview, profitRows } from './trip-profit-report.repository';

const columns: ReportColumn[] = [
  { key: 'trip', label: 'Trip', type: 'text' },
  { key: 'completed', label: 'Completed', type: 'datetime' },
  { key: 'customer', label: 'Customer', type: 'text' },
  { key: 'truck', label: 'Truck', type: 'text' },
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'haulage', label: 'Haulage (NGN)', type: 'money' },
  { key: 'commissionRate', label: 'Commission rate (%)', type: 'percent' },
  { key: 'commission', label: 'Commission (NGN)', type: 'money' },
  { key: 'expenses', label: 'Approved expenses (NGN)', type: 'money' },
  { key: 'waiting', label: 'Expenses waiting for review (NGN)', type: 'money' },
  { key: 'profit', label: 'Profit (NGN)', type: 'money' },
  { key: 'margin', label: 'Margin (%)', type: 'percent' },
];

const PDF_COLUMNS = pickColumns(columns, [
  'trip',
  'completed',
  'customer',
  'truck',
  'haulage',
  'commission',
  'expenses',
  'waiting',
  'profit',
  'margin',
]);

type ProfitRow = Awaited<ReturnType<typeof profitRows>>[number];

function toRow(r: ProfitRow): ReportRow {
  return {
    trip: r.tripNumber,
    completed: r.completed,
    customer: r.customer,
    truck: r.truck,
    driver: r.driver,
    haulage: r.haulage,
    commissionRate: r.rate,
    commission: r.commission,
    expenses: r.expenses,
    waiting: r.waiting,
    profit: r.profit,
    margin: percentOf(r.profit, r.haulage),
  };
}

/** The summary's and chart's figures, read once per request: the page's total is their trip count. */
function overviewOf(input: ReportInput): ReturnType<typeof profitOverview> {
  return readOnce(input, 'trip-profit', profitOverview);
}

/** Every row of the table in keyset batches; the tests read it in small ones. */
export function profitBatches(input: ReportInput, batchRows = EXPORT_BATCH_ROWS) {
  return keysetBatches(
    (after: TripCursor | null, limit) => profitRows(input, { after, limit }),
    tripCursorOf,
    toRow,
    batchRows,
  );
}

/**
 * Each trip completed in the range with its haulage, the platform's commission, the approved road
 * expenses and what is left (docs/reports.md 3.9).
 */
export const tripProfitReport: ReportDefinition = {
  kind: 'trip-profit',
  columns,
  pdfColumns: PDF_COLUMNS,
  async overview(input) {
    const { totals, byPeriod } = await overviewOf(input);
    const found = new Map(byPeriod.map((p) => [p.period, p]));
    return {
      summary: [
        { key: 'trips', label: 'Trips completed', type: 'count', value: totals.trips },
        { key: 'haulage', label: 'Haulage', type: 'money', value: totals.haulage },
        { key: 'commission', label: 'Commission', type: 'money', value: totals.commission },
        { key: 'expenses', label: 'Approved expenses', type: 'money', value: totals.expenses },
        { key: 'profit', label: 'Profit', type: 'money', value: totals.profit },
        { key: 'margin', label: 'Margin', type: 'percent', value: percentOf(totals.profit, totals.haulage) },
        {
          key: 'profitPerTrip',
          label: 'Profit per trip',
          type: 'money',
          value: totals.trips === 0 ? null : Math.round(totals.profit / totals.trips),
        },
        { key: 'lossMaking', label: 'Trips at a loss', type: 'count', value: totals.lossMaking },
      ],
      chart: {
        kind: 'bar',
        title: 'Haulage after commission, expenses and profit by period',
        labelKey: 'period',
        valueType: 'money',
        series: [
          { key: 'net', label: 'Haulage after commission' },
          { key: 'expenses', label: 'Approved expenses' },
          { key: 'profit', label: 'Profit' },
        ],
        points: periodsOf(input.window).map((period) => {
          const p = found.get(period);
          return {
            period,
            net: p ? p.haulage - p.commission : 0,
            expenses: p?.expenses ?? 0,
            profit: p?.profit ?? 0,
          };
        }),
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await profitRows(input, { limit: size, offset: page * size });
    return { total: (await overviewOf(input)).totals.trips, rows: rows.map(toRow) };
  },
  rows(input) {
    return profitBatches(input);
  },
};
