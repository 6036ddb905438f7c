import { describe, expect, it } from 'vitest';
import { reportValueRaw, reportValueText } from './report-values';

describe('report values', () => {
  it('are shown as people read them', () => {
    expect(reportValueText(125_000_050, 'money')).toBe('₦1,250,000.50');
    expect(reportValueText(1234, 'count')).toBe('1,234');
    expect(reportValueText(66.666, 'percent')).toBe('66.7%');
    expect(reportValueText(12, 'hours')).toBe('12.0');
    expect(reportValueText(2.4, 'days')).toBe('2');
    expect(reportValueText(1234.56, 'number')).toBe('1,234.6');
    expect(reportValueText('2026-11-24', 'date')).toBe('24 Nov 2026');
    expect(reportValueText('2026-12', 'month')).toBe('Dec 2026');
    expect(reportValueText('2026-12-01', 'month')).toBe('Dec 2026');
    expect(reportValueText('2026-11-24T13:05:00.000Z', 'datetime')).toBe('24 Nov 2026, 14:05');
    expect(reportValueText('Apapa → Ibadan', 'text')).toBe('Apapa → Ibadan');
    expect(reportValueText(null, 'percent')).toBe('N/A');
    expect(reportValueText(null, 'money')).toBe('N/A');
  });

  it('are exported as spreadsheets take them', () => {
    expect(reportValueRaw(125_000_050, 'money')).toBe('1250000.50');
    expect(reportValueRaw(66.666, 'percent')).toBe('66.7');
    expect(reportValueRaw(3.04, 'hours')).toBe('3.0');
    expect(reportValueRaw(1234, 'count')).toBe('1234');
    expect(reportValueRaw('2026-11-24', 'date')).toBe('2026-11-24');
    expect(reportValueRaw('2026-12', 'month')).toBe('2026-12');
    expect(reportValueRaw('2026-11-21T13:05:00.000Z', 'datetime')).toBe('2026-11-21T14:05:00+01:00');
    expect(reportValueRaw(12.04, 'number')).toBe('12.0');
    expect(reportValueRaw(3, 'days')).toBe('3');
    expect(reportValueRaw(null, 'money')).toBe('');
  });
});
