import { createTranslator, messagesOf } from '@freightlane/domain/i18n';
import { describe, expect, it } from 'vitest';
import english from './catalog/en-NG.json';
import pidgin from './catalog/pcm.json';
import { timeAgo } from './time-ago';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const before = (ms: number) => new Date(NOW - ms).toISOString();
const t = createTranslator('en-NG', { 'en-NG': messagesOf(english) });

describe('timeAgo', () => {
  it('reads in minutes, hours, then days', () => {
    expect(timeAgo(t, before(20_000), NOW)).toBe('just now');
    expect(timeAgo(t, before(5 * 60_000), NOW)).toBe('5 min ago');
    expect(timeAgo(t, before(59 * 60_000), NOW)).toBe('59 min ago');
    expect(timeAgo(t, before(3 * 3_600_000), NOW)).toBe('3 h ago');
    expect(timeAgo(t, before(47 * 3_600_000), NOW)).toBe('47 h ago');
    expect(timeAgo(t, before(3 * 86_400_000), NOW)).toBe('3 d ago');
  });

  it('reads a time slightly ahead of this clock as just now, and an unreadable one as nothing', () => {
    expect(timeAgo(t, new Date(NOW + 30_000).toISOString(), NOW)).toBe('just now');
    expect(timeAgo(t, 'not a date', NOW)).toBe('');
  });

  it('says it in the reader’s language', () => {
    const inPidgin = createTranslator('pcm', { 'en-NG': messagesOf(english), pcm: messagesOf(pidgin) });
    expect(timeAgo(inPidgin, before(3 * 86_400_000), NOW)).toBe('3 days ago');
  });
});
