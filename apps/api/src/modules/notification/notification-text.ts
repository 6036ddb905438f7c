import type { NotificationKind } from '@freightlane/domain';
import {
  createTranslator,
  DEFAULT_LOCALE,
  isLocale,
  lagosDateTimeTextIn,
  lagosDayTextIn,
  monthNamesOf,
  nairaText,
  NOTIFICATION_CATALOG,
  type Locale,
  type MessageValues,
  type MonthNames,
  type NotificationKey,
  type Translate,
} from '@freightlane/domain/i18n';

/**
 * A value a notification's message is filled with. Moments, days and money travel as data and are written
 * in the reader's language when the message is: the month in their words, the naira as their locale writes
 * it. All of it is JSON, as events travel in job payloads.
 */
export type NotificationValue =
  | string
  | number
  | { /** ISO 8601. */ dateTime: string }
  | { /** A day (2026-11-21) or a moment, read as its Lagos day. */ day: string }
  | { naira: number };

/** A text of a notification as its producer says it: a catalog key and its values, in no language yet. */
export interface NotificationMessage {
  key: NotificationKey;
  values?: Record<string, NotificationValue>;
}

/** A moment, written as its Lagos date and time in the reader's language. */
export function dateTimeValue(at: Date): NotificationValue {
  return { dateTime: at.toISOString() };
}

/** A day (or a moment, as its Lagos day), written with the month in the reader's language. */
export function dayValue(day: Date | string): NotificationValue {
  return { day: day instanceof Date ? day.toISOString() : day };
}

/** An amount held in kobo, written as naira. */
export function nairaValue(kobo: number): NotificationValue {
  return { naira: kobo / 100 };
}

interface Words {
  t: Translate<NotificationKey>;
  months: MonthNames;
}

const built = new Map<Locale, Words>();

/** The notification words of a language, built once per language (the translator keeps what it compiles). */
function wordsOf(locale: Locale): Words {
  let words = built.get(locale);
  if (!words) {
    words = { t: createTranslator(locale, NOTIFICATION_CATALOG), months: monthNamesOf(locale) };
    built.set(locale, words);
  }
  return words;
}

function written(locale: Locale, months: MonthNames, value: NotificationValue): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('dateTime' in value) return lagosDateTimeTextIn(months, value.dateTime) ?? '';
  if ('day' in value) return lagosDayTextIn(months, value.day) ?? '';
  return nairaText(locale, value.naira);
}

/** A message in `locale`: its dates, days and money written for that language, then its ICU text. */
export function renderNotificationMessage(locale: Locale, message: NotificationMessage): string {
  const { t, months } = wordsOf(locale);
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(message.values ?? {})) {
    values[name] = written(locale, months, value);
  }
  return t(message.key, values);
}

/** The language a person reads notifications in: their own, English (Nigeria) when unset or unknown. */
export function readerLocale(language: string | null | undefined): Locale {
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** How a kind is named to the reader, as in an e-mail's footer. */
export function notificationKindLabel(locale: Locale, kind: NotificationKind): string {
  return renderNotificationMessage(locale, { key: `kind.${kind}` });
}
