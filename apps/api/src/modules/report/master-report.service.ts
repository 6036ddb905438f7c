import {
  CARGO_TYPE_LABELS,
  CARGO_TYPES,
  CONTAINER_SIZE_LABELS,
  INVOICE_STATUS_LABELS,
  locationText,
  TRIP_STATUS_LABELS,
  TRUCK_TYPE_LABELS,
  type ReportColumn,
  type ReportRow,
} from '@freightlane/domain';
import {
  keysetBatches,
  pickColumns,
  type ReportDefinition,
  type ReportInput,
  readOnce,
} from './report-definition';
import { periodsOf } from './report-window';
import { masterOverview, masterRows, type MasterKey, type MasterRow } from './master-report.repository';

const columns: ReportColumn[] = [
  { key: 'trip', label: 'Trip', type: 'text' },
  { key: 'order', label: 'Order', type: 'text' },
  { key: 'clientName', label: 'Client name', type: 'text' },
  { key: 'reference', label: 'Reference', type: 'text' },
  { key: 'cargoType', label: 'Cargo type', type: 'text' },
  { key: 'cargo', label: 'Container / cargo', type: 'text' },
  { key: 'containerSize', label: 'Container size', type: 'text' },
  { key: 'liner', label: 'Liner', type: 'text' },
  { key: 'deliveryOrderValidTo', label: 'Delivery order valid to', type: 'date' },
  { key: 'quantity', label: 'Quantity', type: 'count' },
  { key: 'weight', label: 'Weight (t)', type: 'number' },
  { key: 'truckTypeWanted', label: 'Truck type wanted', type: 'text' },
  { key: 'pickup', label: 'Pickup', type: 'text' },
  { key: 'delivery', label: 'Delivery', type: 'text' },
  { key: 'pickupDate', label: 'Pickup date', type: 'date' },
  { key: 'expectedDelivery', label: 'Expected delivery', type: 'date' },
  { key: 'transporter', label: 'Transporter', type: 'text' },
  { key: 'truck', label: 'Truck', type: 'text' },
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'motorBoy', label: 'Motor boy', type: 'text' },
  { key: 'amount', label: 'Amount (NGN)', type: 'money' },
  { key: 'invoice', label: 'Invoice', type: 'text' },
  { key: 'invoiceStatus', label: 'Invoice status', type: 'text' },
  { key: 'status', label: 'Status', type: 'text' },
  { key: 'started', label: 'Started', type: 'datetime' },
  { key: 'atPickup', label: 'At pickup', type: 'datetime' },
  { key: 'loaded', label: 'Loaded', type: 'datetime' },
  { key: 'atDelivery', label: 'At delivery', type: 'datetime' },
  { key: 'delivered', label: 'Delivered', type: 'datetime' },
  { key: 'emptyDroppedOff', label: 'Empty dropped off', type: 'datetime' },
  { key: 'transit', label: 'Transit (h)', type: 'hours' },
  { key: 'waitAtLoadout', label: 'Wait at loadout (h)', type: 'hours' },
  { key: 'onTimePickup', label: 'On-time pickup', type: 'text' },
  { key: 'onTimeDelivery', label: 'On-time delivery', type: 'text' },
  { key: 'issues', label: 'Issues', type: 'count' },
  { key: 'openIssues', label: 'Open issues', type: 'count' },
  { key: 'documents', label: 'Documents', type: 'count' },
  { key: 'proofOfDelivery', label: 'Proof of delivery', type: 'text' },
  { key: 'lastLocation', label: 'Last location', type: 'text' },
  { key: 'cancelledAt', label: 'Cancelled at', type: 'datetime' },
  { key: 'cancellationReason', label: 'Cancellation reason', type: 'text' },
  { key: 'awardedAt', label: 'Awarded at', type: 'datetime' },
];

/**
 * The columns the master report's PDF carries (docs/reports.md 2.4, marked PDF): the whole width does not
 * fit an A4 page, so CSV and XLSX hold every column and the PDF these.
 */
export const MASTER_PDF_COLUMN_KEYS = [
  'trip',
  'order',
  'clientName',
  'cargoType',
  'cargo',
  'pickup',
  'delivery',
  'pickupDate',
  'transporter',
  'truck',
  'amount',
  'status',
] as const;

export const masterPdfColumns = pickColumns(columns, MASTER_PDF_COLUMN_KEYS);

const VERDICT_LABELS: Record<string, string> = {
  ON_TIME: 'On time',
  LATE: 'Late',
  PENDING: 'Pending',
  NO_TARGET: 'No target',
};

const iso = (at: Date | null) => at?.toISOString() ?? null;

