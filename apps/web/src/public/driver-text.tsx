import {
  createTranslator,
  DRIVER_CATALOG,
  isLocale,
  negotiateLocale,
  type DriverKey,
  type Locale,
  type Translate,
} from '@freightlane/domain/i18n';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
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

/** Where a language chosen on the phone waits while the server has not taken it (no network). */
export const unsavedLanguageKey = (token: string) => `freightlane.driver.${token}.language.unsaved`;

function storedLocale(token: string | null): Locale | null {
  try {
    const stored = window.localStorage.getItem(languageKey(token));
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The phone's own languages, else English (Nigeria). */
function phoneLocale(): Locale {
  return negotiateLocale(navigator.languages ?? (navigator.language ? [navigator.language] : []));
}

function unsavedLocale(token: string): Locale | null {
  try {
    const unsaved = window.localStorage.getItem(unsavedLanguageKey(token));
    return isLocale(unsaved) ? unsaved : null;
  } catch {
    return null;
  }
}

/**
 * Tells the server the language chosen on this phone (`chosen`, else the one still waiting on the phone),
 * so it becomes the driver's own and the USSD menu and the SMS speak it too. Without network, or while
 * the server is in trouble, the choice keeps waiting; a refusal (the link is no longer valid) is final.
 */
export async function saveDriverLanguage(
  token: string,
  chosen: Locale | null,
  fetchFn: typeof fetch = fetch,
): Promise<void> {
  const language = chosen ?? unsavedLocale(token);
  if (!language) return;
  let response: Response;
  try {
    response = await fetchFn(`/api/v1/driver/${encodeURIComponent(token)}/language`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language }),
    });
  } catch {
    return;
  }
  if (response.status === 408 || response.status === 429 || response.status >= 500) return;
  try {
    // A choice made while this one was on its way keeps waiting for its own send.
    if (unsavedLocale(token) === language) window.localStorage.removeItem(unsavedLanguageKey(token));
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/**
 * The language of a driver link's page: the one chosen on this phone before, else the driver's own (as
 * the transporter set it or the driver chose it by USSD), else the phone's own languages, else English.
 * Until the page's answer arrives, the driver's language is the one in the copy the phone kept
 * (`keptLanguage`); `adopt` takes the one in the answer. A choice made here is kept on the phone and sent
 * to the server; one the server has not taken yet is sent again when the page opens or the network
 * returns. The language is set as the document's, so screen readers and spell-checking follow it.
 */
export function useDriverLocale(
  token: string | null,
  keptLanguage: () => Locale | null,
): [Locale, (locale: Locale) => void, (driverLanguage: Locale | null) => void] {
  const [start] = useState(() => {
    const stored = storedLocale(token);
    return { locale: stored ?? keptLanguage() ?? phoneLocale(), chosenHere: stored !== null };
  });
  const [locale, setLocale] = useState<Locale>(start.locale);
  // A choice made here wins over the driver's language, even when the phone had no room to keep it.
  const chosenHere = useRef(start.chosenHere);
  // Sends go one after another, so the server ends with the last choice.
  const sending = useRef<Promise<void>>(Promise.resolve());
  const send = useCallback(
    (chosen: Locale | null) => {
      if (!token) return;
      sending.current = sending.current.then(() => saveDriverLanguage(token, chosen));
    },
    [token],
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    if (!token) return;
    const retry = () => {
      if (unsavedLocale(token)) send(null);
    };
    retry();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [token, send]);
  const choose = useCallback(
    (chosen: Locale) => {
      chosenHere.current = true;
      setLocale(chosen);
      try {
        window.localStorage.setItem(languageKey(token), chosen);
        if (token) window.localStorage.setItem(unsavedLanguageKey(token), chosen);
      } catch {
        // Without room the choice lasts until the page is closed.
      }
      send(chosen);
    },
    [token, send],
  );
  const adopt = useCallback((driverLanguage: Locale | null) => {
    if (!chosenHere.current) setLocale(driverLanguage ?? phoneLocale());
  }, []);
  return [locale, choose, adopt];
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
