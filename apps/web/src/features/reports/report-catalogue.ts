import {
  DEFAULT_REPORT_DAYS,
  lagosDateInDays,
  lagosToday,
  REPORT_TITLES,
  type ReportKind,
  type ReportRange,
} from '@freightlane/domain';

/** What each report answers, in a line, for the list of reports (docs/reports.md). */
export const REPORT_DESCRIPTIONS: Record<ReportKind, string> = {
  financial: 'Spend by period, transporter and cargo type; paid and outstanding.',
  executive: 'The key figures of the range on one page, each beside the range before it.',
  operation: 'Trips by status, issues by type and the time trips spend at each stage.',
  master: 'Every trip of the range on one row, with every field, for your own analysis.',
  delivery: 'Delivered trips, their times, proof of delivery, and whether they were on time.',
  loadout: 'Loading at the terminals: arrival, loading, and the wait in between.',
  kpi: 'On-time pickup and delivery, transit time, issue rate and documents, by transporter.',
  cost: 'What haulage cost per trip, per container, per tonne and per lane.',
  invoice: 'Every invoice raised in the range and where it stands now.',
  payment: 'Invoices paid in the range, days to pay, and what falls due unpaid.',
  sales: 'Haulage billed per client name, for agents who re-bill their clients.',
  'cargo-movement': 'Containers and tonnes moved per lane and period.',
  fleet: 'Your trucks, their status now and how busy they were.',
  vehicle: 'Every truck document and when it expires.',
  driver: 'Trips, on-time delivery and issues per driver.',
  schedule: 'Upcoming pickups and deliveries per truck and driver.',
  truck: 'Trips, distance, revenue and idle days per truck.',
  'driver-status': 'Each driver now: on a trip, available or off, with the current trip.',
  'active-trip': 'Every trip under way: its stage, time in stage, last location and open issues.',
  performance: 'Bids won, on-time delivery, revenue and transit time, month by month.',
};

/** Reports about what is coming, which also offer the next 30 days. */
const LOOKING_AHEAD: readonly ReportKind[] = ['schedule', 'vehicle'];

export function reportTitle(kind: ReportKind): string {
  return REPORT_TITLES[kind];
}

export interface RangePreset {
  label: string;
  range: ReportRange;
}

/** The first day of the Lagos month `monthsBack` months before today's, as YYYY-MM-DD. */
function monthStart(today: string, monthsBack: number): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(year, month - 1 - monthsBack, 1));
  return at.toISOString().slice(0, 10);
}

/** The last day of the Lagos month before the one `today` falls in. */
function lastMonthEnd(today: string): string {
  return new Date(Date.parse(`${monthStart(today, 0)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The ranges a report page offers in one tap, all in Lagos dates and within two years. */
export function rangePresets(kind: ReportKind, now: Date = new Date()): RangePreset[] {
  const today = lagosToday(now);
  const presets: RangePreset[] = [
    {
      label: `Last ${DEFAULT_REPORT_DAYS} days`,
      range: { from: lagosDateInDays(-(DEFAULT_REPORT_DAYS - 1), now), to: today },
    },
    { label: 'This month', range: { from: monthStart(today, 0), to: today } },
    { label: 'Last month', range: { from: monthStart(today, 1), to: lastMonthEnd(today) } },
    { label: 'Last 12 months', range: { from: monthStart(today, 11), to: today } },
    { label: 'This year', range: { from: `${today.slice(0, 4)}-01-01`, to: today } },
  ];
  if (LOOKING_AHEAD.includes(kind)) {
    presets.unshift({ label: 'Next 30 days', range: { from: today, to: lagosDateInDays(30, now) } });
  }
  return presets;
}
