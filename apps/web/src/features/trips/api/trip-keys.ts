import type { TripIssueListParams } from './trip-issues-api';
import type { ScheduleParams, TripListParams } from './trips-api';

/** The query keys of trips: every one starts with ['trips'], so a change to a trip refreshes them all. */
export const tripKeys = {
  all: ['trips'] as const,
  lists: () => [...tripKeys.all, 'list'] as const,
  list: (params: TripListParams) => [...tripKeys.lists(), params] as const,
  statusLookup: () => [...tripKeys.all, 'lookup', 'trip-status'] as const,
  schedule: (params: ScheduleParams) => [...tripKeys.all, 'schedule', params] as const,
  issues: (params: TripIssueListParams) => [...tripKeys.all, 'issues', params] as const,
  detail: (tripId: string) => [...tripKeys.all, 'detail', tripId] as const,
  map: () => [...tripKeys.all, 'map'] as const,
  route: (tripId: string) => [...tripKeys.detail(tripId), 'route'] as const,
  /** Outside ['trips']: the installation's map tiles never change with a trip. */
  mapSettings: () => ['map-settings'] as const,
  /** Outside ['trips']: a change to one trip does not change the company's ongoing-trips link. */
  ongoingLink: () => ['tracking-links', 'ongoing'] as const,
};
