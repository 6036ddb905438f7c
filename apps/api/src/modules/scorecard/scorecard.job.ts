export const SCORECARDS_REFRESH_JOB = 'scorecards.refresh';
export const SCORECARDS_NIGHTLY_JOB = 'scorecards.nightly';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** 01:00 in Lagos, when few trips move. */
const NIGHTLY_HOUR_UTC = 0;

/** Every minute: a card follows a delivery, a payment or a rating within a minute or two. */
export function nextScorecardsRefreshAt(after: Date): Date {
  return new Date((Math.floor(after.getTime() / MINUTE_MS) + 1) * MINUTE_MS);
}

export function nextNightlyRecountAt(after: Date): Date {
  const today = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), NIGHTLY_HOUR_UTC);
  return new Date(today > after.getTime() ? today : today + DAY_MS);
}
