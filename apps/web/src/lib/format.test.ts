import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('in a browser set to American English, in New York', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it('still shows Lagos dates day-first with the month by name', () => {
      vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
      process.env.TZ = 'America/New_York';
      expect(formatDate('2026-12-01T23:30:00Z')).toBe('2 Dec 2026');
      expect(formatDateTime('2026-01-12T13:05:00Z')).toBe('12 Jan 2026, 14:05');
      expect(formatCalendarDate('2026-01-12')).toBe('12 Jan 2026');
    });
  });

  it('shows a dash for a missing or unreadable value', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('soon')).toBe('—');
    expect(formatCalendarDate(undefined)).toBe('—');
  });
});
