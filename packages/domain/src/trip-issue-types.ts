/**
 * What can go wrong on a trip, in words. Kept apart from the zod contract so the light driver page
 * (apps/web/src/public) can offer the same choices without carrying zod.
 */
export const TRIP_ISSUE_TYPES = [
  'BREAKDOWN',
  'ACCIDENT',
  'CHECKPOINT_DELAY',
  'PORT_CONGESTION',
  'DIVERSION',
  // Opened by the tracking alarms (contracts/telematics-settings.ts), and by hand too when someone sees it.
  'LONG_STOP',
  'NIGHT_MOVEMENT',
  'TRACKING_LOST',
  'OTHER',
] as const;
export type TripIssueType = (typeof TRIP_ISSUE_TYPES)[number];
export const TRIP_ISSUE_TYPE_LABELS: Record<TripIssueType, string> = {
  BREAKDOWN: 'Breakdown',
  ACCIDENT: 'Accident',
  CHECKPOINT_DELAY: 'Checkpoint / police delay',
  PORT_CONGESTION: 'Port congestion',
  DIVERSION: 'Diversion',
  LONG_STOP: 'Long stop',
  NIGHT_MOVEMENT: 'Moving at night',
  TRACKING_LOST: 'Tracking lost',
  OTHER: 'Other',
};
