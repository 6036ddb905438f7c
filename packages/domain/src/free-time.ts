import type { CargoType } from './cargo';

// A shipping line gives an import container free days. After them it charges demurrage for each day the
// full container is still at the port, and detention for each day it is out of the port until its
// empty is returned (a liner-owned container; a shipper-owned one has no empty to return). Days are
// Lagos calendar days written YYYY-MM-DD; the day of discharge is free day 1.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a calendar date, so month ends and 29 February need no special case. */
export function dayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new RangeError(`No such day: ${date}`);
  }
  return ms / DAY_MS;
}

export function dateOfDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date `days` after (or before) `date`. */
export function addCalendarDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Cargo whose container a shipping line counts free time on. */
export function hasFreeTime(cargoType: CargoType): boolean {
  return cargoType === 'IMPORT_LINER_OWNED' || cargoType === 'IMPORT_SHIPPER_OWNED';
}

/** Whether an empty goes back to the line, so detention runs until it does. */
export function returnsEmpty(cargoType: CargoType): boolean {
  return cargoType === 'IMPORT_LINER_OWNED';
}

export interface LineTariff {
  freeDays: number;
  demurrageKoboPerDay: number;
  detentionKoboPerDay: number;
}

export interface FreeTimeInput {
  cargoType: CargoType;
  /** When the ship discharged the container; free days count from it. */
  dischargeDate: string | null;
  /** The delivery order's last valid day: the end of free time when the discharge date is not known. */
  deliveryOrderValidityDate: string | null;
  /** The line's terms for the container's size; null when the line or size is not known. */
  tariff: LineTariff | null;
  /** The day the container left the port: loaded, or else planned (the pickup date). */
  gateOut: { date: string; actual: boolean };
  /** The day the empty is back at the line: dropped off, or else expected. Ignored for shipper-owned containers. */
  emptyReturn: { date: string; actual: boolean };
  /** Today in Lagos. */
  today: string;
}

export interface FreeTime {
  /** The last day without charges, or null when neither a discharge date nor a delivery order date is known. */
  lastFreeDay: string | null;
  /** From today to the last free day: 0 on the last free day, negative once it has passed. */
  daysLeft: number | null;
  demurrageDays: number;
  detentionDays: number;
  demurrageKobo: number;
  detentionKobo: number;
  /** What the line will charge if the container leaves and its empty returns on the dates given. */
  chargesKobo: number;
  /** The clock has stopped: the container is out of the line's count (empty returned, or a shipper-owned one out of the port). */
  settled: boolean;
}

/** The free time of one container and the charges it comes to on the dates given. */
export function freeTimeOf(input: FreeTimeInput): FreeTime {
  const lastFreeDay = input.dischargeDate
    ? addCalendarDays(input.dischargeDate, Math.max((input.tariff?.freeDays ?? 0) - 1, 0))
    : input.deliveryOrderValidityDate;
  const withEmpty = returnsEmpty(input.cargoType);
  const settled = withEmpty ? input.emptyReturn.actual : input.gateOut.actual;
  if (!lastFreeDay || !hasFreeTime(input.cargoType)) {
    return {
      lastFreeDay: hasFreeTime(input.cargoType) ? lastFreeDay : null,
      daysLeft: null,
      demurrageDays: 0,
      detentionDays: 0,
      demurrageKobo: 0,
      detentionKobo: 0,
      chargesKobo: 0,
      settled,
    };
  }
  const last = dayNumber(lastFreeDay);
  const gateOut = dayNumber(input.gateOut.date);
  // The clock stops when the container leaves the line's hands: the empty back, or (shipper-owned) out of the port.
  const end = withEmpty ? Math.max(dayNumber(input.emptyReturn.date), gateOut) : gateOut;
  // Chargeable days are those after the last free day: at the port up to the day it leaves, outside after.
  const demurrageDays = Math.max(Math.min(gateOut, end) - last, 0);
  const detentionDays = withEmpty ? Math.max(end - Math.max(last, gateOut), 0) : 0;
  const demurrageKobo = demurrageDays * (input.tariff?.demurrageKoboPerDay ?? 0);
  const detentionKobo = detentionDays * (input.tariff?.detentionKoboPerDay ?? 0);
  return {
    lastFreeDay,
    daysLeft: last - dayNumber(input.today),
    demurrageDays,
    detentionDays,
    demurrageKobo,
    detentionKobo,
    chargesKobo: demurrageKobo + detentionKobo,
    settled,
  };
}

/** How urgent a container's free time is, for badges and sorting: OVER once it has passed. */
export type FreeTimeLevel = 'OK' | 'SOON' | 'URGENT' | 'OVER' | 'SETTLED' | 'UNKNOWN';

/** Alerts go out at these days left; the badge turns orange at the first and red at the last. */
export const FREE_TIME_ALERT_DAYS = [3, 1] as const;

export function freeTimeLevel(freeTime: Pick<FreeTime, 'daysLeft' | 'settled'>): FreeTimeLevel {
  if (freeTime.settled) return 'SETTLED';
  if (freeTime.daysLeft === null) return 'UNKNOWN';
  if (freeTime.daysLeft < 0) return 'OVER';
  if (freeTime.daysLeft <= 1) return 'URGENT';
  if (freeTime.daysLeft <= 3) return 'SOON';
  return 'OK';
}

/** "3 days left", "1 day left", "Last free day today", "2 days over". */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'Last free day today';
  const n = Math.abs(daysLeft);
  const days = n === 1 ? '1 day' : `${n} days`;
  return daysLeft > 0 ? `${days} left` : `${days} over`;
}
