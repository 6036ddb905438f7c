import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@freightlane/domain/i18n';
import { useId } from 'react';

/**
 * A compact choice of language, each named in itself, under a visible label in the page's language: the
 * one control of the driver's and the public pages.
 */
export function LanguageSelect({
  label,
  locale,
  onChange,
  className,
}: {
  label: string;
  locale: Locale;
  onChange: (locale: Locale) => void;
  className: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) onChange(e.target.value);
        }}
      >
        {LOCALES.map((choice) => (
          <option key={choice} value={choice} lang={choice}>
            {LOCALE_NAMES[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}
