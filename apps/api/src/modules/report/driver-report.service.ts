import { EXPIRY_STATUS_LABELS, type ExpiryStatus, type ReportColumn } from '@freightlane/domain';
import { rowsByPages, totalOfPage, type ReportDefinition } from './report-definition';
import { driverOverview, driverRows } from './driver-report.repository';

const columns: ReportColumn[] = [
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'phone', label: 'Phone', type: 'text' },
  { key: 'licenceExpires', label: 'Licence expires', type: 'date' },
  { key: 'licenceState', label: 'Licence state', type: 'text' },
  { key: 'trips', label: 'Trips', type: 'count' },
  { key: 'completed', label: 'Completed', type: 'count' },
  { key: 'onTimePickup', label: 'On-time pickup (%)', type: 'percent' },
  { key: 'onTimeDelivery', label: 'On-time delivery (%)', type: 'percent' },
  { key: 'averageTransit', label: 'Average transit (h)', type: 'hours' },
  { key: 'issues', label: 'Issues', type: 'count' },
  { key: 'issueRate', label: 'Issue rate (%)', type: 'percent' },
  { key: 'active', label: 'Active', type: 'text' },
];

/** Trips, on-time figures and issues per driver over the trips due for pickup in the range (3.3). */
export const driverReport: ReportDefinition = {
  kind: 'driver',
  columns,
  async overview(input) {
    const { totals, chart: points } = await driverOverview(input);
    return {
      summary: [
        { key: 'drivers', label: 'Drivers with trips', type: 'count', value: totals.drivers },
        { key: 'trips', label: 'Trips', type: 'count', value: totals.trips },
        { key: 'withoutDriver', label: 'Trips without a driver', type: 'count', value: totals.withoutDriver },
        { key: 'onTimePickup', label: 'On-time pickup', type: 'percent', value: totals.onTimePickup },
        { key: 'onTimeDelivery', label: 'On-time delivery', type: 'percent', value: totals.onTimeDelivery },
        { key: 'issueRate', label: 'Issue rate', type: 'percent', value: totals.issueRate },
        {
          key: 'licencesExpired',
          label: 'Licences expired (active drivers)',
          type: 'count',
          value: totals.licencesExpired,
        },
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'Deliveries on time per driver',
        labelKey: 'driver',
        valueType: 'count',
        series: [
          { key: 'onTime', label: 'On time' },
          { key: 'late', label: 'Late' },
          { key: 'notMeasured', label: 'Not measured' },
        ],
        points,
      },
    };
  },
  async page(input, { page, size }) {
    const rows = await driverRows(input, size, page * size);
    return {
      total: await totalOfPage(this, input, rows, page),
      rows: rows.map((r) => ({
        driver: r.name,
        phone: r.phoneNumber,
        licenceExpires: r.licenceExpiresOn,
        licenceState: EXPIRY_STATUS_LABELS[r.licenceState as ExpiryStatus] ?? r.licenceState,
        trips: r.trips,
        completed: r.completed,
        onTimePickup: r.onTimePickup,
        onTimeDelivery: r.onTimeDelivery,
        averageTransit: r.averageTransit,
        issues: r.issues,
        issueRate: r.issueRate,
        active: r.active ? 'Yes' : 'No',
      })),
    };
  },
  rows(input) {
    return rowsByPages(this, input);
  },
};
