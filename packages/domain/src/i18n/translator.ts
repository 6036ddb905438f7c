import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { DEFAULT_LOCALE, type Locale } from './locales';

/** Who wrote a catalog and whether a native speaker has read it; kept in the catalog file itself. */
export interface CatalogMeta {
  language: string;
  reviewedByNativeSpeaker: boolean;
}

/** One locale's messages of one area: flat keys to ICU MessageFormat texts. */
export type Messages = Readonly<Record<string, string>>;

/** One area's messages in every locale; the English one is the source and holds every key. */
export type AreaCatalog<K extends string> = Readonly<
  Partial<Record<Exclude<Locale, 'en-NG'>, Messages>> & { 'en-NG': Record<K, string> }
>;

export type MessageValues = Record<string, PrimitiveType>;
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/** A catalog file's messages, without its `_meta`. */
export function messagesOf(file: Readonly<Record<string, unknown>>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [key, value] of Object.entries(file)) {
    if (key !== '_meta' && typeof value === 'string') messages[key] = value;
  }
  return messages;
}

/**
 * `t(key, values)` in `locale`: the ICU message of `key`, formatted with the locale's plural rules and
 * numbers. A key the locale's catalog lacks is said in English rather than shown as a key; the
 * completeness test (catalogs.test.ts) keeps that from shipping. Compiled messages are kept, as the
 * same few texts are formatted again on every render.
 */
export function createTranslator<K extends string>(locale: Locale, catalog: AreaCatalog<K>): Translate<K> {
  const own: Messages = (catalog as Partial<Record<Locale, Messages>>)[locale] ?? {};
  const source: Readonly<Record<string, string | undefined>> = catalog['en-NG'];
  const compiled = new Map<string, IntlMessageFormat>();
  const formatOf = (key: string): IntlMessageFormat => {
    let format = compiled.get(key);
    if (!format) {
      const text = own[key];
      format =
        text === undefined
          ? new IntlMessageFormat(source[key] ?? '', DEFAULT_LOCALE)
          : new IntlMessageFormat(text, locale);
      compiled.set(key, format);
    }
    return format;
  };
  return (key, values) => String(formatOf(key).format(values));
}
