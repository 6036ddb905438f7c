import {
  DAY_MS,
  endOfLagosDay,
  LAGOS_OFFSET_MS,
  reportRangeDays,
  type ReportRange,
} from '@freightlane/domain';

/** The longest range grouped by day; a longer one is grouped by Lagos calendar month (docs/reports.md 1.4). */
export const DAILY_PERIODS_UP_TO_DAYS = 62;

export type ReportPeriod = 'day' | 'month';

/** A report's range as the queries use it, with the one `now` every statement of the request shares. */
export interface ReportWindow {
  from: string;
  to: string;
  /** The first instant of `from` in Lagos. */
  fromAt: Date;
  /** The first instant after `to` in Lagos: timestamps are in range when fromAt ≤ ts < toAt. */
  toAt: Date;
  period: ReportPeriod;
  now: Date;
}

export function reportWindow(range: ReportRange, now: Date = new Date()): ReportWindow {
  return {
    from: range.from,
    to: range.to,
    fromAt: new Date(Date.parse(`${range.from}T00:00:00Z`) - LAGOS_OFFSET_MS),
    toAt: endOfLagosDay(range.to),
    period: reportRangeDays(range.from, range.to) > DAILY_PERIODS_UP_TO_DAYS ? 'month' : 'day',
    now,
  };
}

/** Every period of the window in order, as the report labels them: YYYY-MM-DD days or YYYY-MM months. */
export function periodsOf(window: Pick<ReportWindow, 'from' | 'to' | 'period'>): string[] {
  const periods: string[] = [];
  const end = Date.parse(`${window.to}T00:00:00Z`);
  for (let at = Date.parse(`${window.from}T00:00:00Z`); at <= end; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    const label = window.period === 'day' ? day : day.slice(0, 7);
    if (periods.at(-1) !== label) periods.push(label);
  }
  return periods;
}
