import type { ReportColumn } from '@freightlane/domain';
import { balanceOverview, balanceRows } from './driver-balance-report.repository';
import { readOnce, rowsByPages, type ReportDefinition, type ReportInput } from './report-definition';
import { periodsOf } from './report-window';

const columns: ReportColumn[] = [
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'phoneNumber', label: 'Phone number', type: 'text' },
  { key: 'opening', label: 'Owed to driver at start (NGN)', type: 'money' },
  { key: 'advances', label: 'Advances given (NGN)', type: 'money' },
  { key: 'approved', label: 'Expenses approved (NGN)', type: 'money' },
  { key: 'paid', label: 'Paid at settlement (NGN)', type: 'money' },
  { key: 'closing', label: 'Owed to driver at end (NGN)', type: 'money' },
  { key: 'waiting', label: 'Waiting for review (NGN)', type: 'money' },
  { key: 'lastMovement', label: 'Last movement', type: 'date' },
];

function overviewOf(input: ReportInput): ReturnType<typeof balanceOverview> {
  return readOnce(input, 'driver-balance', balanceOverview);
}

/**
 * Each driver's cash with the company: what they were owed (or held) at the start of the range, the
 * advances, approved expenses and settlement payments in it, and the balance at its end
 * (docs/reports.md 3.11).
 */
export const driverBalanceReport: ReportDefinition = {
  kind: 'driver-balance',
  columns,
  async overview(input) {
    const { totals, byPeriod } = await overviewOf(input);
    const found = new Map(byPeriod.map((p) => [p.period, p]));
    return {
      summary: [
        { key: 'owed', label: 'Owed to drivers', type: 'money', value: totals.owed },
        { key: 'held', label: 'Held by drivers', type: 'money', value: totals.held },
        { key: 'withBalance', label: 'Drivers with a balance', type: 'count', value: totals.withBalance },
        { key: 'advances', label: 'Advances given', type: 'money', value: totals.advances },
        { key: 'approved', label: 'Expenses approved', type: 'money', value: totals.approved },
        { key: 'paid', label: 'Paid at settlement', type: 'money', value: totals.paid },
        { key: 'waiting', label: 'Waiting for review', type: 'money', value: totals.waiting },
      ],
      chart: {
        kind: 'bar',
        title: 'Advances given and expenses approved by period',
        labelKey: 'period',
        valueType: 'money',
        series: [
          { key: 'advances', label: 'Advances given' },
          { key: 'approved', label: 'Expenses approved' },
        ],
        points: periodsOf(input.window).map((period) => ({
          period,
          advances: found.get(period)?.advances ?? 0,
          approved: found.get(period)?.approved ?? 0,
        })),
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await balanceRows(input, size, page * size);
    return {
      total: (await overviewOf(input)).totals.drivers,
      rows: rows.map(({ name, ...r }) => ({ driver: name, ...r })),
    };
  },
  // One row per driver: a fleet's size bounds the table, so it pages by offset.
  rows(input) {
    return rowsByPages(this, input);
  },
};
