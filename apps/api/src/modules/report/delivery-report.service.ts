import { CARGO_TYPE_LABELS, type CargoType, type ReportColumn, type ReportRow } from '@freightlane/domain';
import { deliveryOverview, deliveryRows, tripCursorOf, type TripCursor } from './delivery-report.repository';
import { percentOf } from './financial-report.service';
import {
  EXPORT_BATCH_ROWS,
  keysetBatches,
  pickColumns,
  type ReportDefinition,
  type ReportInput,
  readOnce,
} from './report-definition';
import { periodsOf } from './report-window';

const ON_TIME_LABELS = { ON_TIME: 'On time', LATE: 'Late', NO_TARGET: 'No target' } as const;

const iso = (at: Date | null) => at?.toISOString() ?? null;

const columns: ReportColumn[] = [
  { key: 'trip', label: 'Trip', type: 'text' },
  { key: 'order', label: 'Order', type: 'text' },
  { key: 'clientName', label: 'Client name', type: 'text' },
  { key: 'cargoType', label: 'Cargo type', type: 'text' },
  { key: 'cargo', label: 'Container / cargo', type: 'text' },
  { key: 'transporter', label: 'Transporter', type: 'text' },
  { key: 'truck', label: 'Truck', type: 'text' },
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'pickup', label: 'Pickup', type: 'text' },
  { key: 'delivery', label: 'Delivery', type: 'text' },
  { key: 'loaded', label: 'Loaded', type: 'datetime' },
  { key: 'arrived', label: 'Arrived', type: 'datetime' },
  { key: 'delivered', label: 'Delivered', type: 'datetime' },
  { key: 'transit', label: 'Transit (h)', type: 'hours' },
  { key: 'waitAtDelivery', label: 'Wait at delivery (h)', type: 'hours' },
  { key: 'expectedDelivery', label: 'Expected delivery', type: 'date' },
  { key: 'onTime', label: 'On time', type: 'text' },
  { key: 'proofOfDelivery', label: 'Proof of delivery', type: 'text' },
  { key: 'handover', label: 'Handover', type: 'text' },
  { key: 'cancelledAt', label: 'Cancelled at', type: 'datetime' },
];
/** The delivery report's PDF columns: the trip, where and when it was delivered, and the verdicts. (CSV and XLSX keep every column.) */
const PDF_COLUMNS = pickColumns(columns, [
  'trip',
  'clientName',
  'cargo',
  'transporter',
  'truck',
  'delivery',
  'loaded',
  'delivered',
  'transit',
  'expectedDelivery',
  'onTime',
  'proofOfDelivery',
]);

type DeliveryRow = Awaited<ReturnType<typeof deliveryRows>>[number];

function toRow(r: DeliveryRow): ReportRow {
  return {
    trip: r.tripNumber,
    order: r.orderNumber,
    clientName: r.clientName,
    cargoType: CARGO_TYPE_LABELS[r.cargoType as CargoType] ?? r.cargoType,
    cargo: r.cargo,
    transporter: r.transporter,
    truck: r.truck,
    driver: r.driver,
    pickup: r.pickup,
    delivery: r.delivery,
    loaded: iso(r.loadedAt),
    arrived: iso(r.arrivedAt),
    delivered: iso(r.deliveredAt),
    transit: r.transit,
    waitAtDelivery: r.waitAtDelivery,
    expectedDelivery: r.expectedDelivery,
    onTime: ON_TIME_LABELS[r.onTime],
    proofOfDelivery: r.withProof ? 'Yes' : 'No',
    handover: r.override === null ? 'Code' : 'Admin override',
    cancelledAt: iso(r.cancelledAt),
  };
}

/** Every row of the table in keyset batches; the tests read it in small ones. */
export function deliveryBatches(input: ReportInput, batchRows = EXPORT_BATCH_ROWS) {
  return keysetBatches(
    (after: TripCursor | null, limit) => deliveryRows(input, { after, limit }),
    tripCursorOf,
    toRow,
    batchRows,
  );
}

/**
 * The summary's figures, read once per request: its count of deliveries is the page's total, which the
 * page would otherwise count again over every delivery of the range.
 */
function overviewOf(input: ReportInput): ReturnType<typeof deliveryOverview> {
  return readOnce(input, 'delivery', deliveryOverview);
}

/** Trips delivered in the range: times, proof of delivery, handover, on time or not (docs/reports.md 2.5). */
export const deliveryReport: ReportDefinition = {
  kind: 'delivery',
  columns,
  pdfColumns: PDF_COLUMNS,
  async overview(input) {
    const { totals, byPeriod } = await overviewOf(input);
    const found = new Map(byPeriod.map((p) => [p.period, p]));
    return {
      summary: [
        { key: 'delivered', label: 'Delivered trips', type: 'count', value: totals.delivered },
        {
          key: 'onTimeDelivery',
          label: 'On-time delivery',
          type: 'percent',
          value: percentOf(totals.onTime, totals.onTime + totals.late),
        },
        { key: 'withoutExpectedDate', label: 'Without expected date', type: 'count', value: totals.noTarget },
        { key: 'averageTransit', label: 'Average transit', type: 'hours', value: totals.averageTransit },
        { key: 'medianTransit', label: 'Median transit', type: 'hours', value: totals.medianTransit },
        {
          key: 'proofOfDelivery',
          label: 'Proof of delivery present',
          type: 'percent',
          value: percentOf(totals.withProof, totals.delivered),
        },
        { key: 'adminOverrides', label: 'Admin overrides', type: 'count', value: totals.overrides },
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'Deliveries on time by period',
        labelKey: 'period',
        valueType: 'count',
        series: [
          { key: 'onTime', label: 'On time' },
          { key: 'late', label: 'Late' },
          { key: 'noTarget', label: 'No target' },
        ],
        points: periodsOf(input.window).map((period) => ({
          period,
          onTime: found.get(period)?.onTime ?? 0,
          late: found.get(period)?.late ?? 0,
          noTarget: found.get(period)?.noTarget ?? 0,
        })),
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await deliveryRows(input, { limit: size, offset: page * size });
    return { total: (await overviewOf(input)).totals.delivered, rows: rows.map(toRow) };
  },
  rows(input) {
    return deliveryBatches(input);
  },
};
