import type { ReportColumn, ReportFigure, ReportRow, ReportValueType } from '@freightlane/domain';
import {
  type ReportDefinition,
  type ReportInput,
  readOnce,
  withPeriodType,
  readWhole,
} from './report-definition';
import { periodsOf } from './report-window';
import { executiveByPeriod, executivePrevious, type ExecutiveFigures } from './executive-report.repository';

const columns: ReportColumn[] = [
  { key: 'period', label: 'Period', type: 'month' },
  { key: 'ordersPlaced', label: 'Orders placed', type: 'count' },
  { key: 'tripsAwarded', label: 'Trips awarded', type: 'count' },
  { key: 'spend', label: 'Spend (NGN)', type: 'money' },
  { key: 'tripsDelivered', label: 'Trips delivered', type: 'count' },
  { key: 'onTimePickup', label: 'On-time pickup (%)', type: 'percent' },
  { key: 'onTimeDelivery', label: 'On-time delivery (%)', type: 'percent' },
  { key: 'issueRate', label: 'Issue rate (%)', type: 'percent' },
];

/** The figures that carry a trend, in the order the page shows them (docs/reports.md 2.2). */
const TRENDED: { key: string; label: string; type: ReportValueType }[] = [
  { key: 'spend', label: 'Spend', type: 'money' },
  { key: 'ordersPlaced', label: 'Orders placed', type: 'count' },
  { key: 'tripsAwarded', label: 'Trips awarded', type: 'count' },
  { key: 'tripsDelivered', label: 'Trips delivered', type: 'count' },
  { key: 'containersMoved', label: 'Containers moved', type: 'count' },
  { key: 'onTimePickup', label: 'On-time pickup', type: 'percent' },
  { key: 'onTimeDelivery', label: 'On-time delivery', type: 'percent' },
  { key: 'averageTransit', label: 'Average transit time', type: 'hours' },
  { key: 'issueRate', label: 'Issue rate', type: 'percent' },
  { key: 'documentCompleteness', label: 'Document completeness', type: 'percent' },
];

/**
 * The report's range by period and as a whole, read once per request: the page and the export ask with the
 * same input as the overview did, and measuring every trip of the range again would double the cost.
 */
function rangeOf(input: ReportInput): Promise<ExecutiveFigures[]> {
  return readOnce(input, 'executive', executiveByPeriod);
}

/**
 * Each period of the range, those without any figure as zeros (and N/A where a percentage has nothing to
 * count), in order. A range has at most 62 day periods or 25 month periods, so the table is read whole.
 */
async function periodRows(input: ReportInput): Promise<ReportRow[]> {
  const found = new Map((await rangeOf(input)).map((r) => [r.period, r]));
  return periodsOf(input.window).map((period) => {
    const r = found.get(period);
    return {
      period,
      ordersPlaced: r?.ordersPlaced ?? 0,
      tripsAwarded: r?.tripsAwarded ?? 0,
      spend: r?.spend ?? 0,
      tripsDelivered: r?.tripsDelivered ?? 0,
      onTimePickup: r?.onTimePickup ?? null,
      onTimeDelivery: r?.onTimeDelivery ?? null,
      issueRate: r?.issueRate ?? null,
    };
  });
}

/** One decimal, half away from zero, as PostgreSQL rounds numerics. */
const oneDecimal = (x: number) => (Math.sign(x) * Math.round(Math.abs(x) * 10)) / 10;

/** (now − before) / before as a percent; N/A from nothing or to or from N/A. */
function change(now: number | null, before: number | null): number | null {
  return now === null || before === null || before === 0 ? null : oneDecimal((100 * (now - before)) / before);
}

/** A percentage's move in percentage points, from the unrounded ratios; N/A when either is. */
function points(part: number, whole: number, partBefore: number, wholeBefore: number): number | null {
  return whole === 0 || wholeBefore === 0
    ? null
    : oneDecimal((100 * part) / whole - (100 * partBefore) / wholeBefore);
}

