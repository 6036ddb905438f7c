import { lagosHour, lagosToday, LAGOS_OFFSET_MS, DAY_MS } from './lagos-time';

// Quiet hours (issue 32): no SMS or WhatsApp message that can wait is sent between 21:00 and 06:00 Lagos
// time. A message queued then waits for 06:00; an urgent one (a verification code, a reply to a question the
// person just asked, a safety alert) goes at once.

/** The Lagos hour quiet hours start (21:00) and the hour they end (06:00). */
export const QUIET_HOURS_START = 21;
export const QUIET_HOURS_END = 6;

/** Whether `at` falls in quiet hours: from 21:00 up to, not including, 06:00 Lagos time. */
export function isQuietHours(at: Date): boolean {
  const hour = lagosHour(at);
  return hour >= QUIET_HOURS_START || hour < QUIET_HOURS_END;
}

/**
 * When a message that can wait may go: the 06:00 Lagos that ends the quiet hours holding `at`, or `at`
 * itself when it is outside quiet hours.
 */
export function quietHoursEnd(at: Date): Date {
  if (!isQuietHours(at)) return at;
  const today = lagosToday(at);
  const sixToday = Date.parse(`${today}T00:00:00Z`) - LAGOS_OFFSET_MS + QUIET_HOURS_END * 60 * 60 * 1000;
  return new Date(lagosHour(at) < QUIET_HOURS_END ? sixToday : sixToday + DAY_MS);
}
