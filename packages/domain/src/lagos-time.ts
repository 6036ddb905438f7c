/**
 * Africa/Lagos is UTC+1 all year (no daylight saving), so its calendar and wall clock are plain arithmetic
 * on a fixed offset: no time-zone database is needed on the server or in the browser.
 */
export const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The Lagos wall clock at `now` as YYYY-MM-DDTHH:mm:ss.sss (no zone). */
function lagosWallClock(now: Date): string {
  return new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 23);
}

/** Today's date in Lagos as YYYY-MM-DD. */
export function lagosToday(now: Date = new Date()): string {
  return lagosWallClock(now).slice(0, 10);
}

/** The year in Lagos, so yearly numbers roll over at local midnight. */
export function lagosYear(now: Date = new Date()): number {
  return Number(lagosToday(now).slice(0, 4));
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant after a Lagos calendar day (YYYY-MM-DD): its midnight at the end. */
export function endOfLagosDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - LAGOS_OFFSET_MS + DAY_MS);
}

/** The Lagos calendar month holding `now` as a UTC range [from, to), for figures "this month". */
export function lagosMonth(now: Date = new Date()): { from: Date; to: Date } {
  const local = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  return {
    from: new Date(Date.UTC(year, month, 1) - LAGOS_OFFSET_MS),
    to: new Date(Date.UTC(year, month + 1, 1) - LAGOS_OFFSET_MS),
  };
}

/** `days` whole days of 24 hours after `date` (Lagos keeps no daylight saving, so days never stretch). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The Lagos calendar date `days` from today (negative: before), as YYYY-MM-DD. */
export function lagosDateInDays(days: number, now: Date = new Date()): string {
  return lagosToday(addDays(now, days));
}

/** Now in Lagos as a datetime-local input value, e.g. 2026-11-21T13:05. */
export function lagosDateTimeInput(now: Date = new Date()): string {
  return lagosWallClock(now).slice(0, 16);
}

/**
 * The spec's 'date time' text of the public tracking response: the Lagos wall clock as
 * YYYY-MM-DD HH:mm:ss, so a consignee reads the local time without any time-zone arithmetic.
 */
export function trackingTimeStamp(at: Date): string {
  return lagosWallClock(at).slice(0, 19).replace('T', ' ');
}

const DATE_TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Milliseconds since the epoch of a trip time: a 'date time' text or a calendar day (both Lagos wall
 * clock) or an ISO timestamp with its zone. NaN when it cannot be read.
 */
export function tripTimeMs(text: string | null | undefined): number {
  if (!text) return Number.NaN;
  const local = DATE_TIME_TEXT.exec(text) ?? DAY_TEXT.exec(text);
  if (local) {
    const [, y, mo, d, h = '12', mi = '00', s = '00'] = local;
    return Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s) - LAGOS_OFFSET_MS;
  }
  return Date.parse(text);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The Lagos day of a trip time as 21 Nov 2026, or null when it cannot be read. */
export function lagosDayText(text: string | null | undefined): string | null {
  const ms = tripTimeMs(text);
  if (Number.isNaN(ms)) return null;
  const wall = new Date(ms + LAGOS_OFFSET_MS);
  return `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

/** The Lagos hour (0 to 23) at `at`. */
export function lagosHour(at: Date): number {
  return Number(lagosWallClock(at).slice(11, 13));
}

/** A moment as its Lagos date and time, e.g. 21 Nov 2026, 14:05; null when it cannot be read. */
export function lagosDateTimeText(at: Date | string | null | undefined): string | null {
  const text = at instanceof Date ? at.toISOString() : at;
  const day = lagosDayText(text);
  return day === null ? null : `${day}, ${lagosClockText(text)}`;
}

/** The Lagos clock time of a trip time as 14:05, or null when it cannot be read. */
export function lagosClockText(text: string | null | undefined): string | null {
  const ms = tripTimeMs(text);
  if (Number.isNaN(ms)) return null;
  return lagosWallClock(new Date(ms)).slice(11, 16);
}

const WALL_CLOCK_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/;
/** Lagos's offset as ISO 8601 writes it. */
const LAGOS_OFFSET_TEXT = '+01:00';

/**
 * A Lagos wall-clock date and time as typed (a datetime-local value, or a date and a time joined by T;
 * seconds optional) as ISO 8601 with Lagos's offset, e.g. 2026-11-24T17:30:00+01:00, which the API
 * reads as the same moment wherever the browser is. Null when it is not a real date and time.
 */
export function lagosIsoDateTime(wallClock: string): string | null {
  const match = WALL_CLOCK_INPUT.exec(wallClock);
  if (!match) return null;
  const iso = `${match[1]}T${match[2]}${match[3] ?? ':00'}${LAGOS_OFFSET_TEXT}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}
