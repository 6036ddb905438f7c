import type { TripIssueStatus, TripStatus } from '@freightlane/domain';

/** The trip list's tabs, as the API's filters. */
export const TRIP_TABS = ['ongoing', 'uncompleted', 'completed', 'all'] as const;
export type TripTab = (typeof TRIP_TABS)[number];

export interface TripListParams {
  tab: TripTab;
  q?: string;
  page: number;
  /** Only trips whose latest status is one of these. */
  statuses?: readonly TripStatus[];
}

export interface ScheduleParams {
  year: number;
  /** 1 to 12. */
  month: number;
  /** Finished trips too; the spec's call leaves them out with q=completed:false. */
  showCompleted: boolean;
}

export interface TripIssueListParams {
  /** Only issues in this state; all when missing. */
  status?: TripIssueStatus;
  page: number;
}

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
  /** The trip's ratings as the caller's side sees them. */
  ratings: (tripId: string) => [...tripKeys.detail(tripId), 'ratings'] as const,
  /** Outside ['trips']: the installation's map tiles never change with a trip. */
  mapSettings: () => ['map-settings'] as const,
  /** Outside ['trips']: a change to one trip does not change the company's ongoing-trips link. */
  ongoingLink: () => ['tracking-links', 'ongoing'] as const,
};
