import { describe, expect, it } from 'vitest';
import { isQuietHours, quietHoursEnd } from './quiet-hours';

// Lagos is UTC+1: 21:00 Lagos is 20:00Z, 06:00 Lagos is 05:00Z.
describe('quiet hours', () => {
  it('run from 21:00 to 06:00 Lagos time', () => {
    expect(isQuietHours(new Date('2026-11-21T19:59:59Z'))).toBe(false);
    expect(isQuietHours(new Date('2026-11-21T20:00:00Z'))).toBe(true);
    expect(isQuietHours(new Date('2026-11-21T23:30:00Z'))).toBe(true);
    expect(isQuietHours(new Date('2026-11-22T04:59:59Z'))).toBe(true);
    expect(isQuietHours(new Date('2026-11-22T05:00:00Z'))).toBe(false);
    expect(isQuietHours(new Date('2026-11-22T12:00:00Z'))).toBe(false);
  });

  it('end at the next 06:00 Lagos, the same night across midnight and the month and year ends', () => {
    expect(quietHoursEnd(new Date('2026-11-21T20:00:00Z')).toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-11-21T22:59:00Z')).toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-11-21T23:00:00Z')).toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-11-22T04:59:00Z')).toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-12-31T21:00:00Z')).toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-11-30T23:30:00Z')).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('leave a moment outside quiet hours as it is', () => {
    const at = new Date('2026-11-22T05:00:00Z');
    expect(quietHoursEnd(at)).toBe(at);
    expect(quietHoursEnd(new Date('2026-11-22T19:59:59Z')).toISOString()).toBe('2026-11-22T19:59:59.000Z');
  });
});
