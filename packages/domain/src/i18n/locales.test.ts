import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it.each([
    ['ha-NG', 'ha'],
    ['yo', 'yo'],
    ['ig-NG', 'ig'],
    ['pcm', 'pcm'],
    ['pcm-Latn-NG', 'pcm'],
    ['en-GB', 'en-NG'],
    ['en-US,en;q=0.9', 'en-NG'],
    ['fr-FR', 'en-NG'],
    ['', 'en-NG'],
    ['fr-FR, ha;q=0.8, en;q=0.5', 'ha'],
    ['en;q=0.4, yo-NG;q=0.9', 'yo'],
    ['ha;q=0, ig', 'ig'],
  ])('reads the header %j as %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it('takes the first of the browser’s languages it has', () => {
    expect(negotiateLocale(['fr-FR', 'ig-NG', 'en-NG'])).toBe('ig');
    expect(negotiateLocale(['HA'])).toBe('ha');
    expect(negotiateLocale([])).toBe('en-NG');
    expect(negotiateLocale(undefined)).toBe('en-NG');
  });
});
