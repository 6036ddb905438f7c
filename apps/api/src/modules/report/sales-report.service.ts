import type { ReportColumn, ReportRow } from '@freightlane/domain';
import { type ReportDefinition, type ReportInput, readOnce, readWhole } from './report-definition';
import { salesFigures } from './sales-report.repository';

type SalesLine = Awaited<ReturnType<typeof salesFigures>>[number];

/**
 * The report's one statement, read once per request: the page and the export ask for the same input as
 * the overview did, and summing every trip of the range again for them would double the request's cost.
 */
function figuresOf(input: ReportInput): Promise<SalesLine[]> {
  return readOnce(input, 'sales', salesFigures);
}

/** The table's rows, one per client name, in the table's order. */
async function tableOf(input: ReportInput): Promise<ReportRow[]> {
  return (await figuresOf(input))
    .filter((line) => line.level === 1)
    .map((r) => ({
      clientName: r.client,
      orders: r.orders,
      trips: r.trips,
      containers: r.containers,
      truckLoads: r.truckLoads,
      tonnes: r.tonnes,
      haulageCost: r.haulage,
      share: r.share,
      outstanding: r.outstanding,
      firstAward: r.firstAward!.toISOString(),
      lastAward: r.lastAward!.toISOString(),
    }));
}

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
 * is a grouped table (an agent's clients, not its trips), so it is read whole with the summary and the
 * chart, and paged from that.
 */
export const salesReport: ReportDefinition = {
  kind: 'sales',
  columns,
  async overview(input) {
    const lines = await figuresOf(input);
    const totals = lines.find((line) => line.level === 3)!;
    const byClient = lines.filter((line) => line.level === 2);
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
  // One row per client name: an agent's clients, a few thousand at most, read whole.
  ...readWhole(tableOf),
};
