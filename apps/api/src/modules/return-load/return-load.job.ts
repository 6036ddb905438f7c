export const RETURN_LOADS_ANNOUNCE_JOB = 'return-loads.announce';

const MINUTE_MS = 60 * 1000;

/** Every minute: a transporter hears of a new return load within a minute or two of it appearing. */
export function nextReturnLoadsAnnounceAt(after: Date): Date {
  return new Date((Math.floor(after.getTime() / MINUTE_MS) + 1) * MINUTE_MS);
}
