import { describe, expect, it } from 'vitest';
import { lagosDateInDays } from '../lagos-time';
import {
  CUSTOMER_REPORT_KINDS,
  isCalendarDate,
  reportExportQuery,
  reportQuery,
  reportRange,
  reportRangeDays,
  TRANSPORTER_REPORT_KINDS,
} from './report';

/** The field and message of each issue, as the API's 400 names them. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.error?.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) ?? [];
}

describe('report kinds', () => {
  it('are the spec’s twelve customer and eight transporter kinds', () => {
    expect(CUSTOMER_REPORT_KINDS).toHaveLength(12);
    expect(TRANSPORTER_REPORT_KINDS).toHaveLength(12);
  });
});

describe('a report’s range', () => {
  it('opens on the last 30 Lagos days, today included', () => {
    expect(reportRange.parse({})).toEqual({ from: lagosDateInDays(-29), to: lagosDateInDays(0) });
  });

  it('takes real calendar dates only, leap days included', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-11-31')).toBe(false);
    expect(isCalendarDate('2026-1-05')).toBe(false);
    expect(isCalendarDate('2026-11-24T00:00')).toBe(false);
    expect(issuesOf(reportRange.safeParse({ from: '24/11/2026', to: '2026-11-30' }))).toEqual([
      { field: 'from', message: 'from must be a date written YYYY-MM-DD' },
    ]);
  });

  it('refuses an end before its start, and more than two years', () => {
    expect(issuesOf(reportRange.safeParse({ from: '2026-11-24', to: '2026-11-23' }))).toEqual([
      { field: 'to', message: 'to must not be before from' },
    ]);
    expect(reportRangeDays('2024-11-24', '2026-11-24')).toBe(731);
    expect(reportRange.safeParse({ from: '2024-11-24', to: '2026-11-24' }).success).toBe(true);
    expect(issuesOf(reportRange.safeParse({ from: '2024-11-23', to: '2026-11-24' }))).toEqual([
      { field: 'to', message: 'A report covers at most 2 years (731 days)' },
    ]);
    expect(reportRange.safeParse({ from: '2026-11-24', to: '2026-11-24' }).success).toBe(true);
  });

  it('is checked the same way on a page and on an export', () => {
    expect(reportQuery.parse({ from: '2026-01-01', to: '2026-01-31', page: '2' })).toEqual({
      page: 2,
      size: 20,
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(issuesOf(reportQuery.safeParse({ from: '2026-02-01', to: '2026-01-31' }))[0]?.field).toBe('to');
    expect(issuesOf(reportExportQuery.safeParse({ format: 'docx' }))[0]?.field).toBe('format');
    expect(reportExportQuery.parse({ format: 'xlsx', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      format: 'xlsx',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});
