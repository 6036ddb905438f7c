import {
  isLocale,
  negotiateLocale,
  publicWordsOf,
  type Locale,
  type PublicWords,
} from '@freightlane/domain/i18n';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LanguageSelect } from './language-choice';

interface PublicLanguage {
  words: PublicWords;
  /** Null where the page offers no choice (the driver's page has its own, kept per link). */
  choose: ((locale: Locale) => void) | null;
}

const PublicLanguageContext = createContext<PublicLanguage>({
  words: publicWordsOf('en-NG'),
  choose: null,
});

/** The public pages' words in the reader's language. */
export function usePublicWords(): PublicWords {
  return useContext(PublicLanguageContext).words;
}

/** Where the browser keeps the language chosen on the public pages: one choice for every link. */
export const PUBLIC_LANGUAGE_KEY = 'freightlane.public.language';

function storedLocale(): Locale | null {
  try {
    const stored = window.localStorage.getItem(PUBLIC_LANGUAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The browser's own languages, most wanted first: what it also sends as Accept-Language. */
export function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/**
 * The language of a public page: the one chosen in this browser before, else the first of the browser's
 * languages we speak, else English (Nigeria). The choice is kept and set as the document's language.
 */
export function usePublicLocale(): [Locale, (locale: Locale) => void] {
  const [locale, setLocale] = useState<Locale>(() => storedLocale() ?? negotiateLocale(browserLanguages()));
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const choose = useCallback((chosen: Locale) => {
    setLocale(chosen);
    try {
      window.localStorage.setItem(PUBLIC_LANGUAGE_KEY, chosen);
    } catch {
      // Without room the choice lasts until the page is closed.
    }
  }, []);
  return [locale, choose];
}

/** A public page in the reader's language, with the choice to change it. */
export function PublicLanguageRoot({ children }: { children: ReactNode }) {
  const [locale, choose] = usePublicLocale();
  const value = useMemo(() => ({ words: publicWordsOf(locale), choose }), [locale, choose]);
  return <PublicLanguageContext.Provider value={value}>{children}</PublicLanguageContext.Provider>;
}

/** The shared parts of a page (its header, a not-found card) in a language another page chose. */
export function PublicWordsProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => ({ words: publicWordsOf(locale), choose: null }), [locale]);
  return <PublicLanguageContext.Provider value={value}>{children}</PublicLanguageContext.Provider>;
}

/** The page's language choice, where the page offers one. */
export function PublicLanguageChoice() {
  const { words, choose } = useContext(PublicLanguageContext);
  if (!choose) return null;
  return (
    <LanguageSelect
      className="public-language"
      label={words.t('language.label')}
      locale={words.locale}
      onChange={choose}
    />
  );
}