const meanSeconds = (f: ExecutiveFigures) =>
  f.transitMeasured === 0 || f.transitTotal === null ? null : f.transitTotal / f.transitMeasured;

/** Each trended figure of a range, its previous value and its change (docs/reports.md 2.2). */
function trends(
  now: ExecutiveFigures,
  before: ExecutiveFigures,
): Record<string, [number | null, number | null, number | null]> {
  const counted = (k: 'spend' | 'ordersPlaced' | 'tripsAwarded' | 'tripsDelivered' | 'containersMoved') =>
    [now[k], before[k], change(now[k], before[k])] as [number, number, number | null];
  return {
    spend: counted('spend'),
    ordersPlaced: counted('ordersPlaced'),
    tripsAwarded: counted('tripsAwarded'),
    tripsDelivered: counted('tripsDelivered'),
    containersMoved: counted('containersMoved'),
    onTimePickup: [
      now.onTimePickup,
      before.onTimePickup,
      points(now.pickupOnTime, now.pickupJudged, before.pickupOnTime, before.pickupJudged),
    ],
    onTimeDelivery: [
      now.onTimeDelivery,
      before.onTimeDelivery,
      points(now.deliveryOnTime, now.deliveryJudged, before.deliveryOnTime, before.deliveryJudged),
    ],
    averageTransit: [
      now.averageTransit,
      before.averageTransit,
      change(meanSeconds(now), meanSeconds(before)),
    ],
    issueRate: [
      now.issueRate,
      before.issueRate,
      points(now.withIssue, now.trips, before.withIssue, before.trips),
    ],
    documentCompleteness: [
      now.documentCompleteness,
      before.documentCompleteness,
      points(now.documentsPresent, now.documentsExpected, before.documentsPresent, before.documentsExpected),
    ],
  };
}

/** One page of KPIs with their trend against the range before (docs/reports.md 2.2). */
export const executiveReport: ReportDefinition = {
  kind: 'executive',
  columns,
  columnsFor: (window) => withPeriodType(columns, window.period),
  async overview(input) {
    // The two ranges are independent statements: asked for together, on a pool they run side by side.
    const [range, before] = await Promise.all([rangeOf(input), executivePrevious(input)]);
    const whole = range.find((r) => r.period === null)!;
    const trended = trends(whole, before);
    const summary: ReportFigure[] = TRENDED.flatMap(({ key, label, type }) => {
      const [value, previous, moved] = trended[key]!;
      return [
        { key, label, type, value },
        { key: `${key}Previous`, label: `${label} (previous range)`, type, value: previous },
        // A percentage moves in percentage points; any other figure by a percent of what it was.
        type === 'percent'
          ? { key: `${key}Change`, label: `${label} change (points)`, type: 'number' as const, value: moved }
          : { key: `${key}Change`, label: `${label} change`, type: 'percent' as const, value: moved },
      ];
    });
    summary.push(
      { key: 'outstandingNow', label: 'Outstanding now', type: 'money', value: before.outstandingNow },
      { key: 'overdueNow', label: 'Overdue now', type: 'money', value: before.overdueNow },
    );
    const rows = await periodRows(input);
    return {
      summary,
      chart: {
        kind: 'line',
        title: 'On-time pickup, on-time delivery and issue rate by period',
        labelKey: 'period',
        valueType: 'percent',
        series: [
          { key: 'onTimePickup', label: 'On-time pickup' },
          { key: 'onTimeDelivery', label: 'On-time delivery' },
          { key: 'issueRate', label: 'Issue rate' },
        ],
        points: rows.map((r) => ({
          period: r.period ?? null,
          onTimePickup: r.onTimePickup ?? null,
          onTimeDelivery: r.onTimeDelivery ?? null,
          issueRate: r.issueRate ?? null,
        })),
      },
    };
  },
  ...readWhole(periodRows),
};
