import { describe, expect, it } from 'vitest';
import { reportValueText } from '@freightlane/domain';
import { alignOf, keepsTogether, periodLabel } from './report-value';

describe('report values on screen', () => {
  it('shows a month column as "Dec 2026", on the left and on one line like a date', () => {
    expect(reportValueText('2026-12', 'month')).toBe('Dec 2026');
    expect(alignOf('month')).toBe('left');
    expect(alignOf('date')).toBe('left');
    expect(alignOf('money')).toBe('right');
    expect(keepsTogether('2026-12', 'month')).toBe(true);
  });

  it('shows a period of days as a date, never as raw ISO text', () => {
    expect(reportValueText('2026-12-01', 'date')).toBe('1 Dec 2026');
    expect(periodLabel('2026-12-01')).toBe('1 Dec');
    expect(periodLabel('2026-12')).toBe('Dec 2026');
  });
});
