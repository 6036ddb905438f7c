import { describe, expect, it } from 'vitest';
import { dayFirstDateText, parseDayFirstDate } from './day-first-date';

describe('reading a typed date day-first', () => {
  it('takes the day before the month, however the numbers are separated', () => {
    expect(parseDayFirstDate('1/12/2026')).toBe('2026-12-01');
    expect(parseDayFirstDate('01-12-2026')).toBe('2026-12-01');
    expect(parseDayFirstDate('12.1.2026')).toBe('2026-01-12');
    expect(parseDayFirstDate(' 31 / 12 / 2026 ')).toBe('2026-12-31');
  });

  it('takes the month by name, short or long, either side of the day', () => {
    expect(parseDayFirstDate('1 Dec 2026')).toBe('2026-12-01');
    expect(parseDayFirstDate('1st December 2026')).toBe('2026-12-01');
    expect(parseDayFirstDate('5-sept-2026')).toBe('2026-09-05');
    expect(parseDayFirstDate('Dec 1, 2026')).toBe('2026-12-01');
  });

  it('takes an ISO date as it is: year first cannot be misread', () => {
    expect(parseDayFirstDate('2026-12-01')).toBe('2026-12-01');
  });

  it('reads a two-digit year only once the person has finished typing', () => {
    expect(parseDayFirstDate('1/12/20')).toBeNull();
    expect(parseDayFirstDate('1/12/26', { finished: true })).toBe('2026-12-01');
  });

  it('refuses a day that does not exist and text that is not a date', () => {
    expect(parseDayFirstDate('31/02/2026')).toBeNull();
    expect(parseDayFirstDate('13/13/2026')).toBeNull();
    expect(parseDayFirstDate('1 Ja 2026')).toBeNull();
    expect(parseDayFirstDate('tomorrow')).toBeNull();
    expect(parseDayFirstDate('1/12/202')).toBeNull();
  });
});

describe('showing a date', () => {
  it('writes it day-first with the month by name', () => {
    expect(dayFirstDateText('2026-12-01')).toBe('1 Dec 2026');
    expect(dayFirstDateText('2026-01-12')).toBe('12 Jan 2026');
  });

  it('leaves anything that is not a real date alone', () => {
    expect(dayFirstDateText('2026-02-31')).toBeNull();
    expect(dayFirstDateText('1/12/2026')).toBeNull();
    expect(dayFirstDateText('')).toBeNull();
  });
});
