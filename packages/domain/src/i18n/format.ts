import { LAGOS_OFFSET_MS, lagosClockText, tripTimeMs } from '../lagos-time';
import { COMMON_CATALOG, type CommonKey } from './catalogs';
import type { Locale } from './locales';
import { createTranslator } from './translator';

/** Naira in `locale`: always the ₦ sign and two decimals, whatever the language. */
export function nairaText(locale: Locale, amount: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'NGN',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** The twelve short month names of a locale, January first. */
export type MonthNames = readonly string[];

/** The month names of `locale` from its `common` catalog. */
export function monthNamesOf(locale: Locale): MonthNames {
  const t = createTranslator(locale, COMMON_CATALOG);
  return Array.from({ length: 12 }, (_, i) => t(`month.${i + 1}` as CommonKey));
}

/**
 * The Lagos day of a moment as 21 Nov 2026 with the month in the reader's language. Day first and the
 * month in words in every locale: Intl's own medium date is not that everywhere (Yoruba's is 2 12 2026).
 */
export function lagosDayTextIn(months: MonthNames, text: string | null | undefined): string | null {
  const ms = tripTimeMs(text);
  if (Number.isNaN(ms)) return null;
  const wall = new Date(ms + LAGOS_OFFSET_MS);
  return `${wall.getUTCDate()} ${months[wall.getUTCMonth()] ?? ''} ${wall.getUTCFullYear()}`;
}

/** A moment as its Lagos date and time, e.g. 21 Nov 2026, 14:05, with the month in the reader's language. */
export function lagosDateTimeTextIn(months: MonthNames, at: Date | string | null | undefined): string | null {
  const text = at instanceof Date ? at.toISOString() : at;
  const day = lagosDayTextIn(months, text);
  return day === null ? null : `${day}, ${lagosClockText(text)}`;
}
