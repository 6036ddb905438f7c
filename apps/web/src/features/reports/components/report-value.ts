import type { ReportValueType } from '@freightlane/domain';

/** Figures read down a column line up on the right; words, dates and months on the left. */
export function alignOf(type: ReportValueType): 'left' | 'right' {
  return type === 'text' || type === 'date' || type === 'month' || type === 'datetime' ? 'left' : 'right';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A chart's period label, short enough for an axis: a day (2026-11-05) as "5 Nov", a month (2026-11) as
 * "Nov 2026"; any other label as it is.
 */
export function periodLabel(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${Number(day[3])} ${MONTHS[Number(day[2]) - 1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  if (month) return `${MONTHS[Number(month[2]) - 1]} ${month[1]}`;
  return value;
}

/**
 * A value a table keeps on one line: a figure, a date, a text without spaces (a trip, order or container
 * number, a period, which would otherwise break at its hyphens) or a short one (a plate, a status).
 */
export function keepsTogether(value: unknown, type: ReportValueType): boolean {
  // A date and time keeps each half whole itself (report-table's CellText) and may break between them.
  if (type === 'datetime') return false;
  return type !== 'text' || (typeof value === 'string' && (value.length <= 12 || !/\s/.test(value)));
}
