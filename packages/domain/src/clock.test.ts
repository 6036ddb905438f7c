import { describe, expect, it } from 'vitest';
import { CLOCK_CYCLE_HOURS, elapsedInStage, formatElapsed, hoursModulo48 } from './clock';

const FROM = '2025-03-01T08:00:00.000Z';
const hoursAfter = (hours: number, extraMinutes = 0) =>
  new Date(Date.parse(FROM) + hours * 3_600_000 + extraMinutes * 60_000);

describe('clock helper: hours modulo 48', () => {
  it('counts whole hours since the start', () => {
    expect(hoursModulo48(FROM, hoursAfter(0))).toBe(0);
    expect(hoursModulo48(FROM, hoursAfter(0, 59))).toBe(0);
    expect(hoursModulo48(FROM, hoursAfter(5, 30))).toBe(5);
    expect(hoursModulo48(FROM, hoursAfter(47))).toBe(47);
    expect(hoursModulo48(FROM, hoursAfter(47, 59))).toBe(47);
  });

  it('starts again from zero every 48 hours', () => {
    expect(CLOCK_CYCLE_HOURS).toBe(48);
    expect(hoursModulo48(FROM, hoursAfter(48))).toBe(0);
    expect(hoursModulo48(FROM, hoursAfter(50))).toBe(2);
    expect(hoursModulo48(FROM, hoursAfter(96 + 7))).toBe(7);
  });

  it('never goes negative for a start in the future, nor NaN for a bad one', () => {
    expect(hoursModulo48(FROM, hoursAfter(-3))).toBe(0);
    expect(hoursModulo48('not a date', hoursAfter(3))).toBe(0);
  });

  it('reads the current time by default', () => {
    const anHourAgo = new Date(Date.now() - 61 * 60_000).toISOString();
    expect(hoursModulo48(anHourAgo)).toBe(1);
  });

  it('formats the elapsed time as short text', () => {
    expect(formatElapsed(0)).toBe('0 h');
    expect(elapsedInStage(FROM, hoursAfter(5))).toBe('5 h');
    expect(elapsedInStage(FROM, hoursAfter(47))).toBe('47 h');
    expect(elapsedInStage(FROM, hoursAfter(50))).toBe('2 h');
  });
});
