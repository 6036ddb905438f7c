import type { ReportColumn, ReportRow } from '@freightlane/domain';
import { type ReportDefinition, type ReportInput, readOnce, readWhole } from './report-definition';
import { costFigures } from './cost-report.repository';

type CostLine = Awaited<ReturnType<typeof costFigures>>[number];

/**
 * The report's one statement, read once per request: the page and the export ask for the same input as
 * the overview did, and summing every trip of the range again for them would double the request's cost.
 */
function figuresOf(input: ReportInput): Promise<CostLine[]> {
  return readOnce(input, 'cost', costFigures);
}

/** The table's rows, one per lane, in the table's order. */
async function tableOf(input: ReportInput): Promise<ReportRow[]> {
  return (await figuresOf(input))
    .filter((line) => line.level === 1)
    .map((r) => ({
      lane: r.lane,
      trips: r.trips,
      containers: r.containers,
      truckLoads: r.truckLoads,
      tonnes: r.tonnes,
      totalCost: r.totalCost,
      costPerTrip: r.costPerTrip,
      costPerContainer: r.costPerContainer,
      costPerTonne: r.costPerTonne,
    }));
}

const columns: ReportColumn[] = [
  { key: 'lane', label: 'Lane', type: 'text' },
  { key: 'trips', label: 'Trips', type: 'count' },
  { key: 'containers', label: 'Containers', type: 'count' },
  { key: 'truckLoads', label: 'Truck loads', type: 'count' },
  { key: 'tonnes', label: 'Tonnes (general cargo)', type: 'number' },
  { key: 'totalCost', label: 'Total cost (NGN)', type: 'money' },
  { key: 'costPerTrip', label: 'Cost per trip (NGN)', type: 'money' },
  { key: 'costPerContainer', label: 'Cost per container (NGN)', type: 'money' },
  { key: 'costPerTonne', label: 'Cost per tonne (NGN)', type: 'money' },
];

/**
 * The customer's haulage cost per lane, and per trip, container and tonne, by award time
 * (docs/reports.md 2.8). Cancelled trips moved nothing and are left out.
 */
export const costReport: ReportDefinition = {
  kind: 'cost',
  columns,
  async overview(input) {
    const lines = await figuresOf(input);
    const totals = lines.find((line) => line.level === 3)!;
    const byLane = lines.filter((line) => line.level === 2);
    return {
      summary: [
        { key: 'totalCost', label: 'Total cost', type: 'money', value: totals.totalCost },
        { key: 'trips', label: 'Trips', type: 'count', value: totals.trips },
        { key: 'costPerTrip', label: 'Cost per trip', type: 'money', value: totals.costPerTrip },
        {
          key: 'costPerContainer',
          label: 'Cost per container',
          type: 'money',
          value: totals.costPerContainer,
        },
        { key: 'costPerTonne', label: 'Cost per tonne', type: 'money', value: totals.costPerTonne },
        { key: 'lanes', label: 'Lanes', type: 'count', value: totals.lanes },
      ],
      chart: {
        kind: 'bar',
        title: 'Cost per trip by lane (busiest lanes first)',
        labelKey: 'lane',
        valueType: 'money',
        series: [{ key: 'costPerTrip', label: 'Cost per trip' }],
        points: byLane.map((p) => ({ lane: p.lane, costPerTrip: p.costPerTrip })),
      },
    };
  },
  // One row per lane: a few hundred at most, read whole.
  ...readWhole(tableOf),
};
