import { describe, expect, it } from 'vitest';
import {
  lagosClockText,
  lagosDateTimeInput,
  lagosDayText,
  lagosToday,
  endOfLagosDay,
  addDays,
  lagosDateInDays,
  lagosDateTimeText,
  lagosHour,
  lagosIsoDateTime,
  lagosMonth,
  lagosYear,
  trackingTimeStamp,
  tripTimeMs,
} from './lagos-time';

describe('Lagos time', () => {
  it('turns the date over at midnight in Lagos, an hour before UTC', () => {
    expect(lagosToday(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
    expect(lagosToday(new Date('2026-11-21T23:00:00Z'))).toBe('2026-11-22');
  });

  it('ends a Lagos day at its local midnight, 23:00 UTC, across month and leap-year ends', () => {
    expect(endOfLagosDay('2026-11-21').toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(endOfLagosDay('2028-02-28').toISOString()).toBe('2028-02-28T23:00:00.000Z');
    expect(lagosToday(new Date(endOfLagosDay('2028-02-28').getTime() - 1))).toBe('2028-02-28');
    expect(lagosToday(endOfLagosDay('2028-02-28'))).toBe('2028-02-29');
    expect(addDays(new Date('2026-12-31T12:00:00Z'), 1).toISOString()).toBe('2027-01-01T12:00:00.000Z');
    expect(lagosDateInDays(1, new Date('2028-02-28T23:30:00Z'))).toBe('2028-03-01');
    expect(lagosDateInDays(-1, new Date('2027-01-01T00:30:00Z'))).toBe('2026-12-31');
  });

  it('reads the Lagos hour and writes a moment as its Lagos date and time', () => {
    expect(lagosHour(new Date('2026-11-21T22:59:00Z'))).toBe(23);
    expect(lagosHour(new Date('2026-11-21T23:00:00Z'))).toBe(0);
    expect(lagosDateTimeText(new Date('2026-12-31T23:05:00Z'))).toBe('1 Jan 2027, 00:05');
    expect(lagosDateTimeText('2026-11-21T13:05:00.000Z')).toBe('21 Nov 2026, 14:05');
    expect(lagosDateTimeText('not a date')).toBeNull();
  });

  it('turns the year over at midnight in Lagos', () => {
    expect(lagosYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(lagosYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
  });

  it('gives the wall clock for a datetime-local input', () => {
    expect(lagosDateTimeInput(new Date('2026-11-21T12:05:30Z'))).toBe('2026-11-21T13:05');
  });
});

describe('the tracking date time text', () => {
  it('writes the Lagos wall clock as YYYY-MM-DD HH:mm:ss', () => {
    expect(trackingTimeStamp(new Date('2026-11-21T13:05:09.500Z'))).toBe('2026-11-21 14:05:09');
    expect(trackingTimeStamp(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01 00:30:00');
  });

  it('reads it back, and ISO timestamps with their zone, to the same instant', () => {
    expect(tripTimeMs('2026-11-21 14:05:09')).toBe(Date.parse('2026-11-21T13:05:09Z'));
    expect(tripTimeMs('2026-11-21T14:05:09+01:00')).toBe(Date.parse('2026-11-21T13:05:09Z'));
    expect(tripTimeMs('2026-11-21')).toBe(Date.parse('2026-11-21T11:00:00Z'));
    expect(tripTimeMs('not a time')).toBeNaN();
    expect(tripTimeMs(null)).toBeNaN();
  });

  it('gives the Lagos day and clock of a trip time', () => {
    expect(lagosDayText('2026-11-21 14:05:09')).toBe('21 Nov 2026');
    expect(lagosClockText('2026-11-21 14:05:09')).toBe('14:05');
    expect(lagosDayText('2026-03-01')).toBe('1 Mar 2026');
    expect(lagosDayText('')).toBeNull();
    expect(lagosClockText('garbage')).toBeNull();
  });

  it('starts a month at Lagos midnight, an hour before UTC midnight', () => {
    expect(lagosMonth(new Date('2026-03-31T23:30:00Z'))).toEqual({
      from: new Date('2026-03-31T23:00:00Z'),
      to: new Date('2026-04-30T23:00:00Z'),
    });
    expect(lagosMonth(new Date('2026-12-15T12:00:00Z'))).toEqual({
      from: new Date('2026-11-30T23:00:00Z'),
      to: new Date('2026-12-31T23:00:00Z'),
    });
  });

  it('writes a Lagos wall-clock date and time as ISO 8601 with the Lagos offset', () => {
    expect(lagosIsoDateTime('2026-11-24T17:30')).toBe('2026-11-24T17:30:00+01:00');
    expect(lagosIsoDateTime('2026-11-24T17:30:45')).toBe('2026-11-24T17:30:45+01:00');
    expect(new Date(lagosIsoDateTime('2026-11-24T00:30')!).toISOString()).toBe('2026-11-23T23:30:00.000Z');
    expect(lagosIsoDateTime('2026-11-24T')).toBeNull();
    expect(lagosIsoDateTime('2026-11-24 17:30')).toBeNull();
    expect(lagosIsoDateTime('2026-13-24T17:30')).toBeNull();
    expect(lagosIsoDateTime('')).toBeNull();
  });
});
