import type { ReportValue, ReportValueType } from './contracts/report';
import { LAGOS_OFFSET_MS, lagosDateTimeText, lagosDayText } from './lagos-time';
import { formatMoney, koboToNairaInput } from './money';

const whole = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A Lagos calendar month written YYYY-MM (or a date in it, YYYY-MM-DD) as "Dec 2026"; null otherwise. */
function reportMonthText(value: string): string | null {
  const month = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(value);
  const name = month ? MONTHS[Number(month[2]) - 1] : undefined;
  return month && name ? `${name} ${month[1]}` : null;
}

function numberOf(value: ReportValue): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * A report value as people read it, on the page and in the PDF (docs/reports.md, 1.5): money with the
 * spec's format, counts and days whole, hours, percentages and other numbers with one decimal, dates in
 * Lagos, months as "Dec 2026". A missing value (or a ratio over nothing) is
 * 'N/A', as the spec shows missing money.
 */
export function reportValueText(value: ReportValue, type: ReportValueType): string {
  if (value === null || value === '') return 'N/A';
  if (type === 'text') return String(value);
  if (type === 'date') return lagosDayText(String(value)) ?? String(value);
  if (type === 'month') return reportMonthText(String(value)) ?? String(value);
  if (type === 'datetime') return lagosDateTimeText(String(value)) ?? String(value);
  const n = numberOf(value);
  if (n === null) return String(value);
  switch (type) {
    case 'money':
      return formatMoney(n);
    case 'count':
    case 'days':
      return whole.format(n);
    case 'percent':
      return `${oneDecimal.format(n)}%`;
    default:
      return oneDecimal.format(n);
  }
}

/** An instant as ISO 8601 on the Lagos clock, with its offset: 2026-11-21T14:05:00+01:00. */
export function lagosIsoText(at: string): string | null {
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) return null;
  return `${new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 19)}+01:00`;
}

/**
 * A report value as a CSV takes it: numbers without grouping or units (money as naira with two decimals,
 * counts and days whole, the others with one decimal), dates as YYYY-MM-DD, months as YYYY-MM, date-times
 * as ISO 8601 on the Lagos clock (so the file reads as the screen does), a missing value empty.
 */
export function reportValueRaw(value: ReportValue, type: ReportValueType): string {
  if (value === null) return '';
  if (type === 'datetime') return lagosIsoText(String(value)) ?? String(value);
  if (type === 'text' || type === 'date') return String(value);
  // YYYY-MM: a month column sorts as text in a spreadsheet.
  if (type === 'month') return String(value).slice(0, 7);
  const n = numberOf(value);
  if (n === null) return String(value);
  switch (type) {
    case 'money':
      return koboToNairaInput(n);
    case 'count':
    case 'days':
      return String(Math.round(n));
    default:
      return n.toFixed(1);
  }
}
