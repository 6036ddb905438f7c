import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime } from './format';

describe('dates and times in Lagos', () => {
  it('shows a timestamp as the Lagos day and clock, the same way the public pages do', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('22 Nov 2026');
    expect(formatDateTime('2026-11-21T13:05:00Z')).toBe('21 Nov 2026, 14:05');
    expect(formatDate('2026-09-05T12:00:00Z')).toBe('5 Sep 2026');
  });

  it('shows a calendar date as that day, whatever the browser zone', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('1 Mar 2026');
  });

  it('shows a dash for a missing or unreadable value', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('soon')).toBe('—');
    expect(formatCalendarDate(undefined)).toBe('—');
  });
});
