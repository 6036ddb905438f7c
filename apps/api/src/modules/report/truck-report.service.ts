import { TRUCK_TYPE_LABELS, type ReportColumn, type TruckType } from '@freightlane/domain';
import { percentOf } from './financial-report.service';
import { pickColumns, rowsByPages, totalOfPage, type ReportDefinition } from './report-definition';
import { truckRevenueChart, truckRows, truckTotals, type TruckRow } from './truck-report.repository';

const columns: ReportColumn[] = [
  { key: 'truck', label: 'Truck', type: 'text' },
  { key: 'type', label: 'Type', type: 'text' },
  { key: 'tripsCompleted', label: 'Trips completed', type: 'count' },
  { key: 'revenue', label: 'Revenue (NGN)', type: 'money' },
  { key: 'expenses', label: 'Approved expenses (NGN)', type: 'money' },
  { key: 'profit', label: 'Profit (NGN)', type: 'money' },
  { key: 'distance', label: 'Distance (km)', type: 'number' },
  { key: 'revenuePerKm', label: 'Revenue per km (NGN)', type: 'money' },
  { key: 'daysOnTrip', label: 'Days on trip', type: 'days' },
  { key: 'idleDays', label: 'Idle days', type: 'days' },
  { key: 'utilisation', label: 'Utilisation (%)', type: 'percent' },
  { key: 'issues', label: 'Issues', type: 'count' },
  { key: 'lastTripCompleted', label: 'Last trip completed', type: 'datetime' },
];

/** The truck report's PDF columns: an A4 page holds its figures without the type and the last completion. */
const PDF_COLUMNS = pickColumns(columns, [
  'truck',
  'tripsCompleted',
  'revenue',
  'expenses',
  'profit',
  'distance',
  'revenuePerKm',
  'daysOnTrip',
  'idleDays',
  'utilisation',
  'issues',
]);

function rowOf(r: TruckRow) {
  return {
    truck: r.plate,
    type: TRUCK_TYPE_LABELS[r.type as TruckType] ?? r.type,
    tripsCompleted: r.trips,
    revenue: r.revenue,
    expenses: r.expenses,
    profit: r.profit,
    distance: r.distance,
    revenuePerKm: r.revenuePerKm,
    daysOnTrip: r.daysOnTrip,
    idleDays: r.availableDays === null ? null : r.availableDays - r.daysOnTrip,
    utilisation: r.availableDays === null ? null : percentOf(r.daysOnTrip, r.availableDays),
    issues: r.issues,
    lastTripCompleted: r.lastCompleted,
  };
}

/** Trips, distance, revenue and idle days per truck (docs/reports.md 3.5). */
export const truckReport: ReportDefinition = {
  kind: 'truck',
  columns,
  pdfColumns: PDF_COLUMNS,
  async overview(input) {
    const [totals, chart] = [await truckTotals(input), await truckRevenueChart(input)];
    return {
      summary: [
        { key: 'trucksUsed', label: 'Trucks used', type: 'count', value: totals.trucksUsed },
        { key: 'tripsCompleted', label: 'Trips completed', type: 'count', value: totals.trips },
        { key: 'revenue', label: 'Revenue', type: 'money', value: totals.revenue },
        { key: 'profit', label: 'Profit', type: 'money', value: totals.profit },
        { key: 'distance', label: 'Distance (km)', type: 'number', value: totals.distance },
        { key: 'revenuePerKm', label: 'Revenue per km', type: 'money', value: totals.revenuePerKm },
        { key: 'idleTruckDays', label: 'Idle truck-days', type: 'days', value: totals.idleDays },
        {
          key: 'fleetUtilisation',
          label: 'Fleet utilisation',
          type: 'percent',
          value: percentOf(totals.daysOnTrip, totals.availableDays),
        },
        {
          key: 'withoutTruck',
          label: 'Completed trips without a truck',
          type: 'count',
          value: totals.withoutTruck,
        },
      ],
      chart: {
        kind: 'bar',
        title: 'Revenue by truck',
        labelKey: 'truck',
        valueType: 'money',
        series: [{ key: 'revenue', label: 'Revenue' }],
        points: chart,
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await truckRows(input, size, page * size);
    return { total: await totalOfPage(this, input, rows, page), rows: rows.map(rowOf) };
  },
  // One row per truck: a fleet's size bounds the table, so it pages by offset.
  rows(input) {
    return rowsByPages(this, input);
  },
};
