import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('relativeTime', () => {
  it.each([
    ['2026-11-21T12:00:20Z', 'now'],
    ['2026-11-21T12:45:00Z', 'in 45 min'],
    ['2026-11-21T15:00:00Z', 'in 3 h'],
    ['2026-11-23T12:00:00Z', 'in 2 d'],
    ['2026-11-21T09:00:00Z', '3 h ago'],
    ['2026-11-14T12:00:00Z', '7 d ago'],
  ])('%s reads %s', (iso, text) => {
    expect(relativeTime(iso, NOW)).toBe(text);
  });

  it('is empty for an unreadable time', () => {
    expect(relativeTime('soon', NOW)).toBe('');
  });
});
