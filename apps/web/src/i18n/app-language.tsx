import {
  createTranslator,
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  messagesOf,
  type AreaCatalog,
  type Locale,
  type Messages,
  type Translate,
} from '@freightlane/domain/i18n';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

// The signed-in app speaks a language once every one of its catalogs has that language's file. Each
// screen's folder keeps its own catalog (catalog/en-NG.json beside catalog/pcm.json...), so adding Hausa
// to the app is adding a ha.json to every catalog folder: nothing in the code names the languages.

type CatalogFile = Readonly<Record<string, unknown>>;
type Keys<F> = Exclude<keyof F, '_meta'> & string;

/** Every catalog file of the app, loaded only when its language is shown (English comes with its screen). */
const CATALOG_FILES = import.meta.glob<CatalogFile>('../**/catalog/*.json', { import: 'default' });

/**
 * A catalog file's area (its folder under src, e.g. features/trips) and locale, from its path as the glob
 * names it: relative to this folder (src/i18n), so ../features/... or ./labels/...
 */
export function placeOf(path: string): { area: string; locale: string } | null {
  const fromSource = path.startsWith('./') ? `i18n/${path.slice(2)}` : path.replace(/^\.\.\//, '');
  const match = /^(.+)\/catalog\/([^/]+)\.json$/.exec(fromSource);
  return match ? { area: match[1]!, locale: match[2]! } : null;
}

const FILES = Object.keys(CATALOG_FILES).flatMap((path) => {
  const place = placeOf(path);
  return place ? [{ path, ...place }] : [];
});

/** The app's catalog areas: the folders holding an English catalog. */
export const APP_AREAS: readonly string[] = FILES.filter((f) => f.locale === DEFAULT_LOCALE)
  .map((f) => f.area)
  .sort();

/** The languages the signed-in app is shown in: those every area has a catalog of. */
export const APP_LOCALES: readonly Locale[] = LOCALES.filter((locale) =>
  APP_AREAS.every((area) => FILES.some((f) => f.area === area && f.locale === locale)),
);

/** The language the app shows for a person's chosen language: their own where the app has it, else English. */
export function appLocaleFor(language: string | null | undefined): Locale {
  return isLocale(language) && APP_LOCALES.includes(language) ? language : DEFAULT_LOCALE;
}

/** Every area's messages in `locale` (none for English, which each screen carries itself). */
export async function loadAppMessages(locale: Locale): Promise<Readonly<Record<string, Messages>>> {
  if (locale === DEFAULT_LOCALE) return {};
  const files = FILES.filter((f) => f.locale === locale);
  const loaded = await Promise.all(
    files.map(async (f) => [f.area, messagesOf(await CATALOG_FILES[f.path]!())]),
  );
  return Object.fromEntries(loaded) as Record<string, Messages>;
}

interface AppLanguage {
  locale: Locale;
  /** The shown language's messages per area; empty for English. */
  messages: Readonly<Record<string, Messages>>;
  choose(language: string | null | undefined): void;
}

const AppLanguageContext = createContext<AppLanguage>({
  locale: DEFAULT_LOCALE,
  messages: {},
  choose: () => {},
});

/** Where the browser keeps the language the app was last shown in, so the next visit starts in it. */
export const APP_LANGUAGE_KEY = 'freightlane.app.language';

function storedLocale(): Locale {
  try {
    return appLocaleFor(window.localStorage.getItem(APP_LANGUAGE_KEY));
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * The app in the signed-in person's language. It starts in the language this browser last showed, and
 * follows the profile's choice once known (useFollowLanguage). A language other than English waits for
 * its catalogs before the screens show, so nobody reads a page that switches language under them.
 */
export function AppLanguageProvider({
  children,
  fallback = null,
  initialLocale,
}: {
  children: ReactNode;
  /** Shown while another language's catalogs load. */
  fallback?: ReactNode;
  /** Tests start in a language without going through the browser's storage. */
  initialLocale?: Locale;
}) {
  const [wanted, setWanted] = useState<Locale>(() => initialLocale ?? storedLocale());
  const [shown, setShown] = useState<{ locale: Locale; messages: Readonly<Record<string, Messages>> } | null>(
    () => (wanted === DEFAULT_LOCALE ? { locale: DEFAULT_LOCALE, messages: {} } : null),
  );

  useEffect(() => {
    let current = true;
    loadAppMessages(wanted).then(
      (messages) => {
        if (current) setShown({ locale: wanted, messages });
      },
      () => {
        // A catalog that cannot load (offline on first use) leaves the app in English rather than blank.
        if (current) setShown({ locale: DEFAULT_LOCALE, messages: {} });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  const locale = shown?.locale ?? DEFAULT_LOCALE;
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const choose = useCallback((language: string | null | undefined) => {
    const next = appLocaleFor(language);
    setWanted(next);
    try {
      window.localStorage.setItem(APP_LANGUAGE_KEY, next);
    } catch {
      // Without storage the choice holds until the page is closed.
    }
  }, []);

  const value = useMemo(() => ({ locale, messages: shown?.messages ?? {}, choose }), [locale, shown, choose]);
  if (!shown) return <>{fallback}</>;
  return <AppLanguageContext.Provider value={value}>{children}</AppLanguageContext.Provider>;
}

/** The language the app is shown in, and how to change it. */
export function useAppLanguage(): Pick<AppLanguage, 'locale' | 'choose'> {
  const { locale, choose } = useContext(AppLanguageContext);
  return { locale, choose };
}

/** Follows a language chosen elsewhere (the signed-in person's profile), once it is known. */
export function useFollowLanguage(language: string | null | undefined): void {
  const { choose } = useContext(AppLanguageContext);
  useEffect(() => {
    if (language !== undefined) choose(language);
  }, [language, choose]);
}

/**
 * A screen area's text: `defineAppText('features/trips', english)` once in the area, then
 * `const t = useTripsText()` in its components and `t('key', { values })` for every text a person reads.
 * The English catalog comes with the screen's own code; other languages come from the provider.
 */
export function defineAppText<F extends CatalogFile>(area: string, english: F): () => Translate<Keys<F>> {
  if (!APP_AREAS.includes(area)) {
    throw new Error(`No catalog folder for the app area "${area}" (expected src/${area}/catalog/en-NG.json)`);
  }
  const source = messagesOf(english) as Record<Keys<F>, string>;
  const translators = new Map<Messages | undefined, Translate<Keys<F>>>();
  return function useText() {
    const { locale, messages } = useContext(AppLanguageContext);
    const own = messages[area];
    let t = translators.get(own);
    if (!t) {
      const catalog = { [DEFAULT_LOCALE]: source, ...(own ? { [locale]: own } : {}) } as AreaCatalog<Keys<F>>;
      t = createTranslator(own ? locale : DEFAULT_LOCALE, catalog);
      translators.set(own, t);
    }
    return t;
  };
}
