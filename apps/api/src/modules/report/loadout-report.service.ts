import {
  CARGO_TYPE_LABELS,
  CONTAINER_SIZE_LABELS,
  TERMINAL_KIND_LABELS,
  type CargoType,
  type ContainerSize,
  type ReportColumn,
  type ReportRow,
  type TerminalKind,
} from '@freightlane/domain';
import { percentOf } from './financial-report.service';
import { tripCursorOf, type TripCursor } from './delivery-report.repository';
import { loadoutOverview, loadoutRows } from './loadout-report.repository';
import {
  EXPORT_BATCH_ROWS,
  keysetBatches,
  pickColumns,
  type ReportDefinition,
  type ReportInput,
  readOnce,
} from './report-definition';

const ON_TIME_LABELS = { ON_TIME: 'On time', LATE: 'Late', PENDING: 'Pending' } as const;

const RECORDED_BY_LABELS: Record<string, string> = { GEOFENCE: 'Geofence', DRIVER_PHONE: 'Driver phone' };

const columns: ReportColumn[] = [
  { key: 'trip', label: 'Trip', type: 'text' },
  { key: 'order', label: 'Order', type: 'text' },
  { key: 'clientName', label: 'Client name', type: 'text' },
  { key: 'cargoType', label: 'Cargo type', type: 'text' },
  { key: 'cargo', label: 'Container / cargo', type: 'text' },
  { key: 'containerSize', label: 'Container size', type: 'text' },
  { key: 'liner', label: 'Liner', type: 'text' },
  { key: 'pickupPlace', label: 'Pickup place', type: 'text' },
  { key: 'terminalKind', label: 'Terminal kind', type: 'text' },
  { key: 'transporter', label: 'Transporter', type: 'text' },
  { key: 'truck', label: 'Truck', type: 'text' },
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'pickupDate', label: 'Pickup date', type: 'date' },
  { key: 'arrived', label: 'Arrived', type: 'datetime' },
  { key: 'arrivalRecordedBy', label: 'Arrival recorded by', type: 'text' },
  { key: 'loaded', label: 'Loaded', type: 'datetime' },
  { key: 'waitAtLoadout', label: 'Wait at loadout (h)', type: 'hours' },
  { key: 'onTimePickup', label: 'On-time pickup', type: 'text' },
];
/** The loadout report's PDF columns: the trip, where it loaded, the times and the wait. (CSV and XLSX keep every column.) */
const PDF_COLUMNS = pickColumns(columns, [
  'trip',
  'clientName',
  'cargo',
  'pickupPlace',
  'transporter',
  'truck',
  'pickupDate',
  'arrived',
  'loaded',
  'waitAtLoadout',
  'onTimePickup',
]);

type LoadoutRow = Awaited<ReturnType<typeof loadoutRows>>[number];

function toRow(r: LoadoutRow): ReportRow {
  return {
    trip: r.tripNumber,
    order: r.orderNumber,
    clientName: r.clientName,
    cargoType: CARGO_TYPE_LABELS[r.cargoType as CargoType] ?? r.cargoType,
    cargo: r.cargo,
    containerSize: r.containerSize ? (CONTAINER_SIZE_LABELS[r.containerSize as ContainerSize] ?? null) : null,
    liner: r.liner,
    pickupPlace: r.pickupPlace,
    terminalKind: r.terminalKind ? (TERMINAL_KIND_LABELS[r.terminalKind as TerminalKind] ?? null) : null,
    transporter: r.transporter,
    truck: r.truck,
    driver: r.driver,
    pickupDate: r.pickupDate,
    arrived: r.arrivedAt?.toISOString() ?? null,
    // A person (a transporter user or an admin) recorded the arrival when neither tracking did.
    arrivalRecordedBy:
      r.arrivedAt === null ? null : (RECORDED_BY_LABELS[r.arrivalRecordedBy ?? ''] ?? 'By hand'),
    loaded: r.loadedAt.toISOString(),
    waitAtLoadout: r.wait,
    onTimePickup: ON_TIME_LABELS[r.onTime],
  };
}

/** Every row of the table in keyset batches; the tests read it in small ones. */
export function loadoutBatches(input: ReportInput, batchRows = EXPORT_BATCH_ROWS) {
  return keysetBatches(
    (after: TripCursor | null, limit) => loadoutRows(input, { after, limit }),
    tripCursorOf,
    toRow,
    batchRows,
  );
}

/**
 * The summary's figures, read once per request: its count of loadings is the page's total, which the page
 * would otherwise count again over every loading of the range.
 */
function overviewOf(input: ReportInput): ReturnType<typeof loadoutOverview> {
  return readOnce(input, 'loadout', loadoutOverview);
}

/** Trips loaded in the range: where, how long they waited from arrival, on time or not (2.6). */
export const loadoutReport: ReportDefinition = {
  kind: 'loadout',
  columns,
  pdfColumns: PDF_COLUMNS,
  async overview(input) {
    const { totals, places } = await overviewOf(input);
    return {
      summary: [
        { key: 'loadings', label: 'Loadings', type: 'count', value: totals.loadings },
        { key: 'averageWait', label: 'Average wait', type: 'hours', value: totals.averageWait },
        { key: 'medianWait', label: 'Median wait', type: 'hours', value: totals.medianWait },
        { key: 'longestWait', label: 'Longest wait', type: 'hours', value: totals.longestWait },
        {
          key: 'onTimePickup',
          label: 'On-time pickup',
          type: 'percent',
          value: percentOf(totals.onTime, totals.onTime + totals.late),
        },
        {
          key: 'geofenceArrivals',
          label: 'Arrivals by geofence',
          type: 'percent',
          value: percentOf(totals.geofence, totals.loadings),
        },
      ],
      chart: {
        kind: 'bar',
        title: 'Average wait at loadout by pickup place',
        labelKey: 'pickupPlace',
        valueType: 'hours',
        series: [{ key: 'averageWait', label: 'Average wait' }],
        points: places.map((p) => ({ pickupPlace: p.place, averageWait: p.averageWait })),
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await loadoutRows(input, { limit: size, offset: page * size });
    return { total: (await overviewOf(input)).totals.loadings, rows: rows.map(toRow) };
  },
  rows(input) {
    return loadoutBatches(input);
  },
};
