import { dayFirstDateText } from '../components/day-first-date';

/** A YYYY-MM-DD date as a Nigerian types it into a date field, day first: 2026-12-01 is 1/12/2026. */
export function typedDayFirst(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${Number(day)}/${Number(month)}/${year}`;
}

/** A YYYY-MM-DD date as a date field shows it, e.g. 1 Dec 2026. */
export function shownDayFirst(iso: string): string {
  const text = dayFirstDateText(iso);
  if (text === null) throw new Error(`${iso} is not a date`);
  return text;
}
