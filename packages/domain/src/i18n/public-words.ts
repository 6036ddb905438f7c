import { PUBLIC_CATALOG, type PublicKey } from './catalogs';
import { monthNamesOf, type MonthNames } from './format';
import type { Locale } from './locales';
import { createTranslator, type Translate } from './translator';

/** The public pages' words in one language: its messages and its month names for day-first dates. */
export interface PublicWords {
  locale: Locale;
  t: Translate<PublicKey>;
  months: MonthNames;
}

const built = new Map<Locale, PublicWords>();

/** The public pages' words in `locale`, built once per language (the translator keeps what it compiles). */
export function publicWordsOf(locale: Locale): PublicWords {
  let words = built.get(locale);
  if (!words) {
    words = { locale, t: createTranslator(locale, PUBLIC_CATALOG), months: monthNamesOf(locale) };
    built.set(locale, words);
  }
  return words;
}
