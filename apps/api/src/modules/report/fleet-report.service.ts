import { TRUCK_TYPE_LABELS, type ReportColumn, type TruckType } from '@freightlane/domain';
import { rowsByPages, totalOfPage, type ReportDefinition } from './report-definition';
import { periodsOf } from './report-window';
import { fleetOverview, fleetRows } from './fleet-report.repository';

/** A truck's status now, by the rank the repository sorts on. */
const TRUCK_STATUS = ['On trip', 'Assigned', 'Available', 'Inactive'] as const;

const columns: ReportColumn[] = [
  { key: 'truck', label: 'Truck', type: 'text' },
  { key: 'makeModel', label: 'Make and model', type: 'text' },
  { key: 'year', label: 'Year', type: 'text' },
  { key: 'type', label: 'Type', type: 'text' },
  { key: 'capacity', label: 'Capacity (t)', type: 'number' },
  { key: 'status', label: 'Status now', type: 'text' },
  { key: 'currentTrip', label: 'Current trip', type: 'text' },
  { key: 'tracker', label: 'Tracker', type: 'text' },
  { key: 'lastPosition', label: 'Last position', type: 'datetime' },
  { key: 'tripsInRange', label: 'Trips in range', type: 'count' },
  { key: 'daysOnTrip', label: 'Days on trip', type: 'days' },
  { key: 'availableDays', label: 'Available days', type: 'days' },
  { key: 'idleDays', label: 'Idle days', type: 'days' },
  { key: 'utilisation', label: 'Utilisation (%)', type: 'percent' },
];

/** Every truck of the company, its status now and its utilisation over the range (docs/reports.md 3.1). */
export const fleetReport: ReportDefinition = {
  kind: 'fleet',
  columns,
  async overview(input) {
    const { totals, chart } = await fleetOverview(input);
    const found = new Map(chart.map((p) => [p.period, p]));
    return {
      summary: [
        { key: 'trucks', label: 'Trucks (active)', type: 'count', value: totals.trucks },
        { key: 'onTrip', label: 'On trip now', type: 'count', value: totals.onTrip },
        { key: 'assigned', label: 'Assigned now', type: 'count', value: totals.assigned },
        { key: 'available', label: 'Available now', type: 'count', value: totals.available },
        { key: 'inactive', label: 'Inactive', type: 'count', value: totals.inactive },
        { key: 'utilisation', label: 'Fleet utilisation', type: 'percent', value: totals.utilisation },
        { key: 'idleDays', label: 'Idle truck-days', type: 'days', value: totals.idleDays },
        {
          key: 'expiredDocuments',
          label: 'Trucks with an expired document now',
          type: 'count',
          value: totals.expiredDocuments,
        },
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'Truck-days on trip and idle (active trucks)',
        labelKey: 'period',
        valueType: 'days',
        series: [
          { key: 'onTrip', label: 'Truck-days on trip' },
          { key: 'idle', label: 'Idle truck-days' },
        ],
        points: periodsOf(input.window).map((period) => {
          const p = found.get(period);
          return { period, onTrip: p?.onTrip ?? 0, idle: p?.free ?? 0 };
        }),
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await fleetRows(input, size, page * size);
    return {
      total: await totalOfPage(this, input, rows, page),
      rows: rows.map((r) => ({
        truck: r.registrationNumber,
        makeModel: `${r.make} ${r.model}`,
        year: String(r.year),
        type: TRUCK_TYPE_LABELS[r.type as TruckType] ?? r.type,
        capacity: r.capacityTenthTonnes / 10,
        status: TRUCK_STATUS[r.statusRank - 1] ?? null,
        currentTrip: r.liveTrip,
        tracker: r.tracker ? 'Yes' : 'No',
        lastPosition: r.lastPosition,
        tripsInRange: r.tripsInRange,
        daysOnTrip: r.daysOnTrip,
        availableDays: r.availableDays,
        idleDays: r.idleDays,
        utilisation: r.utilisation,
      })),
    };
  },
  rows(input) {
    return rowsByPages(this, input);
  },
};