function toRow(r: MasterRow): ReportRow {
  return {
    trip: r.tripNumber,
    order: r.orderNumber,
    clientName: r.clientName,
    reference: r.reference || null,
    cargoType: CARGO_TYPE_LABELS[r.cargoType],
    cargo: r.containerNumber || r.description || null,
    containerSize: r.containerSize ? CONTAINER_SIZE_LABELS[r.containerSize] : null,
    liner: r.liner,
    deliveryOrderValidTo: r.deliveryOrderValidTo,
    quantity: r.quantity,
    weight: r.weightTonnes,
    truckTypeWanted: r.truckType ? TRUCK_TYPE_LABELS[r.truckType] : null,
    pickup: locationText({ terminal: r.pickupTerminal, address: r.pickupAddress }),
    delivery: locationText({ terminal: r.recipientTerminal, address: r.recipientAddress }),
    pickupDate: r.pickupDate,
    expectedDelivery: r.expectedDeliveryDate,
    transporter: r.transporter,
    truck: r.truck,
    driver: r.driver,
    motorBoy: r.motorBoy,
    amount: r.amountKobo,
    invoice: r.invoiceNumber,
    invoiceStatus:
      r.invoiceStatus === null ? null : r.invoiceOverdue ? 'Overdue' : INVOICE_STATUS_LABELS[r.invoiceStatus],
    status:
      r.cancelledAt !== null
        ? 'Cancelled'
        : r.latestStatus !== null
          ? TRIP_STATUS_LABELS[r.latestStatus]
          : 'Awaiting start',
    started: iso(r.startedAt),
    atPickup: iso(r.arrivedPickupAt),
    loaded: iso(r.loadedAt),
    atDelivery: iso(r.arrivedDeliveryAt),
    delivered: iso(r.deliveredAt),
    emptyDroppedOff: iso(r.emptyDroppedAt),
    transit: r.transitHours,
    waitAtLoadout: r.waitAtLoadoutHours,
    onTimePickup: r.pickupVerdict === null ? null : (VERDICT_LABELS[r.pickupVerdict] ?? null),
    onTimeDelivery: r.deliveryVerdict === null ? null : (VERDICT_LABELS[r.deliveryVerdict] ?? null),
    issues: r.issues ?? 0,
    openIssues: r.openIssues ?? 0,
    documents: r.documents ?? 0,
    proofOfDelivery: r.proofOfDelivery ? 'Yes' : 'No',
    lastLocation: r.lastLocation,
    cancelledAt: iso(r.cancelledAt),
    cancellationReason: r.cancellationReason,
    awardedAt: r.awardedAt.toISOString(),
  };
}

/**
 * The summary's figures, read once per request: its count of trips is the page's total, which the page
 * would otherwise count again over every trip of the range.
 */
function overviewOf(input: ReportInput): ReturnType<typeof masterOverview> {
  return readOnce(input, 'master', masterOverview);
}

/** One row per trip picked up in the range, cancelled included, with every field (docs/reports.md 2.4). */
export const masterReport: ReportDefinition = {
  kind: 'master',
  columns,
  pdfColumns: masterPdfColumns,
  async overview(input) {
    const groups = await overviewOf(input);
    const totals = groups.find((g) => g.period === null)!;
    const count = new Map(groups.map((g) => [`${g.period}|${g.cargoType}`, g.trips]));
    return {
      summary: [
        { key: 'trips', label: 'Trips', type: 'count', value: totals.trips },
        { key: 'completed', label: 'Completed', type: 'count', value: totals.completed },
        { key: 'cancelled', label: 'Cancelled', type: 'count', value: totals.cancelled },
        { key: 'containers', label: 'Containers', type: 'count', value: totals.containers },
        { key: 'truckLoads', label: 'Truck loads', type: 'count', value: totals.truckLoads },
        // A cancelled trip's price was never owed: its row shows it, the total leaves it out.
        { key: 'amount', label: 'Amount (not cancelled)', type: 'money', value: totals.amount },
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'Trips by pickup date and cargo type',
        labelKey: 'period',
        valueType: 'count',
        series: CARGO_TYPES.map((cargoType) => ({ key: cargoType, label: CARGO_TYPE_LABELS[cargoType] })),
        points: periodsOf(input.window).map((period) => ({
          period,
          ...Object.fromEntries(CARGO_TYPES.map((c) => [c, count.get(`${period}|${c}`) ?? 0])),
        })),
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await masterRows(input, { limit: size, offset: page * size });
    const totals = (await overviewOf(input)).find((g) => g.period === null)!;
    return { total: totals.trips, rows: rows.map(toRow) };
  },
  // One row per trip, unbounded: read by keyset on (pickup date, trip number).
  rows(input) {
    return keysetBatches(
      (after: MasterKey | null, limit) => masterRows(input, { limit, after }),
      (last) => ({ pickupDate: last.pickupDate, tripNumber: last.tripNumber }),
      toRow,
    );
  },
};
