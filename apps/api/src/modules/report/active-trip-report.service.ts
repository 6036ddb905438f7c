import {
  CARGO_TYPE_LABELS,
  lastLocationText,
  TRIP_ISSUE_TYPE_LABELS,
  TRIP_STATUS_LABELS,
  TRIP_STATUSES,
  type CargoType,
  type ReportColumn,
  type TripIssueType,
  type TripStatus,
} from '@freightlane/domain';
import {
  keysetBatches,
  pickColumns,
  type ReportDefinition,
  type ReportInput,
  readOnce,
} from './report-definition';
import {
  activeTripRows,
  activeTripStages,
  type ActiveTripKey,
  type ActiveTripRow,
} from './active-trip-report.repository';

const columns: ReportColumn[] = [
  { key: 'trip', label: 'Trip', type: 'text' },
  { key: 'customer', label: 'Customer', type: 'text' },
  { key: 'clientName', label: 'Client name', type: 'text' },
  { key: 'cargoType', label: 'Cargo type', type: 'text' },
  { key: 'cargo', label: 'Container / cargo', type: 'text' },
  { key: 'truck', label: 'Truck', type: 'text' },
  { key: 'driver', label: 'Driver', type: 'text' },
  { key: 'stage', label: 'Stage', type: 'text' },
  { key: 'stageSince', label: 'Stage since', type: 'datetime' },
  { key: 'timeInStage', label: 'Time in stage (h)', type: 'hours' },
  { key: 'setOff', label: 'Set off', type: 'datetime' },
  { key: 'pickupDate', label: 'Pickup date', type: 'date' },
  { key: 'expectedDelivery', label: 'Expected delivery', type: 'date' },
  { key: 'etaTypical', label: 'ETA (typical)', type: 'datetime' },
  { key: 'etaLatest', label: 'ETA (latest)', type: 'datetime' },
  { key: 'lastLocation', label: 'Last location', type: 'text' },
  { key: 'lastPosition', label: 'Last position', type: 'datetime' },
  { key: 'openIssues', label: 'Open issues', type: 'count' },
  { key: 'openIssueTypes', label: 'Open issue types', type: 'text' },
  { key: 'delayed', label: 'Delayed', type: 'text' },
];
/** The active trip report's PDF columns: the trip, its crew, its stage and where it was last seen. (CSV and XLSX keep every column.) */
const PDF_COLUMNS = pickColumns(columns, [
  'trip',
  'customer',
  'cargo',
  'truck',
  'driver',
  'stage',
  'timeInStage',
  'expectedDelivery',
  'lastLocation',
  'lastPosition',
  'openIssues',
  'delayed',
]);

/** The stages an ongoing trip can stand at, in timeline order (the last step completes every trip). */
const ONGOING_STAGES = TRIP_STATUSES.filter((s) => s !== 'EMPTY_DROP_OFF');

/**
 * The figures per stage and in all, read once per request (the service reads the overview, then the page,
 * with one input): the table's length is the summary's count of active trips.
 */
async function stagesOf(input: ReportInput) {
  const stages = await readOnce(input, 'active-trip', activeTripStages);
  const none = {
    stage: null,
    active: 0,
    delayed: 0,
    openIssues: 0,
    averageHours: null,
    setOffBefore: 0,
    silent: 0,
  };
  return { whole: stages.find((s) => s.stage === null) ?? none, stages };
}

function rowOf(r: ActiveTripRow) {
  return {
    trip: r.tripNumber,
    customer: r.customer,
    clientName: r.clientName,
    cargoType: CARGO_TYPE_LABELS[r.cargoType as CargoType] ?? r.cargoType,
    cargo: r.containerNumber ?? r.description,
    truck: r.truck,
    driver: r.driverName,
    stage: TRIP_STATUS_LABELS[r.latestStatus as TripStatus] ?? r.latestStatus,
    stageSince: r.stageSince,
    timeInStage: r.hoursInStage,
    setOff: r.setOff,
    pickupDate: r.pickupDate,
    expectedDelivery: r.expectedDelivery,
    etaTypical: r.etaTypical,
    etaLatest: r.etaLatest,
    lastLocation: r.currentLocation
      ? lastLocationText({ currentLocation: { address: r.currentLocation } })
      : null,
    lastPosition: r.lastPosition,
    openIssues: r.openIssues,
    openIssueTypes: r.openIssueTypes
      ? r.openIssueTypes
          .split(',')
          .map((type) => TRIP_ISSUE_TYPE_LABELS[type as TripIssueType] ?? type)
          .join(', ')
      : null,
    delayed: r.openIssues > 0 ? 'Yes' : 'No',
  };
}

/**
 * Every trip under way that set off in the range: its stage, how long it has stood there, where it was
 * last seen and its open issues (docs/reports.md 3.7).
 */
export const activeTripReport: ReportDefinition = {
  kind: 'active-trip',
  columns,
  pdfColumns: PDF_COLUMNS,
  async overview(input) {
    const { whole: totals, stages } = await stagesOf(input);
    const found = new Map(stages.map((s) => [s.stage, s]));
    return {
      summary: [
        { key: 'activeTrips', label: 'Active trips', type: 'count', value: totals.active },
        { key: 'delayed', label: 'Delayed', type: 'count', value: totals.delayed },
        { key: 'openIssues', label: 'Open issues', type: 'count', value: totals.openIssues },
        {
          key: 'averageTimeInStage',
          label: 'Average time in stage',
          type: 'hours',
          value: totals.averageHours,
        },
        {
          key: 'setOffBeforeRange',
          label: 'Active trips set off before the range',
          type: 'count',
          value: totals.setOffBefore,
        },
        { key: 'silentTrucks', label: 'Silent trucks', type: 'count', value: totals.silent },
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'Active trips by stage',
        labelKey: 'stage',
        valueType: 'count',
        series: [
          { key: 'delayed', label: 'Delayed' },
          { key: 'onTrack', label: 'On track' },
        ],
        points: ONGOING_STAGES.map((stage) => ({
          stage: TRIP_STATUS_LABELS[stage],
          delayed: found.get(stage)?.delayed ?? 0,
          onTrack: (found.get(stage)?.active ?? 0) - (found.get(stage)?.delayed ?? 0),
        })),
      },
    };
  },
  async page(input, { page, size }) {
    const { whole } = await stagesOf(input);
    // Past the last row (no trip set off in the range, often for a range ahead) nothing is left to walk.
    if (page * size >= whole.active) return { total: whole.active, rows: [] };
    const rows = await activeTripRows(input, size, page * size);
    return { total: whole.active, rows: rows.map(rowOf) };
  },
  // One row per trip: read by keyset on the default sort.
  rows(input) {
    return keysetBatches(
      (after: ActiveTripKey | null, limit) => activeTripRows(input, limit, 0, after),
      (last) => last,
      rowOf,
    );
  },
};
