import type { ReportColumn, ReportFigure, ReportRow } from '@freightlane/domain';
import { percentOf } from './financial-report.service';
import { type ReportDefinition, type ReportInput, readOnce } from './report-definition';
import { periodsOf } from './report-window';
import { performanceFigures, type PerformanceFigures } from './performance-report.repository';

const columns: ReportColumn[] = [
  { key: 'month', label: 'Month', type: 'month' },
  { key: 'bidsDecided', label: 'Bids decided', type: 'count' },
  { key: 'bidsWon', label: 'Bids won', type: 'count' },
  { key: 'winRate', label: 'Win rate (%)', type: 'percent' },
  { key: 'tripsAwarded', label: 'Trips awarded', type: 'count' },
  { key: 'booked', label: 'Booked (NGN)', type: 'money' },
  { key: 'tripsCompleted', label: 'Trips completed', type: 'count' },
  { key: 'revenue', label: 'Revenue (NGN)', type: 'money' },
  { key: 'onTimePickup', label: 'On-time pickup (%)', type: 'percent' },
  { key: 'onTimeDelivery', label: 'On-time delivery (%)', type: 'percent' },
  { key: 'averageTransit', label: 'Average transit (h)', type: 'hours' },
  { key: 'issueRate', label: 'Issue rate (%)', type: 'percent' },
  { key: 'cancelled', label: 'Cancelled', type: 'count' },
];

const NONE: Omit<PerformanceFigures, 'month'> = {
  bidsDecided: 0,
  bidsWon: 0,
  bidsClosedByCancellation: 0,
  bidsWithdrawn: 0,
  tripsAwarded: 0,
  booked: 0,
  tripsCompleted: 0,
  revenue: 0,
  pickupOnTime: 0,
  pickupLate: 0,
  deliveryOnTime: 0,
  deliveryLate: 0,
  averageTransitHours: null,
  population: 0,
  withIssue: 0,
  cancelled: 0,
};

/** The table's figures of one month (or of the range), the ratios over zero left N/A. */
function valuesOf(f: Omit<PerformanceFigures, 'month'>) {
  return {
    bidsDecided: f.bidsDecided,
    bidsWon: f.bidsWon,
    winRate: percentOf(f.bidsWon, f.bidsDecided),
    tripsAwarded: f.tripsAwarded,
    booked: f.booked,
    tripsCompleted: f.tripsCompleted,
    revenue: f.revenue,
    onTimePickup: percentOf(f.pickupOnTime, f.pickupOnTime + f.pickupLate),
    onTimeDelivery: percentOf(f.deliveryOnTime, f.deliveryOnTime + f.deliveryLate),
    averageTransit: f.averageTransitHours,
    issueRate: percentOf(f.withIssue, f.population),
    cancelled: f.cancelled,
  };
}

/**
 * Every month of the range (always months, clipped to the range), and the whole range's figures, read
 * once per request (the service reads the overview, then the page, with one input).
 */
async function monthsOf(input: ReportInput) {
  const figures = await readOnce(input, 'performance', performanceFigures);
  const byMonth = new Map(figures.map((f) => [f.month, f]));
  const months = periodsOf({ ...input.window, period: 'month' });
  return {
    whole: byMonth.get(null) ?? { month: null, ...NONE },
    rows: months.map((month): ReportRow => ({ month, ...valuesOf(byMonth.get(month) ?? NONE) })),
  };
}

/** Bids won rate, on-time %, revenue and transit time by month (docs/reports.md 3.8). */
export const performanceReport: ReportDefinition = {
  kind: 'performance',
  columns,
  async overview(input) {
    const { whole, rows } = await monthsOf(input);
    const values = valuesOf(whole);
    const summary: ReportFigure[] = [
      ...columns
        .filter((c) => c.key !== 'month')
        .map((c) => ({
          key: c.key,
          label: c.label.replace(/ \((%|NGN|h)\)$/, ''),
          type: c.type,
          value: values[c.key as keyof typeof values],
        })),
      {
        key: 'bidsClosedByCancellation',
        label: "Bids closed by the customer's cancellation",
        type: 'count',
        value: whole.bidsClosedByCancellation,
      },
      { key: 'bidsWithdrawn', label: 'Bids withdrawn', type: 'count', value: whole.bidsWithdrawn },
    ];
    return {
      summary,
      chart: {
        kind: 'line',
        title: 'Win rate and on-time performance by month',
        labelKey: 'month',
        valueType: 'percent',
        series: [
          { key: 'winRate', label: 'Win rate' },
          { key: 'onTimePickup', label: 'On-time pickup' },
          { key: 'onTimeDelivery', label: 'On-time delivery' },
        ],
        points: rows.map((r) => ({
          month: r.month ?? null,
          winRate: r.winRate ?? null,
          onTimePickup: r.onTimePickup ?? null,
          onTimeDelivery: r.onTimeDelivery ?? null,
        })),
      },
    };
  },
  // At most 25 months: the rows are worked out whole and the page cut from them.
  async page(input, { page, size }) {
    const { rows } = await monthsOf(input);
    return { total: rows.length, rows: rows.slice(page * size, (page + 1) * size) };
  },
  async *rows(input) {
    yield (await monthsOf(input)).rows;
  },
};
