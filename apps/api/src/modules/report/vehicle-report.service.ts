import {
  EXPIRY_STATUS_LABELS,
  TRUCK_DOCUMENT_KINDS,
  TRUCK_DOCUMENT_LABELS,
  type ExpiryStatus,
  type ReportColumn,
  type TruckDocumentKind,
} from '@freightlane/domain';
import { rowsByPages, totalOfPage, type ReportDefinition } from './report-definition';
import { periodsOf } from './report-window';
import { vehicleByPeriod, vehicleRows, vehicleTotals } from './vehicle-report.repository';

const columns: ReportColumn[] = [
  { key: 'truck', label: 'Truck', type: 'text' },
  { key: 'makeModel', label: 'Make and model', type: 'text' },
  { key: 'document', label: 'Document', type: 'text' },
  { key: 'number', label: 'Number', type: 'text' },
  { key: 'expiresOn', label: 'Expires on', type: 'date' },
  { key: 'state', label: 'State now', type: 'text' },
  { key: 'daysLeft', label: 'Days left', type: 'days' },
  { key: 'onTrip', label: 'On a trip now', type: 'text' },
];

/**
 * The documents of the active trucks: those missing, expired or expiring now, and those falling due in the
 * range (docs/reports.md 3.2).
 */
export const vehicleReport: ReportDefinition = {
  kind: 'vehicle',
  columns,
  async overview(input) {
    const totals = await vehicleTotals(input);
    const byPeriod = await vehicleByPeriod(input);
    const count = (period: string, kind: string) =>
      byPeriod.find((p) => p.period === period && p.kind === kind)?.documents ?? 0;
    return {
      summary: [
        { key: 'trucks', label: 'Trucks', type: 'count', value: totals.trucks },
        { key: 'expired', label: 'Documents expired', type: 'count', value: totals.expired },
        { key: 'expiring', label: 'Expiring within 30 days', type: 'count', value: totals.expiring },
        { key: 'missing', label: 'Missing', type: 'count', value: totals.missing },
        { key: 'allValid', label: 'Trucks with every document valid', type: 'count', value: totals.allValid },
        { key: 'dueInRange', label: 'Falling due in range', type: 'count', value: totals.dueInRange },
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'Documents falling due by period',
        labelKey: 'period',
        valueType: 'count',
        series: TRUCK_DOCUMENT_KINDS.map((kind) => ({ key: kind, label: TRUCK_DOCUMENT_LABELS[kind] })),
        points: periodsOf(input.window).map((period) => ({
          period,
          ...Object.fromEntries(TRUCK_DOCUMENT_KINDS.map((kind) => [kind, count(period, kind)])),
        })),
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await vehicleRows(input, size, page * size);
    return {
      total: await totalOfPage(this, input, rows, page),
      rows: rows.map((r) => ({
        truck: r.registrationNumber,
        makeModel: `${r.make} ${r.model}`,
        document: TRUCK_DOCUMENT_LABELS[r.kind as TruckDocumentKind] ?? r.kind,
        number: r.number,
        expiresOn: r.expiresOn,
        state: EXPIRY_STATUS_LABELS[r.state as ExpiryStatus] ?? r.state,
        daysLeft: r.daysLeft,
        onTrip: r.onTrip ? 'Yes' : 'No',
      })),
    };
  },
  rows(input) {
    return rowsByPages(this, input);
  },
};
