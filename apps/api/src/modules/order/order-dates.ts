import { LAGOS_OFFSET_MS } from '@freightlane/domain';

const DAY_MS = 24 * 60 * 60 * 1000;

export { lagosToday } from '@freightlane/domain';

/** The first instant after a Lagos calendar day (YYYY-MM-DD): its midnight at the end. */
export function endOfLagosDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - LAGOS_OFFSET_MS + DAY_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
