import { locationText, TRIP_STATUS_LABELS, type ReportColumn, type TripStatus } from '@freightlane/domain';
import { keysetBatches, type ReportDefinition, type ReportInput, readOnce } from './report-definition';
import { periodsOf } from './report-window';
import {
  scheduleOverview,
  scheduleRows,
  type ScheduleKey,
  type ScheduleRow,
} from './schedule-report.repository';

const columns: ReportColumn[] = [
  { key: 'date', label: 'Date', type: 'date' },
  { key: 'event', label: 'Event', type: 'text' },
  { key: 'truck', label: 'Truck', type: 'text' },
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'trip', label: 'Trip', type: 'text' },
  { key: 'status', label: 'Status now', type: 'text' },
  { key: 'customer', label: 'Customer', type: 'text' },
  { key: 'clientName', label: 'Client name', type: 'text' },
  { key: 'cargo', label: 'Cargo', type: 'text' },
  { key: 'from', label: 'From', type: 'text' },
  { key: 'to', label: 'To', type: 'text' },
  { key: 'arrivedAtPickup', label: 'Arrived at pickup', type: 'text' },
];

/** A place in one line, or null (N/A) when the trip names none. */
function placeOf(terminal: ScheduleRow['pickupTerminal'], address: ScheduleRow['pickupAddress']) {
  return terminal || address ? locationText({ terminal, address }) : null;
}

/**
 * The summary's counts and the chart, read once per request (the service reads the overview, then the
 * page, with one input): the table's length is its pickups plus its deliveries, so the page needs no count
 * of its own.
 */
function overviewOf(input: ReportInput) {
  return readOnce(input, 'schedule', scheduleOverview);
}

function rowOf(r: ScheduleRow) {
  const pickup = r.kind === 0;
  return {
    date: r.date,
    event: pickup ? 'Pickup' : 'Delivery',
    truck: r.truck,
    driver: r.driverName,
    trip: r.tripNumber,
    status: r.latestStatus ? TRIP_STATUS_LABELS[r.latestStatus as TripStatus] : 'Awaiting start',
    customer: r.customer,
    clientName: r.clientName,
    cargo: r.containerNumber ?? r.description,
    from: placeOf(r.pickupTerminal, r.pickupAddress),
    to: placeOf(r.recipientTerminal, r.recipientAddress),
    // Only a pickup asks whether the truck is there; a delivery row leaves it N/A.
    arrivedAtPickup: pickup ? (r.arrivedAtPickup ? 'Yes' : 'No') : null,
  };
}

/** Upcoming pickups and deliveries of the live trips, per truck and driver (docs/reports.md 3.4). */
export const scheduleReport: ReportDefinition = {
  kind: 'schedule',
  columns,
  async overview(input) {
    const { totals, byPeriod } = await overviewOf(input);
    const found = new Map(byPeriod.map((p) => [p.period, p]));
    return {
      summary: [
        { key: 'pickups', label: 'Pickups', type: 'count', value: totals.pickups },
        { key: 'deliveries', label: 'Deliveries', type: 'count', value: totals.deliveries },
        { key: 'withoutTruck', label: 'Trips without a truck', type: 'count', value: totals.withoutTruck },
        { key: 'withoutDriver', label: 'Trips without a driver', type: 'count', value: totals.withoutDriver },
        { key: 'pickupsOverdue', label: 'Pickups overdue', type: 'count', value: totals.pickupsOverdue },
        {
          key: 'withoutExpectedDelivery',
          label: 'Live trips without an expected delivery date',
          type: 'count',
          value: totals.withoutExpectedDelivery,
        },
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'Pickups and deliveries by period',
        labelKey: 'period',
        valueType: 'count',
        series: [
          { key: 'pickups', label: 'Pickups' },
          { key: 'deliveries', label: 'Deliveries' },
        ],
        points: periodsOf(input.window).map((period) => ({
          period,
          pickups: found.get(period)?.pickups ?? 0,
          deliveries: found.get(period)?.deliveries ?? 0,
        })),
      },
    };
  },
  async page(input, { page, size }) {
    const { pickups, deliveries } = (await overviewOf(input)).totals;
    const total = pickups + deliveries;
    if (page * size >= total) return { total, rows: [] };
    const rows = await scheduleRows(input, size, page * size);
    return { total, rows: rows.map(rowOf) };
  },
  // One row per event of a live trip: read by keyset, so a long export never re-sorts what it passed.
  rows(input) {
    return keysetBatches(
      (after: ScheduleKey | null, limit) => scheduleRows(input, limit, 0, after),
      (last) => last,
      rowOf,
    );
  },
};
