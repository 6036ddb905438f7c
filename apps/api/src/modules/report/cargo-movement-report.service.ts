import {
  CONTAINER_SIZE_LABELS,
  type ContainerSize,
  type ReportColumn,
  type ReportRow,
} from '@freightlane/domain';
import {
  type ReportDefinition,
  type ReportInput,
  readOnce,
  withPeriodType,
  readWhole,
} from './report-definition';
import { periodsOf } from './report-window';
import { cargoMovementFigures } from './cargo-movement-report.repository';

/** The sizes in the order a yard reads them, under the keys the rows carry them. */
const SIZES = [
  ['FTS_20', 'size20'],
  ['FTS_40', 'size40'],
  ['FTS_40_HIGH', 'size40HighCube'],
  ['FTS_45', 'size45'],
] as const satisfies readonly (readonly [ContainerSize, string])[];

const columns: ReportColumn[] = [
  { key: 'period', label: 'Period', type: 'month' },
  { key: 'lane', label: 'Lane', type: 'text' },
  { key: 'trips', label: 'Trips', type: 'count' },
  { key: 'containers', label: 'Containers', type: 'count' },
  ...SIZES.map(([size, key]): ReportColumn => ({ key, label: CONTAINER_SIZE_LABELS[size], type: 'count' })),
  { key: 'sizeUnknown', label: 'Size unknown', type: 'count' },
  { key: 'empty', label: 'Of which empty', type: 'count' },
  { key: 'truckLoads', label: 'Truck loads', type: 'count' },
  { key: 'tonnes', label: 'Tonnes (general cargo)', type: 'number' },
];

/** The counts by container size of a row of figures. */
function sizesOf(figures: Record<(typeof SIZES)[number][1], number>): ReportRow {
  return Object.fromEntries(SIZES.map(([, key]) => [key, figures[key]]));
}

type MovedLine = Awaited<ReturnType<typeof cargoMovementFigures>>[number];

/**
 * The report's one statement, read once per request: the page and the export ask for the same input as
 * the overview did, and counting every delivery of the range again for them would double the request's
 * cost.
 */
function figuresOf(input: ReportInput): Promise<MovedLine[]> {
  return readOnce(input, 'cargo-movement', cargoMovementFigures);
}

/** The table's rows, one per period and lane, in the table's order. */
async function tableOf(input: ReportInput): Promise<ReportRow[]> {
  return (await figuresOf(input))
    .filter((line) => line.level === 0)
    .map((r) => ({
      period: r.period,
      lane: r.lane,
      trips: r.trips,
      containers: r.containers,
      ...sizesOf(r),
      sizeUnknown: r.sizeUnknown,
      empty: r.empty,
      truckLoads: r.truckLoads,
      tonnes: r.tonnes,
    }));
}

/**
 * Containers and tonnes moved, per lane and period, by delivery time (docs/reports.md 2.12). A delivered
 * trip stays moved when it is cancelled afterwards; an undone delivery never moved.
 */
export const cargoMovementReport: ReportDefinition = {
  kind: 'cargo-movement',
  columns,
  columnsFor: (window) => withPeriodType(columns, window.period),
  async overview(input) {
    const lines = await figuresOf(input);
    const totals = lines.find((line) => line.level === 3)!;
    const byPeriod = lines.filter((line) => line.level === 1);
    const found = new Map(byPeriod.map((p) => [p.period, p]));
    return {
      summary: [
        { key: 'containers', label: 'Containers', type: 'count', value: totals.containers },
        { key: 'empty', label: 'Empty containers', type: 'count', value: totals.empty },
        { key: 'truckLoads', label: 'Truck loads', type: 'count', value: totals.truckLoads },
        { key: 'tonnes', label: 'Tonnes (general cargo)', type: 'number', value: totals.tonnes },
        { key: 'lanes', label: 'Lanes', type: 'count', value: totals.lanes },
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'Containers by size and truck loads delivered, by period',
        labelKey: 'period',
        valueType: 'count',
        series: [
          ...SIZES.map(([size, key]) => ({ key, label: CONTAINER_SIZE_LABELS[size] })),
          { key: 'truckLoads', label: 'Truck loads' },
        ],
        points: periodsOf(input.window).map((period) => {
          const moved = found.get(period);
          return moved
            ? { period, ...sizesOf(moved), truckLoads: moved.truckLoads }
            : { period, ...Object.fromEntries(SIZES.map(([, key]) => [key, 0])), truckLoads: 0 };
        }),
      },
    };
  },
  // One row per period and lane: a few thousand at most, read whole.
  ...readWhole(tableOf),
};
