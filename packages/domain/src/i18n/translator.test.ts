import { describe, expect, it } from 'vitest';
import { DRIVER_CATALOG } from './catalogs';
import { lagosDateTimeTextIn, lagosDayTextIn, monthNamesOf, nairaText } from './format';
import { createTranslator } from './translator';

describe('createTranslator', () => {
  it('formats ICU messages with the locale’s plural rules', () => {
    const en = createTranslator('en-NG', DRIVER_CATALOG);
    expect(en('queue.positions', { count: 1 })).toBe('1 position');
    expect(en('queue.positions', { count: 3 })).toBe('3 positions');
    expect(en('page.hello', { firstName: 'Femi' })).toBe('Hello, Femi');
    const ha = createTranslator('ha', DRIVER_CATALOG);
    expect(ha('page.hello', { firstName: 'Femi' })).toBe('Sannu, Femi');
    expect(ha('queue.positions', { count: 2 })).toBe('wurare 2');
  });

  it('says a key its locale lacks in English, never as the key', () => {
    const catalog = {
      'en-NG': { 'a.b': 'Hello, {name}', 'a.c': 'Only in English' },
      ha: { 'a.b': 'Sannu, {name}' },
    };
    const t = createTranslator('ha', catalog);
    expect(t('a.b', { name: 'Musa' })).toBe('Sannu, Musa');
    expect(t('a.c')).toBe('Only in English');
  });
});

describe('money and dates in every language', () => {
  it('keeps the naira sign and two decimals', () => {
    for (const locale of ['en-NG', 'pcm', 'ha', 'yo', 'ig'] as const) {
      const text = nairaText(locale, 1234567.5);
      expect(text, locale).toContain('₦');
      expect(text, locale).toMatch(/1.?234.?567[.,]50/);
    }
  });

  it('writes dates day first with the month in words, Yoruba included', () => {
    expect(lagosDayTextIn(monthNamesOf('en-NG'), '2026-12-02T10:00:00Z')).toBe('2 Dec 2026');
    expect(lagosDayTextIn(monthNamesOf('yo'), '2026-12-02T10:00:00Z')).toBe('2 Ọ̀pẹ̀ 2026');
    expect(lagosDateTimeTextIn(monthNamesOf('ha'), '2026-11-21T13:05:00Z')).toBe('21 Nuw 2026, 14:05');
    expect(lagosDayTextIn(monthNamesOf('ig'), 'not a date')).toBeNull();
  });
});
