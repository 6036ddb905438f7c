import {
  DEFAULT_REPORT_DAYS,
  lagosDateInDays,
  lagosToday,
  REPORT_TITLES,
  type ReportKind,
  type ReportRange,
} from '@freightlane/domain';
import type { ReportsKey } from './text';

/** Reports about what is coming, which also offer the next 30 days. */
const LOOKING_AHEAD: readonly ReportKind[] = ['schedule', 'vehicle'];

export function reportTitle(kind: ReportKind): string {
  return REPORT_TITLES[kind];
}

export interface RangePreset {
  /** Its name in the reports catalog, said with `values`. */
  key: Extract<ReportsKey, `range.${string}`>;
  values?: { days: number };
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
      key: 'range.lastDays',
      values: { days: DEFAULT_REPORT_DAYS },
      range: { from: lagosDateInDays(-(DEFAULT_REPORT_DAYS - 1), now), to: today },
    },
    { key: 'range.thisMonth', range: { from: monthStart(today, 0), to: today } },
    { key: 'range.lastMonth', range: { from: monthStart(today, 1), to: lastMonthEnd(today) } },
    { key: 'range.last12Months', range: { from: monthStart(today, 11), to: today } },
    { key: 'range.thisYear', range: { from: `${today.slice(0, 4)}-01-01`, to: today } },
  ];
  if (LOOKING_AHEAD.includes(kind)) {
    presets.unshift({ key: 'range.next30Days', range: { from: today, to: lagosDateInDays(30, now) } });
  }
  return presets;
}
