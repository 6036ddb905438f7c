// The check reads messages with the ICU parser, which only the tests need: it is not in the i18n entry.
import { catalogProblems } from '@freightlane/domain/i18n/catalog-check';
import { DEFAULT_LOCALE, LOCALES } from '@freightlane/domain/i18n';
import { describe, expect, it } from 'vitest';
import { APP_AREAS, APP_LOCALES, appLocaleFor, placeOf } from './app-language';

const FILES = import.meta.glob<Readonly<Record<string, unknown>>>('../**/catalog/*.json', {
  import: 'default',
  eager: true,
});

function fileOf(area: string, locale: string): Readonly<Record<string, unknown>> | undefined {
  const path = Object.keys(FILES).find((p) => {
    const place = placeOf(p);
    return place?.area === area && place.locale === locale;
  });
  return path === undefined ? undefined : FILES[path];
}

describe('the app catalogs', () => {
  it('are the English catalog folders, and the app speaks English and Pidgin', () => {
    expect(APP_AREAS.length).toBeGreaterThan(0);
    expect(APP_LOCALES).toEqual(['en-NG', 'pcm']);
  });

  it('name only the five languages', () => {
    for (const path of Object.keys(FILES)) {
      expect(LOCALES as readonly (string | undefined)[], path).toContain(placeOf(path)?.locale);
    }
  });

  it('are named by their folder under src', () => {
    expect(placeOf('../features/trips/routes/catalog/pcm.json')).toEqual({
      area: 'features/trips/routes',
      locale: 'pcm',
    });
    expect(placeOf('./labels/catalog/en-NG.json')).toEqual({ area: 'i18n/labels', locale: 'en-NG' });
  });

  describe.each(APP_AREAS)('%s', (area) => {
    const english = fileOf(area, DEFAULT_LOCALE)!;

    it.each(APP_LOCALES)('%s holds every English key, no other, with the same arguments', (locale) => {
      expect(catalogProblems(english, fileOf(area, locale)!, locale === DEFAULT_LOCALE)).toEqual([]);
    });

    // A language on its way (some folders have it, others not yet) is not offered, but what is there is whole.
    it.each(LOCALES.filter((l) => !APP_LOCALES.includes(l)))('%s, where it is there, is whole', (locale) => {
      const file = fileOf(area, locale);
      if (file) expect(catalogProblems(english, file, false)).toEqual([]);
    });
  });
});

describe('the language the app is shown in', () => {
  it('is the person’s own where the app has it, else English', () => {
    expect(appLocaleFor('pcm')).toBe('pcm');
    expect(appLocaleFor('ha')).toBe('en-NG');
    expect(appLocaleFor(null)).toBe('en-NG');
    expect(appLocaleFor('xx')).toBe('en-NG');
  });
});
