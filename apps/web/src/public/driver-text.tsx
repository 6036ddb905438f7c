import {
  createTranslator,
  DRIVER_CATALOG,
  isLocale,
  negotiateLocale,
  type DriverKey,
  type Locale,
  type Translate,
} from '@freightlane/domain/i18n';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LanguageSelect } from './language-choice';

export type DriverText = Translate<DriverKey>;

const DriverTextContext = createContext<DriverText>(createTranslator('en-NG', DRIVER_CATALOG));

/** The driver page's words in the language the driver chose. */
export function useDriverText(): DriverText {
  return useContext(DriverTextContext);
}

export function DriverTextProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = useMemo(() => createTranslator(locale, DRIVER_CATALOG), [locale]);
  return <DriverTextContext.Provider value={t}>{children}</DriverTextContext.Provider>;
}

/** Where the phone keeps the language chosen for a driver link (the phone may be shared between links). */
export const languageKey = (token: string | null) => `freightlane.driver.${token ?? 'none'}.language`;

function storedLocale(token: string | null): Locale | null {
  try {
    const stored = window.localStorage.getItem(languageKey(token));
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The language of a driver link's page: the one chosen on this phone before, else the phone's own
 * languages, else English. The choice is kept on the phone and set as the document's language, so
 * screen readers and the browser's spell-checking follow it.
 */
export function useDriverLocale(token: string | null): [Locale, (locale: Locale) => void] {
  const [locale, setLocale] = useState<Locale>(
    () =>
      storedLocale(token) ??
      negotiateLocale(navigator.languages ?? (navigator.language ? [navigator.language] : [])),
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const choose = useCallback(
    (chosen: Locale) => {
      setLocale(chosen);
      try {
        window.localStorage.setItem(languageKey(token), chosen);
      } catch {
        // Without room the choice lasts until the page is closed.
      }
    },
    [token],
  );
  return [locale, choose];
}

/** A compact choice of language, each named in itself. */
export function LanguageChoice({ locale, onChange }: { locale: Locale; onChange: (locale: Locale) => void }) {
  const t = useDriverText();
  return (
    <LanguageSelect
      className="driver-language"
      label={t('language.label')}
      locale={locale}
      onChange={onChange}
    />
  );
}
