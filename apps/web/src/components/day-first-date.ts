import { lagosDayText } from '@freightlane/domain';

/**
 * Dates as a Nigerian writes and reads them: day first, the month by name. What a form keeps and the API
 * takes stays YYYY-MM-DD; only what a person sees and types is day-first, whatever the browser's locale.
 */

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** An example for placeholders and messages, in the very form the field shows a date. */
export const DAY_FIRST_EXAMPLE = '1 Dec 2026';

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** 1/12/2026, 01-12-2026, 1.12.26, 1 12 2026: always day, then month. */
const NUMERIC_DAY_FIRST = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4}|\d{2})$/;
/** 1 Dec 2026, 1st December 2026, 1-Dec-26, 1 Sept. 2026. */
const NAMED_DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?[\s/.,-]*([a-z]+)\.?[\s/.,-]*(\d{4}|\d{2})$/i;
/** Dec 1, 2026: unambiguous once the month is a word, so it is taken too. */
const NAMED_MONTH_FIRST = /^([a-z]+)\.?\s*(\d{1,2})(?:st|nd|rd|th)?[\s,]*(\d{4}|\d{2})$/i;

/** The month (1 to 12) named by a word of at least three letters: Dec, Sept, december. */
function monthNamed(word: string): number | null {
  const lower = word.toLowerCase();
  if (lower.length < 3) return null;
  const index = MONTH_NAMES.findIndex((name) => name.startsWith(lower));
  return index < 0 ? null : index + 1;
}

function isoOf(year: number, month: number, day: number): string | null {
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/**
 * A typed date as YYYY-MM-DD, or null when the text is not a real date. Numbers are read day first
 * (1/12/2026 is 1 December); a month may be named; an ISO date (year first, unambiguous) is taken as is.
 * A two-digit year (1/12/26) is read as 20xx only when `finished` (the person has left the field), so a
 * year still being typed is never taken for one in the past.
 */
export function parseDayFirstDate(text: string, { finished = false } = {}): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const year = (digits: string) =>
    digits.length === 2 ? (finished ? 2000 + Number(digits) : null) : Number(digits);

  const iso = ISO_DATE.exec(trimmed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));

  const numeric = NUMERIC_DAY_FIRST.exec(trimmed);
  if (numeric) {
    const y = year(numeric[3]!);
    return y === null ? null : isoOf(y, Number(numeric[2]), Number(numeric[1]));
  }

  const named = NAMED_DAY_FIRST.exec(trimmed);
  if (named) {
    const month = monthNamed(named[2]!);
    const y = year(named[3]!);
    return month === null || y === null ? null : isoOf(y, month, Number(named[1]));
  }

  const monthFirst = NAMED_MONTH_FIRST.exec(trimmed);
  if (monthFirst) {
    const month = monthNamed(monthFirst[1]!);
    const y = year(monthFirst[3]!);
    return month === null || y === null ? null : isoOf(y, month, Number(monthFirst[2]));
  }
  return null;
}

/** A YYYY-MM-DD date as a person reads it, the way every page shows dates (1 Dec 2026); null when it is not one. */
export function dayFirstDateText(iso: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match || isoOf(Number(match[1]), Number(match[2]), Number(match[3])) === null) return null;
  return lagosDayText(iso);
}
