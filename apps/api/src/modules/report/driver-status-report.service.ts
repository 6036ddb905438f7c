import {
  EXPIRY_STATUS_LABELS,
  TRIP_STATUS_LABELS,
  type ExpiryStatus,
  type ReportColumn,
  type TripStatus,
} from '@freightlane/domain';
import { pickColumns, rowsByPages, totalOfPage, type ReportDefinition } from './report-definition';
import { periodsOf } from './report-window';
import { driverStatusOverview, driverStatusRows } from './driver-status-report.repository';

/** A driver's status now, by the rank the repository sorts on. */
const DRIVER_STATUS = ['On trip', 'Assigned', 'Available', 'Off'] as const;

const columns: ReportColumn[] = [
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'phone', label: 'Phone', type: 'text' },
  { key: 'status', label: 'Status now', type: 'text' },
  { key: 'currentTrip', label: 'Current trip', type: 'text' },
  { key: 'stage', label: 'Stage', type: 'text' },
  { key: 'timeInStage', label: 'Time in stage (h)', type: 'hours' },
  { key: 'customer', label: 'Customer', type: 'text' },
  { key: 'lane', label: 'Lane', type: 'text' },
  { key: 'truck', label: 'Truck', type: 'text' },
  { key: 'lastLocation', label: 'Last location', type: 'text' },
  { key: 'lastTripEnded', label: 'Last trip ended', type: 'datetime' },
  { key: 'tripsInRange', label: 'Trips in range', type: 'count' },
  { key: 'daysOnTrip', label: 'Days on trip', type: 'days' },
  { key: 'availableDays', label: 'Available days', type: 'days' },
  { key: 'licenceState', label: 'Licence state', type: 'text' },
];

/**
 * The PDF's columns: fifteen do not fit an A4 page without cutting names to a few letters, so the PDF keeps
 * what a dispatcher reads on paper and leaves the phone, customer, place and day counts to CSV and XLSX.
 */
const PDF_COLUMN_KEYS = [
  'driver',
  'status',
  'currentTrip',
  'stage',
  'timeInStage',
  'lane',
  'truck',
  'lastTripEnded',
  'daysOnTrip',
  'licenceState',
];

/** Every driver, on a trip, assigned, available or off now, with the days on trip in the range (3.6). */
export const driverStatusReport: ReportDefinition = {
  kind: 'driver-status',
  columns,
  pdfColumns: pickColumns(columns, PDF_COLUMN_KEYS),
  async overview(input) {
    const { totals, chart } = await driverStatusOverview(input);
    const found = new Map(chart.map((p) => [p.period, p]));
    return {
      summary: [
        { key: 'drivers', label: 'Drivers', type: 'count', value: totals.drivers },
        { key: 'onTrip', label: 'On trip', type: 'count', value: totals.onTrip },
        { key: 'assigned', label: 'Assigned', type: 'count', value: totals.assigned },
        { key: 'available', label: 'Available', type: 'count', value: totals.available },
        { key: 'off', label: 'Off', type: 'count', value: totals.off },
        {
          key: 'licencesExpired',
          label: 'Licences expired (active drivers)',
          type: 'count',
          value: totals.licencesExpired,
        },
        { key: 'daysOnTrip', label: 'Driver-days on trip in range', type: 'days', value: totals.daysOnTrip },
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'Driver-days on trip and free (active drivers)',
        labelKey: 'period',
        valueType: 'days',
        series: [
          { key: 'onTrip', label: 'Driver-days on trip' },
          { key: 'free', label: 'Driver-days free' },
        ],
        points: periodsOf(input.window).map((period) => ({
          period,
          onTrip: found.get(period)?.onTrip ?? 0,
          free: found.get(period)?.free ?? 0,
        })),
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await driverStatusRows(input, size, page * size);
    return {
      total: await totalOfPage(this, input, rows, page),
      rows: rows.map((r) => ({
        driver: r.name,
        phone: r.phoneNumber,
        status: DRIVER_STATUS[r.statusRank - 1] ?? null,
        currentTrip: r.tripNumber,
        stage:
          r.tripNumber === null
            ? null
            : r.latestStatus === null
              ? 'Awaiting start'
              : (TRIP_STATUS_LABELS[r.latestStatus as TripStatus] ?? r.latestStatus),
        timeInStage: r.timeInStage,
        customer: r.customer,
        lane: r.lane,
        truck: r.truck,
        lastLocation: r.lastLocation,
        lastTripEnded: r.lastTripEnded,
        tripsInRange: r.tripsInRange,
        daysOnTrip: r.daysOnTrip,
        availableDays: r.availableDays,
        licenceState: EXPIRY_STATUS_LABELS[r.licenceState as ExpiryStatus] ?? r.licenceState,
      })),
    };
  },
  rows(input) {
    return rowsByPages(this, input);
  },
};
