import type { ReportColumn, ReportRow } from '@freightlane/domain';
import { callUpFigures, type TerminalFigures } from './call-up-report.repository';
import { readOnce, readWhole, type ReportDefinition, type ReportInput } from './report-definition';

const columns: ReportColumn[] = [
  { key: 'terminal', label: 'Terminal', type: 'text' },
  { key: 'tickets', label: 'Tickets', type: 'count' },
  { key: 'trips', label: 'Trips', type: 'count' },
  { key: 'cost', label: 'Cost (NGN)', type: 'money' },
  { key: 'costPerTrip', label: 'Cost per trip (NGN)', type: 'money' },
  { key: 'missed', label: 'Windows missed', type: 'count' },
  { key: 'holdingBayHours', label: 'Average wait in holding bay (h)', type: 'hours' },
  { key: 'gateHours', label: 'Average terminal to loaded (h)', type: 'hours' },
];

const perTrip = (f: TerminalFigures) => (f.trips === 0 ? null : Math.round(f.cost / f.trips));

function figuresOf(input: ReportInput) {
  return readOnce(input, 'call-up', callUpFigures);
}

async function tableOf(input: ReportInput): Promise<ReportRow[]> {
  return (await figuresOf(input))
    .filter((f) => f.terminal !== null)
    .map((f) => ({
      terminal: f.terminal,
      tickets: f.tickets,
      trips: f.trips,
      cost: f.cost,
      costPerTrip: perTrip(f),
      missed: f.missed,
      holdingBayHours: f.holdingBayHours,
      gateHours: f.gateHours,
    }));
}

/** Eto call-up tickets, their cost and the waits at each port terminal (docs/reports.md 3.12). */
export const callUpReport: ReportDefinition = {
  kind: 'call-up',
  columns,
  async overview(input) {
    const figures = await figuresOf(input);
    const all = figures.find((f) => f.terminal === null) ?? {
      terminal: null,
      tickets: 0,
      trips: 0,
      cost: 0,
      missed: 0,
      holdingBayHours: null,
      gateHours: null,
    };
    return {
      summary: [
        { key: 'tickets', label: 'Tickets', type: 'count', value: all.tickets },
        { key: 'trips', label: 'Trips', type: 'count', value: all.trips },
        { key: 'cost', label: 'Cost', type: 'money', value: all.cost },
        { key: 'costPerTrip', label: 'Cost per trip', type: 'money', value: perTrip(all) },
        { key: 'missed', label: 'Windows missed', type: 'count', value: all.missed },
        {
          key: 'holdingBayHours',
          label: 'Average wait in holding bay',
          type: 'hours',
          value: all.holdingBayHours,
        },
        { key: 'gateHours', label: 'Average terminal to loaded', type: 'hours', value: all.gateHours },
      ],
      chart: {
        kind: 'bar',
        title: 'Waits by terminal',
        labelKey: 'terminal',
        valueType: 'hours',
        series: [
          { key: 'holdingBayHours', label: 'Wait in holding bay' },
          { key: 'gateHours', label: 'Terminal to loaded' },
        ],
        points: figures
          .filter((f) => f.terminal !== null)
          .map((f) => ({ terminal: f.terminal, holdingBayHours: f.holdingBayHours, gateHours: f.gateHours })),
      },
    };
  },
  // One row per port terminal: a handful.
  ...readWhole(tableOf),
};
