import type { ReportColumn } from '@freightlane/domain';
import { rowsByPages, totalOfPage, type ReportDefinition } from './report-definition';
import { costOverview, costRows } from './cost-report.repository';

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
    const { totals, byLane } = await costOverview(input);
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
  async page(input, { page, size }) {
    const rows = await costRows(input, size, page * size);
    return {
      total: await totalOfPage(this, input, rows, page),
      rows: rows.map((r) => ({
        lane: r.lane,
        trips: r.trips,
        containers: r.containers,
        truckLoads: r.truckLoads,
        tonnes: r.tonnes,
        totalCost: r.totalCost,
        costPerTrip: r.costPerTrip,
        costPerContainer: r.costPerContainer,
        costPerTonne: r.costPerTonne,
      })),
    };
  },
  rows(input) {
    return rowsByPages(this, input);
  },
};
