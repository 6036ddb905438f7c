/** Lagos is UTC+1 all year (no daylight saving), so its calendar is plain arithmetic. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's date in Lagos as YYYY-MM-DD. */
export function lagosToday(now = new Date()): string {
  return new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant after a Lagos calendar day (YYYY-MM-DD): its midnight at the end. */
export function endOfLagosDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - LAGOS_OFFSET_MS + DAY_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
