import { z } from 'zod';
import { pageOf, pageQuery, sortParam } from './page';
import { TRACKING_ALARMS } from './telematics-settings';
import { MAX_TRIP_TEXT, tripLocationInput, tripLocationSchema } from './trip';
import { TRIP_ISSUE_TYPES } from '../trip-issue-types';

export { TRIP_ISSUE_TYPES, TRIP_ISSUE_TYPE_LABELS, type TripIssueType } from '../trip-issue-types';

export const tripIssueIdParams = z.object({ id: z.uuid({ error: 'Issue not found' }) });
// ---------------------------------------------------------------------------------------------------------
// Issues

export const TRIP_ISSUE_STATUSES = ['OPEN', 'RESOLVED'] as const;
export type TripIssueStatus = (typeof TRIP_ISSUE_STATUSES)[number];

/** POST /api/v1/trips/{id}/issues. The opening time defaults to now and is never in the future. */
export const openTripIssueRequest = z.strictObject({
  issueType: z.enum(TRIP_ISSUE_TYPES, { error: 'Choose what happened' }),
  description: z
    .string({ error: 'Describe what happened' })
    .trim()
    .min(3, 'Describe what happened')
    .max(MAX_TRIP_TEXT, `Description must be at most ${MAX_TRIP_TEXT} characters`),
  openingTimeStamp: z.iso
    .datetime({ offset: true, error: 'Enter the time as an ISO 8601 date and time' })
    .optional(),
  location: tripLocationInput.optional(),
});
export type OpenTripIssueRequest = z.infer<typeof openTripIssueRequest>;
export type OpenTripIssueInput = z.input<typeof openTripIssueRequest>;

export const tripIssueSchema = z.object({
  id: z.string(),
  trip: z.object({ id: z.string(), tripNumber: z.string() }),
  issueType: z.enum(TRIP_ISSUE_TYPES),
  description: z.string(),
  status: z.enum(TRIP_ISSUE_STATUSES),
  openingTimeStamp: z.string(),
  location: tripLocationSchema.nullable(),
  openedBy: z.string(),
  /** The tracking alarm that opened the issue by itself; null when a person opened it. */
  alarm: z.enum(TRACKING_ALARMS).nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type TripIssue = z.infer<typeof tripIssueSchema>;
export const tripIssuePage = pageOf(tripIssueSchema);

const ISSUE_SORTS = ['openingTimeStamp,DESC', 'openingTimeStamp,ASC', 'trip.id,ASC', 'trip.id,DESC'] as const;
export type TripIssueSort = (typeof ISSUE_SORTS)[number];

/** GET /api/v1/trips/issues?sort=openingTimeStamp,DESC&sort=trip.id,ASC&page&size, or ?status=OPEN */
export const tripIssueListQuery = pageQuery.extend({
  status: z.enum(TRIP_ISSUE_STATUSES, { error: 'status is OPEN or RESOLVED' }).optional(),
  sort: sortParam(ISSUE_SORTS),
  tripId: z.uuid({ error: 'Trip not found' }).optional(),
});
export type TripIssueListQuery = z.infer<typeof tripIssueListQuery>;
