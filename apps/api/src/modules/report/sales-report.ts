import type { ReportColumn } from '@freightlane/domain';
import { rowsByPages, totalOfPage, type ReportDefinition } from './report-definition';
import { salesOverview, salesRows } from './sales-report.repository';

const columns: ReportColumn[] = [
  { key: 'clientName', label: 'Client name', type: 'text' },
  { key: 'orders', label: 'Orders', type: 'count' },
  { key: 'trips', label: 'Trips', type: 'count' },
  { key: 'containers', label: 'Containers', type: 'count' },
  { key: 'truckLoads', label: 'Truck loads', type: 'count' },
  { key: 'tonnes', label: 'Tonnes (general cargo)', type: 'number' },
  { key: 'haulageCost', label: 'Haulage cost (NGN)', type: 'money' },
  { key: 'share', label: 'Share (%)', type: 'percent' },
  { key: 'outstanding', label: 'Outstanding (NGN)', type: 'money' },
  { key: 'firstAward', label: 'First award', type: 'datetime' },
  { key: 'lastAward', label: 'Last award', type: 'datetime' },
];

/**
 * What an agent paid transporters for each of its clients' loads, by award time (docs/reports.md 2.11).
 * The price the agent bills its client is not stored, so there is no margin here. A row per client name
 * is a grouped table (an agent's clients, not its trips), so it is exported by pages: a keyset on an
 * aggregate would aggregate the range for every batch all the same.
 */
export const salesReport: ReportDefinition = {
  kind: 'sales',
  columns,
  async overview(input) {
    const { totals, byClient } = await salesOverview(input);
    return {
      summary: [
        { key: 'clients', label: 'Clients', type: 'count', value: totals.clients },
        { key: 'trips', label: 'Trips', type: 'count', value: totals.trips },
        { key: 'haulageCost', label: 'Haulage cost', type: 'money', value: totals.haulage },
        { key: 'outstanding', label: 'Outstanding', type: 'money', value: totals.outstanding },
        {
          key: 'averagePerClient',
          label: 'Average per client',
          type: 'money',
          value: totals.averagePerClient,
        },
      ],
      chart: {
        kind: 'donut',
        title: 'Haulage cost by client',
        labelKey: 'client',
        valueType: 'money',
        series: [{ key: 'haulageCost', label: 'Haulage cost' }],
        points: byClient.map((p) => ({ client: p.client, haulageCost: p.haulage })),
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await salesRows(input, size, page * size);
    return {
      total: await totalOfPage(this, input, rows, page),
      rows: rows.map((r) => ({
        clientName: r.clientName,
        orders: r.orders,
        trips: r.trips,
        containers: r.containers,
        truckLoads: r.truckLoads,
        tonnes: r.tonnes,
        haulageCost: r.haulage,
        share: r.share,
        outstanding: r.outstanding,
        firstAward: r.firstAward.toISOString(),
        lastAward: r.lastAward.toISOString(),
      })),
    };
  },
  rows(input) {
    return rowsByPages(this, input);
  },
};
