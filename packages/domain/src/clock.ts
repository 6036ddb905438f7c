const HOUR_MS = 60 * 60 * 1000;

/** The spec's clock helper counts up to two days and then starts again from zero. */
export const CLOCK_CYCLE_HOURS = 48;

/**
 * Whole hours elapsed since `fromIso`, modulo 48 (spec section 9: "A clock helper shows hours modulo 48"),
 * so the value is always 0 to 47. A `from` in the future or an unparsable one counts as 0: a skewed device
 * clock or a bad row must not show a negative or NaN clock.
 */
export function hoursModulo48(fromIso: string, now: Date = new Date()): number {
  const from = Date.parse(fromIso);
  const elapsed = now.getTime() - from;
  if (Number.isNaN(elapsed) || elapsed <= 0) return 0;
  return Math.floor(elapsed / HOUR_MS) % CLOCK_CYCLE_HOURS;
}

export function formatElapsed(hours: number): string {
  return `${hours} h`;
}

/** How long a trip has been in its current stage, as the clock helper shows it, e.g. '5 h'. */
export function elapsedInStage(fromIso: string, now: Date = new Date()): string {
  return formatElapsed(hoursModulo48(fromIso, now));
}
