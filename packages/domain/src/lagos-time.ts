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

/** Now in Lagos as a datetime-local input value, e.g. 2026-11-21T13:05. */
export function lagosDateTimeInput(now: Date = new Date()): string {
  return lagosWallClock(now).slice(0, 16);
}
