import { describe, expect, it } from 'vitest';
import { periodsOf, reportWindow } from './report-window';

describe('a report window', () => {
  it('runs from Lagos midnight to the Lagos midnight after its last day', () => {
    const window = reportWindow({ from: '2026-11-01', to: '2026-11-30' }, new Date('2026-11-26T12:00:00Z'));
    expect(window.fromAt.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(window.toAt.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(window.period).toBe('day');
  });

  it('groups by day up to 62 days and by month beyond, with every period listed', () => {
    expect(periodsOf(reportWindow({ from: '2026-02-27', to: '2026-03-02' }))).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(reportWindow({ from: '2026-01-01', to: '2026-03-03' }).period).toBe('day');
    const long = reportWindow({ from: '2026-01-01', to: '2026-03-04' });
    expect(long.period).toBe('month');
    expect(periodsOf(long)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(periodsOf(reportWindow({ from: '2027-12-15', to: '2028-02-29' }))).toEqual([
      '2027-12',
      '2028-01',
      '2028-02',
    ]);
  });
});
