/**
 * The languages the product speaks. English (Nigeria) is the default and the source every other
 * catalog is translated from.
 */
export const LOCALES = ['en-NG', 'pcm', 'ha', 'yo', 'ig'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-NG';

/** Each language named in itself, as a speaker looks for it in a list. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-NG': 'English',
  pcm: 'Pidgin',
  ha: 'Hausa',
  yo: 'Yorùbá',
  ig: 'Igbo',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A language tag's primary subtag to the locale that serves it: any English is served in en-NG. */
const BY_LANGUAGE: Record<string, Locale> = { en: 'en-NG', pcm: 'pcm', ha: 'ha', yo: 'yo', ig: 'ig' };

/** The tags of an Accept-Language header, most wanted first (q=0 means "not this one"). */
function tagsOfHeader(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isNaN(weight) ? 0 : weight, index };
    })
    .filter((t) => t.tag !== '' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

/**
 * The locale to speak to someone in, from an Accept-Language header or a browser's navigator.languages:
 * the first of their languages we have, e.g. ha-NG → ha, en-GB → en-NG; English (Nigeria) otherwise.
 */
export function negotiateLocale(wanted: string | readonly string[] | null | undefined): Locale {
  const tags = typeof wanted === 'string' ? tagsOfHeader(wanted) : (wanted ?? []);
  for (const tag of tags) {
    // A browser may hand over a list with holes; what is not a tag is no language.
    if (typeof tag !== 'string') continue;
    const language = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    const locale = BY_LANGUAGE[language];
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
