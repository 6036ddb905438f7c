import { describe, expect, it } from 'vitest';
import { DEFAULT_WAITING_FREE_HOURS, durationText, waitingCharge } from './waiting-time';

const at = (iso: string) => new Date(iso);
const terms = { freeHours: 12, rateKoboPerHour: 500_000 };

describe('waitingCharge', () => {
  it('charges nothing for a wait of exactly the free hours', () => {
    expect(waitingCharge(at('2026-03-10T08:00:00Z'), at('2026-03-10T20:00:00Z'), terms)).toBeNull();
  });

  it('charges a whole hour for one minute over', () => {
    expect(waitingCharge(at('2026-03-10T08:00:00Z'), at('2026-03-10T20:01:00Z'), terms)).toEqual({
      waitedMinutes: 721,
      freeHours: 12,
      chargeableHours: 1,
      rateKoboPerHour: 500_000,
      amountKobo: 500_000,
    });
  });

  it('charges a whole hour for one millisecond over, and counts whole minutes waited', () => {
    const charge = waitingCharge(at('2026-03-10T08:00:00.000Z'), at('2026-03-10T20:00:00.001Z'), terms);
    expect(charge).toMatchObject({ waitedMinutes: 720, chargeableHours: 1, amountKobo: 500_000 });
  });

  it('counts started hours: exactly two hours over is two, a second more is three', () => {
    expect(waitingCharge(at('2026-03-10T08:00:00Z'), at('2026-03-10T22:00:00Z'), terms)).toMatchObject({
      chargeableHours: 2,
      amountKobo: 1_000_000,
    });
    expect(waitingCharge(at('2026-03-10T08:00:00Z'), at('2026-03-10T22:00:01Z'), terms)).toMatchObject({
      chargeableHours: 3,
      amountKobo: 1_500_000,
    });
  });

  it('charges nothing without a rate, at a zero rate, or for times that run backwards', () => {
    const arrived = at('2026-03-10T08:00:00Z');
    const left = at('2026-03-12T08:00:00Z');
    expect(waitingCharge(arrived, left, { freeHours: 12, rateKoboPerHour: null })).toBeNull();
    expect(waitingCharge(arrived, left, { freeHours: 12, rateKoboPerHour: 0 })).toBeNull();
    expect(waitingCharge(left, arrived, terms)).toBeNull();
    expect(waitingCharge(arrived, arrived, { freeHours: 0, rateKoboPerHour: 500_000 })).toBeNull();
    expect(waitingCharge(arrived, at('not a time'), terms)).toBeNull();
  });

  it('charges from the first started hour when no hours are free', () => {
    expect(
      waitingCharge(at('2026-03-10T08:00:00Z'), at('2026-03-10T08:00:30Z'), {
        freeHours: 0,
        rateKoboPerHour: 7,
      }),
    ).toEqual({ waitedMinutes: 0, freeHours: 0, chargeableHours: 1, rateKoboPerHour: 7, amountKobo: 7 });
  });

  it('counts a wait across midnight in Lagos', () => {
    // 21:30 to 11:45 the next day, Lagos time: 14 h 15 min, 2 h 15 min beyond 12 free hours.
    const charge = waitingCharge(at('2026-06-14T20:30:00Z'), at('2026-06-15T10:45:00Z'), terms);
    expect(charge).toMatchObject({ waitedMinutes: 855, chargeableHours: 3, amountKobo: 1_500_000 });
  });

  it('counts a wait across the end of a month, of February and of a leap year', () => {
    expect(waitingCharge(at('2026-01-31T18:00:00Z'), at('2026-02-01T09:00:00Z'), terms)).toMatchObject({
      waitedMinutes: 900,
      chargeableHours: 3,
    });
    expect(waitingCharge(at('2026-02-28T12:00:00Z'), at('2026-03-01T12:00:00Z'), terms)).toMatchObject({
      waitedMinutes: 1_440,
      chargeableHours: 12,
    });
    // 2028 is a leap year: 28 February noon to 1 March noon is two days.
    expect(waitingCharge(at('2028-02-28T12:00:00Z'), at('2028-03-01T12:00:00Z'), terms)).toMatchObject({
      waitedMinutes: 2_880,
      chargeableHours: 36,
      amountKobo: 18_000_000,
    });
    expect(waitingCharge(at('2026-12-31T20:00:00Z'), at('2027-01-01T09:00:00Z'), terms)).toMatchObject({
      chargeableHours: 1,
    });
  });

  it('uses the free hours given, up to a week', () => {
    const week = { freeHours: 168, rateKoboPerHour: 100 };
    expect(waitingCharge(at('2026-03-01T00:00:00Z'), at('2026-03-08T00:00:00Z'), week)).toBeNull();
    expect(waitingCharge(at('2026-03-01T00:00:00Z'), at('2026-03-08T05:10:00Z'), week)).toMatchObject({
      chargeableHours: 6,
      amountKobo: 600,
    });
    expect(DEFAULT_WAITING_FREE_HOURS).toBe(12);
  });
});

describe('durationText', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [60, '1 h'],
    [1_565, '26 h 5 min'],
    [721, '12 h 1 min'],
  ])('writes %i minutes as %s', (minutes, text) => {
    expect(durationText(minutes)).toBe(text);
  });
});
