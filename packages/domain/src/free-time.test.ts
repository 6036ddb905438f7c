import { describe, expect, it } from 'vitest';
import {
  FREE_TIME_ALERT_DAYS,
  addCalendarDays,
  dateOfDayNumber,
  dayNumber,
  daysBetween,
  daysLeftText,
  freeTimeLevel,
  freeTimeOf,
  hasFreeTime,
  returnsEmpty,
  type FreeTimeInput,
} from './free-time';

/** A Maersk-like 20-foot tariff: 7 free days, ₦38,000 demurrage and ₦30,000 detention a day. */
const TARIFF = { freeDays: 7, demurrageKoboPerDay: 3_800_000, detentionKoboPerDay: 3_000_000 };

function input(overrides: Partial<FreeTimeInput> = {}): FreeTimeInput {
  return {
    cargoType: 'IMPORT_LINER_OWNED',
    dischargeDate: '2026-03-04',
    deliveryOrderValidityDate: '2026-03-20',
    tariff: TARIFF,
    gateOut: { date: '2026-03-08', actual: false },
    emptyReturn: { date: '2026-03-09', actual: false },
    today: '2026-03-05',
    ...overrides,
  };
}

describe('calendar days', () => {
  it('numbers days from 1970-01-01 and back', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dateOfDayNumber(dayNumber('2028-02-29'))).toBe('2028-02-29');
  });

  it('rejects days that do not exist and text that is not a date', () => {
    expect(() => dayNumber('2027-02-29')).toThrow(RangeError);
    expect(() => dayNumber('2026-04-31')).toThrow(RangeError);
    expect(() => dayNumber('2026-13-01')).toThrow(RangeError);
    expect(() => dayNumber('5 March 2026')).toThrow(RangeError);
    expect(() => dayNumber('2026-3-5')).toThrow(RangeError);
    expect(dayNumber('2028-02-29') - dayNumber('2028-02-28')).toBe(1);
  });

  it('crosses month and year ends', () => {
    expect(addCalendarDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addCalendarDays('2026-01-31', 28)).toBe('2026-02-28');
    expect(addCalendarDays('2026-01-31', 29)).toBe('2026-03-01');
    expect(addCalendarDays('2026-04-30', 1)).toBe('2026-05-01');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('has a 29 February in leap years only', () => {
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2028-02-28', 2)).toBe('2028-03-01');
    expect(addCalendarDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
    expect(daysBetween('2027-02-01', '2027-03-01')).toBe(28);
    // 2100 is not a leap year, 2000 was.
    expect(addCalendarDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addCalendarDays('2000-02-28', 1)).toBe('2000-02-29');
  });

  it('counts negative spans when the second day is earlier', () => {
    expect(daysBetween('2026-03-10', '2026-03-07')).toBe(-3);
  });
});

describe('which cargo has free time', () => {
  it('is import containers only, and only a liner-owned one goes back empty', () => {
    expect(hasFreeTime('IMPORT_LINER_OWNED')).toBe(true);
    expect(hasFreeTime('IMPORT_SHIPPER_OWNED')).toBe(true);
    for (const other of ['EXPORT', 'EMPTY_CONTAINER', 'GENERAL_CARGO'] as const) {
      expect(hasFreeTime(other)).toBe(false);
      expect(freeTimeOf(input({ cargoType: other }))).toMatchObject({ lastFreeDay: null, daysLeft: null });
    }
    expect(returnsEmpty('IMPORT_LINER_OWNED')).toBe(true);
    expect(returnsEmpty('IMPORT_SHIPPER_OWNED')).toBe(false);
  });
});

describe('the last free day', () => {
  it('counts free days from the discharge, the discharge day being day 1', () => {
    expect(freeTimeOf(input({ dischargeDate: '2026-03-04' })).lastFreeDay).toBe('2026-03-10');
    expect(freeTimeOf(input({ tariff: { ...TARIFF, freeDays: 1 } })).lastFreeDay).toBe('2026-03-04');
  });

  it('crosses month ends', () => {
    expect(freeTimeOf(input({ dischargeDate: '2026-01-25' })).lastFreeDay).toBe('2026-01-31');
    expect(freeTimeOf(input({ dischargeDate: '2026-01-31' })).lastFreeDay).toBe('2026-02-06');
    expect(freeTimeOf(input({ dischargeDate: '2026-12-28' })).lastFreeDay).toBe('2027-01-03');
  });

  it('lands on 29 February in a leap year and on 1 March otherwise', () => {
    expect(freeTimeOf(input({ dischargeDate: '2028-02-23' })).lastFreeDay).toBe('2028-02-29');
    expect(freeTimeOf(input({ dischargeDate: '2027-02-23' })).lastFreeDay).toBe('2027-03-01');
    expect(freeTimeOf(input({ dischargeDate: '2028-02-24' })).lastFreeDay).toBe('2028-03-01');
  });

  it("takes the delivery order's validity date when the discharge date is not known", () => {
    const freeTime = freeTimeOf(input({ dischargeDate: null, deliveryOrderValidityDate: '2026-03-20' }));
    expect(freeTime.lastFreeDay).toBe('2026-03-20');
    expect(freeTime.daysLeft).toBe(15);
  });

  it('prefers the discharge date to the delivery order when both are known', () => {
    expect(freeTimeOf(input({ deliveryOrderValidityDate: '2026-03-31' })).lastFreeDay).toBe('2026-03-10');
  });

  it('is unknown without either, with no charges worked out', () => {
    const freeTime = freeTimeOf(input({ dischargeDate: null, deliveryOrderValidityDate: null }));
    expect(freeTime).toMatchObject({ lastFreeDay: null, daysLeft: null, chargesKobo: 0 });
    expect(freeTimeLevel(freeTime)).toBe('UNKNOWN');
  });

  it('without a tariff the discharge day is the last free day and no charge is known', () => {
    const freeTime = freeTimeOf(input({ tariff: null, gateOut: { date: '2026-03-07', actual: true } }));
    expect(freeTime.lastFreeDay).toBe('2026-03-04');
    expect(freeTime.demurrageDays).toBe(3);
    expect(freeTime.chargesKobo).toBe(0);
  });
});

describe('days left', () => {
  it('is 0 on the last free day and negative after it', () => {
    expect(freeTimeOf(input({ today: '2026-03-07' })).daysLeft).toBe(3);
    expect(freeTimeOf(input({ today: '2026-03-10' })).daysLeft).toBe(0);
    expect(freeTimeOf(input({ today: '2026-03-12' })).daysLeft).toBe(-2);
  });

  it('counts across 29 February', () => {
    const leap = input({ dischargeDate: '2028-02-25', today: '2028-02-27' });
    expect(freeTimeOf(leap).lastFreeDay).toBe('2028-03-02');
    expect(freeTimeOf(leap).daysLeft).toBe(4);
    const common = input({ dischargeDate: '2027-02-25', today: '2027-02-27' });
    expect(freeTimeOf(common).lastFreeDay).toBe('2027-03-03');
    expect(freeTimeOf(common).daysLeft).toBe(4);
  });
});

describe('demurrage and detention', () => {
  // Last free day 2026-03-10 in all of these.
  it('costs nothing when the container leaves and the empty is back within the free time', () => {
    const freeTime = freeTimeOf(
      input({
        gateOut: { date: '2026-03-06', actual: true },
        emptyReturn: { date: '2026-03-10', actual: false },
      }),
    );
    expect(freeTime).toMatchObject({ demurrageDays: 0, detentionDays: 0, chargesKobo: 0, settled: false });
  });

  it('splits the days after the free time at the gate-out: demurrage up to it, detention after', () => {
    const freeTime = freeTimeOf(
      input({
        gateOut: { date: '2026-03-13', actual: true },
        emptyReturn: { date: '2026-03-16', actual: true },
      }),
    );
    // 11, 12, 13 March at the port; 14, 15, 16 March out.
    expect(freeTime).toMatchObject({
      demurrageDays: 3,
      detentionDays: 3,
      demurrageKobo: 3 * 3_800_000,
      detentionKobo: 3 * 3_000_000,
      chargesKobo: 3 * 3_800_000 + 3 * 3_000_000,
      settled: true,
    });
  });

  it('charges only detention when the container left within the free time and the empty came back late', () => {
    const freeTime = freeTimeOf(
      input({
        gateOut: { date: '2026-03-08', actual: true },
        emptyReturn: { date: '2026-03-12', actual: false },
      }),
    );
    expect(freeTime).toMatchObject({ demurrageDays: 0, detentionDays: 2, chargesKobo: 2 * 3_000_000 });
  });

  it('counts a return dated before the gate-out as on the gate-out day', () => {
    const freeTime = freeTimeOf(
      input({
        gateOut: { date: '2026-03-12', actual: false },
        emptyReturn: { date: '2026-03-09', actual: false },
      }),
    );
    expect(freeTime).toMatchObject({ demurrageDays: 2, detentionDays: 0 });
  });

  it('charges a shipper-owned container demurrage only, and stops its clock at the gate-out', () => {
    const dates = {
      gateOut: { date: '2026-03-13', actual: true },
      emptyReturn: { date: '2026-03-20', actual: false },
    };
    const soc = freeTimeOf(input({ cargoType: 'IMPORT_SHIPPER_OWNED', ...dates }));
    expect(soc).toMatchObject({
      demurrageDays: 3,
      detentionDays: 0,
      chargesKobo: 3 * 3_800_000,
      settled: true,
    });
    const loc = freeTimeOf(input({ cargoType: 'IMPORT_LINER_OWNED', ...dates }));
    expect(loc).toMatchObject({ demurrageDays: 3, detentionDays: 7, settled: false });
  });

  it('projects the same charges on expected dates as on actual ones; only actual ones settle', () => {
    const expected = freeTimeOf(
      input({
        gateOut: { date: '2026-03-12', actual: false },
        emptyReturn: { date: '2026-03-14', actual: false },
      }),
    );
    const actual = freeTimeOf(
      input({
        gateOut: { date: '2026-03-12', actual: true },
        emptyReturn: { date: '2026-03-14', actual: true },
      }),
    );
    expect(expected.chargesKobo).toBe(actual.chargesKobo);
    expect(expected.chargesKobo).toBe(2 * 3_800_000 + 2 * 3_000_000);
    expect([expected.settled, actual.settled]).toEqual([false, true]);
    // A shipper-owned container is settled once it has actually left the port.
    expect(freeTimeOf(input({ cargoType: 'IMPORT_SHIPPER_OWNED' })).settled).toBe(false);
    expect(
      freeTimeOf(input({ cargoType: 'IMPORT_SHIPPER_OWNED', gateOut: { date: '2026-03-08', actual: true } }))
        .settled,
    ).toBe(true);
  });

  it('works out charges over 29 February', () => {
    // Last free day 2028-02-27; out on 1 March; back on 3 March: 28, 29 Feb and 1 Mar at the port, 2 and 3 out.
    const freeTime = freeTimeOf(
      input({
        dischargeDate: '2028-02-21',
        gateOut: { date: '2028-03-01', actual: true },
        emptyReturn: { date: '2028-03-03', actual: true },
        today: '2028-03-03',
      }),
    );
    expect(freeTime).toMatchObject({
      lastFreeDay: '2028-02-27',
      demurrageDays: 3,
      detentionDays: 2,
      daysLeft: -5,
    });
  });
});

describe('urgency', () => {
  it('turns SOON at three days, URGENT at one and on the last day, OVER after', () => {
    const level = (daysLeft: number | null, settled = false) => freeTimeLevel({ daysLeft, settled });
    expect(level(10)).toBe('OK');
    expect(level(4)).toBe('OK');
    expect(level(3)).toBe('SOON');
    expect(level(2)).toBe('SOON');
    expect(level(1)).toBe('URGENT');
    expect(level(0)).toBe('URGENT');
    expect(level(-1)).toBe('OVER');
    expect(level(null)).toBe('UNKNOWN');
    expect(level(-5, true)).toBe('SETTLED');
    expect(level(null, true)).toBe('SETTLED');
  });

  it('alerts at the days the badge changes colour', () => {
    expect(FREE_TIME_ALERT_DAYS).toEqual([3, 1]);
    expect(FREE_TIME_ALERT_DAYS.map((d) => freeTimeLevel({ daysLeft: d, settled: false }))).toEqual([
      'SOON',
      'URGENT',
    ]);
  });

  it('says the days left in words', () => {
    expect(daysLeftText(3)).toBe('3 days left');
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(0)).toBe('Last free day today');
    expect(daysLeftText(-1)).toBe('1 day over');
    expect(daysLeftText(-12)).toBe('12 days over');
  });
});
