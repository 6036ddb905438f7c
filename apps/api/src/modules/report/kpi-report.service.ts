import type { ReportColumn, ReportRow } from '@freightlane/domain';
import { type ReportDefinition, type ReportInput, readOnce, readWhole } from './report-definition';
import { kpiFigures } from './kpi-report.repository';

const columns: ReportColumn[] = [
  { key: 'transporter', label: 'Transporter', type: 'text' },
  { key: 'trips', label: 'Trips', type: 'count' },
  { key: 'delivered', label: 'Delivered', type: 'count' },
  { key: 'onTimePickup', label: 'On-time pickup (%)', type: 'percent' },
  { key: 'onTimeDelivery', label: 'On-time delivery (%)', type: 'percent' },
  { key: 'noTarget', label: 'No delivery target', type: 'count' },
  { key: 'averageTransit', label: 'Average transit (h)', type: 'hours' },
  { key: 'issueRate', label: 'Issue rate (%)', type: 'percent' },
  { key: 'documentCompleteness', label: 'Document completeness (%)', type: 'percent' },
  { key: 'cancelled', label: 'Cancelled', type: 'count' },
];

type KpiLine = Awaited<ReturnType<typeof kpiFigures>>[number];

/**
 * The report's one statement, read once per request: the page and the export ask for the same input as the
 * overview did, and measuring every trip of the range again for them would double the request's cost.
 */
function figuresOf(input: ReportInput): Promise<KpiLine[]> {
  return readOnce(input, 'kpi', kpiFigures);
}

/**
 * A transporter's row, one per transporter with a trip picked up in the range (in P, or cancelled), in the
 * table's order.
 */
async function tableOf(input: ReportInput): Promise<ReportRow[]> {
  return (await figuresOf(input))
    .filter((line) => line.kind === 'row')
    .map((r) => ({
      transporter: r.transporter,
      trips: r.trips,
      delivered: r.delivered,
      onTimePickup: r.onTimePickup,
      onTimeDelivery: r.onTimeDelivery,
      noTarget: r.noTarget,
      averageTransit: r.averageTransit,
      issueRate: r.issueRate,
      documentCompleteness: r.documentCompleteness,
      cancelled: r.cancelled,
    }));
}

/**
 * On-time pickup and delivery, transit time, issue rate and document completeness by transporter, over the
 * trips picked up in the range and not cancelled (docs/reports.md 2.7, population P of 1.8).
 */
export const kpiReport: ReportDefinition = {
  kind: 'kpi',
  columns,
  async overview(input) {
    const lines = await figuresOf(input);
    const totals = lines.find((line) => line.kind === 'total')!;
    return {
      summary: [
        { key: 'trips', label: 'Trips', type: 'count', value: totals.trips },
        { key: 'onTimePickup', label: 'On-time pickup', type: 'percent', value: totals.onTimePickup },
        { key: 'onTimeDelivery', label: 'On-time delivery', type: 'percent', value: totals.onTimeDelivery },
        { key: 'averageTransit', label: 'Average transit', type: 'hours', value: totals.averageTransit },
        { key: 'issueRate', label: 'Issue rate', type: 'percent', value: totals.issueRate },
        {
          key: 'documentCompleteness',
          label: 'Document completeness',
          type: 'percent',
          value: totals.documentCompleteness,
        },
        { key: 'cancelled', label: 'Cancelled', type: 'count', value: totals.cancelled },
        { key: 'transporters', label: 'Transporters', type: 'count', value: totals.transporters },
      ],
      chart: {
        kind: 'bar',
        title: 'On-time pickup and delivery by transporter',
        labelKey: 'transporter',
        valueType: 'percent',
        series: [
          { key: 'onTimePickup', label: 'On-time pickup' },
          { key: 'onTimeDelivery', label: 'On-time delivery' },
        ],
        points: lines
          .filter((line) => line.kind === 'chart')
          .map((p) => ({
            transporter: p.transporter,
            onTimePickup: p.onTimePickup,
            onTimeDelivery: p.onTimeDelivery,
          })),
      },
    };
  },
  // One row per transporter the customer used in the range: a few hundred at most, read whole.
  ...readWhole(tableOf),
};
