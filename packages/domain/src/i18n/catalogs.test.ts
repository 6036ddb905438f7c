import { describe, expect, it } from 'vitest';
import { catalogProblems } from './catalog-check';
import { CATALOG_FILES } from './catalogs';
import { LOCALES } from './locales';

describe.each(Object.entries(CATALOG_FILES))('the %s catalogs', (_area, files) => {
  const english = files['en-NG'] as Readonly<Record<string, unknown>>;

  it.each(LOCALES)('%s holds every English key, no other, with the same arguments', (locale) => {
    expect(catalogProblems(english, files[locale], locale === 'en-NG')).toEqual([]);
  });
});

describe('a catalog with a hole', () => {
  const english = { _meta: { language: 'English', reviewedByNativeSpeaker: true }, a: 'A {n}', b: 'B' };

  it('is reported key by key', () => {
    const file = {
      _meta: { language: 'Pidgin', reviewedByNativeSpeaker: false },
      a: 'A {m}',
      c: '{x, select, y {Y}}',
    };
    expect(catalogProblems(english, file, false)).toEqual([
      'b: missing',
      'c: not in English',
      'a: arguments {m} where English has {n}',
    ]);
  });

  it('reports a message that does not parse, a select without other, and a missing _meta', () => {
    const file = { a: '{n, select, one {x}}', b: 'B {' };
    const problems = catalogProblems(english, file, false);
    expect(problems[0]).toBe('_meta must be { language, reviewedByNativeSpeaker }');
    expect(problems).toContain('a: no "other" case for n');
    expect(problems.some((p) => p.startsWith('b: '))).toBe(true);
  });
});
