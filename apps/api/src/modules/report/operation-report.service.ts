import {
  TRIP_ISSUE_TYPE_LABELS,
  TRIP_ISSUE_TYPES,
  type ReportColumn,
  type ReportFigure,
  type ReportRow,
  type TripIssueType,
} from '@freightlane/domain';
import { percentOf } from './financial-report.service';
import {
  operationIssues,
  operationStages,
  type OperationStage,
  type OperationState,
} from './operation-report.repository';
import { rowsByPages, type ReportDefinition, type ReportInput, readOnce } from './report-definition';

const columns: ReportColumn[] = [
  { key: 'stage', label: 'Stage', type: 'text' },
  { key: 'tripsNow', label: 'Trips now', type: 'count' },
  { key: 'share', label: 'Share (%)', type: 'percent' },
  { key: 'tripsThrough', label: 'Trips through stage', type: 'count' },
  { key: 'averageTime', label: 'Average time (h)', type: 'hours' },
  { key: 'medianTime', label: 'Median time (h)', type: 'hours' },
  { key: 'longest', label: 'Longest (h)', type: 'hours' },
];

/** The table's rows, in their fixed order: the six stages a trip passes, then its two ends. */
const ROWS: { state: OperationState; label: string; stage: OperationStage | null }[] = [
  { state: 'awaitingStart', label: 'Awaiting start', stage: 'awaitingStart' },
  { state: 'toPickup', label: 'To pickup', stage: 'toPickup' },
  { state: 'atPickup', label: 'At pickup', stage: 'atPickup' },
  { state: 'inTransit', label: 'In transit', stage: 'inTransit' },
  { state: 'atDelivery', label: 'At delivery', stage: 'atDelivery' },
  { state: 'emptyReturn', label: 'Empty return', stage: 'emptyReturn' },
  { state: 'completed', label: 'Completed', stage: null },
  { state: 'cancelled', label: 'Cancelled', stage: null },
];

/** BREAKDOWN → breakdownIssues: a summary key per issue type. */
function issueKey(type: TripIssueType): string {
  const words = type.toLowerCase().split('_');
  return `${words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('')}Issues`;
}

type Figures = Awaited<ReturnType<typeof operationStages>>;

/**
 * The population's figures, read once per request: the summary's trip counts and the table come from the
 * same pass over the trips, which the overview and the page would otherwise each make.
 */
function figuresOf(input: ReportInput): Promise<Figures> {
  return readOnce(input, 'operation', operationStages);
}

async function operationRows(input: ReportInput): Promise<ReportRow[]> {
  const figures = await figuresOf(input);
  const figure = (key: string) => figures[key] ?? null;
  const population = Number(figure('population') ?? 0);
  return ROWS.map(({ state, label, stage }) => {
    const now = Number(figure(`${state}Now`) ?? 0);
    return {
      stage: label,
      tripsNow: now,
      share: percentOf(now, population),
      tripsThrough: stage === null ? null : figure(`${stage}Measured`),
      averageTime: stage === null ? null : figure(`${stage}Average`),
      medianTime: stage === null ? null : figure(`${stage}Median`),
      longest: stage === null ? null : figure(`${stage}Longest`),
    };
  });
}

/** Trips by status now, time per stage and issues by type, over the trips picked up in the range (2.3). */
export const operationReport: ReportDefinition = {
  kind: 'operation',
  columns,
  async overview(input) {
    const [figures, issues] = [await figuresOf(input), await operationIssues(input)];
    const count = (key: string) => Number(figures[key] ?? 0);
    const all = issues.find((i) => i.issueType === null);
    const ofType = new Map(issues.filter((i) => i.issueType !== null).map((i) => [i.issueType, i.issues]));
    const summary: ReportFigure[] = [
      { key: 'trips', label: 'Trips', type: 'count', value: count('population') },
      { key: 'inProgress', label: 'In progress', type: 'count', value: count('ongoing') },
      { key: 'completed', label: 'Completed', type: 'count', value: count('completedNow') },
      { key: 'cancelled', label: 'Cancelled', type: 'count', value: count('cancelledNow') },
      { key: 'issues', label: 'Issues', type: 'count', value: all?.issues ?? 0 },
      { key: 'openIssues', label: 'Open issues', type: 'count', value: all?.open ?? 0 },
      { key: 'tripsWithIssue', label: 'Trips with an issue', type: 'count', value: all?.trips ?? 0 },
      ...TRIP_ISSUE_TYPES.map((type): ReportFigure => ({
        key: issueKey(type),
        label: TRIP_ISSUE_TYPE_LABELS[type],
        type: 'count',
        value: ofType.get(type) ?? 0,
      })),
    ];
    return {
      summary,
      chart: {
        kind: 'bar',
        title: 'Issues by type',
        labelKey: 'issueType',
        valueType: 'count',
        series: [{ key: 'issues', label: 'Issues' }],
        points: TRIP_ISSUE_TYPES.map((type) => ({
          issueType: TRIP_ISSUE_TYPE_LABELS[type],
          issues: ofType.get(type) ?? 0,
        })),
      },
    };
  },
  // Eight fixed rows, all read in one statement: a page is a slice of them.
  async page(input, { page, size }) {
    const rows = await operationRows(input);
    return { rows: rows.slice(page * size, (page + 1) * size), total: rows.length };
  },
  rows(input) {
    return rowsByPages(this, input);
  },
};
