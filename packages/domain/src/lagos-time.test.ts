import { describe, expect, it } from 'vitest';
import { lagosDateTimeInput, lagosToday, lagosYear } from './lagos-time';

describe('Lagos time', () => {
  it('turns the date over at midnight in Lagos, an hour before UTC', () => {
    expect(lagosToday(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
    expect(lagosToday(new Date('2026-11-21T23:00:00Z'))).toBe('2026-11-22');
  });

  it('turns the year over at midnight in Lagos', () => {
    expect(lagosYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(lagosYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
  });

  it('gives the wall clock for a datetime-local input', () => {
    expect(lagosDateTimeInput(new Date('2026-11-21T12:05:30Z'))).toBe('2026-11-21T13:05');
  });
});
