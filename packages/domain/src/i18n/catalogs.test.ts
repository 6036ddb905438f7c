import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOG_FILES } from './catalogs';
import { LOCALES } from './locales';

/** The argument names a message uses, and whether each of its plurals has an `other` case. */
function argumentsOf(
  elements: MessageFormatElement[],
  names = new Set<string>(),
  pluralsWithoutOther: string[] = [],
) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      if (!('other' in element.options)) pluralsWithoutOther.push(element.value);
      for (const option of Object.values(element.options))
        argumentsOf(option.value, names, pluralsWithoutOther);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, names, pluralsWithoutOther);
  }
  return { names, pluralsWithoutOther };
}

const keysOf = (file: Readonly<Record<string, unknown>>) => Object.keys(file).filter((k) => k !== '_meta');

describe.each(Object.entries(CATALOG_FILES))('the %s catalogs', (_area, files) => {
  const english = files['en-NG'] as Readonly<Record<string, unknown>>;

  it.each(LOCALES)('%s holds every English key, no other, with the same arguments', (locale) => {
    const file = files[locale] as Readonly<Record<string, unknown>>;
    expect(file._meta).toEqual({
      language: expect.any(String),
      reviewedByNativeSpeaker: locale === 'en-NG' ? true : expect.any(Boolean),
    });
    expect(keysOf(file).sort()).toEqual(keysOf(english).sort());
    for (const key of keysOf(english)) {
      const text = file[key];
      expect(typeof text, `${locale} ${key}`).toBe('string');
      const own = argumentsOf(parse(text as string));
      const source = argumentsOf(parse(english[key] as string));
      expect([...own.names].sort(), `${locale} ${key}`).toEqual([...source.names].sort());
      expect(own.pluralsWithoutOther, `${locale} ${key}`).toEqual([]);
    }
  });
});
