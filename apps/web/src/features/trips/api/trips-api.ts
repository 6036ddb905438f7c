import type { Page, ScheduleResponse, TripStatus, TripSummary } from '@freightlane/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { tripKeys, type ScheduleParams, type TripListParams, type TripTab } from './trip-keys';

export const TRIP_PAGE_SIZE = 20;

const TAB_FILTERS: Record<TripTab, Record<string, string>> = {
  // Started and not completed is the one definition of ongoing (the domain's isOngoingTrip): a delivered
  // Import LOC trip returning its empty is in it, as it is on the map and the dashboards.
  ongoing: { completed: 'false', started: 'true' },
  uncompleted: { completed: 'false' },
  completed: { completed: 'true' },
  all: {},
};

/** The spec's call for every trip names its order; the filtered tabs keep the API's default, the same one. */
const TAB_SORTS: Partial<Record<TripTab, string>> = { all: 'latestTripStatus.timeStamp,DESC' };

/**
 * A query string as the spec writes its calls: lists joined by literal commas and `q=completed:false`
 * unescaped, which servers read the same as their escaped forms.
 */
export function readableQuery(query: URLSearchParams): string {
  return query.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}

function tripListPath({ tab, q, page, statuses }: TripListParams): string {
  const query = new URLSearchParams(TAB_FILTERS[tab]);
  if (q?.trim()) query.set('q', q.trim());
  if (statuses?.length) query.set('tripStatusList', statuses.join(','));
  query.set('page', String(page));
  query.set('size', String(TRIP_PAGE_SIZE));
  const sort = TAB_SORTS[tab];
  if (sort) query.set('sort', sort);
  return `/api/v1/trips?${readableQuery(query)}`;
}

/** GET /api/v1/trips?completed&started&q&tripStatusList&page&size&sort: the caller's company's trips. */
export function useTrips(params: TripListParams) {
  const api = useApi();
  return useQuery({
    queryKey: tripKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<TripSummary>>(tripListPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface TripStatusOption {
  tripStatus: TripStatus;
  tripStatusDescription: string;
}

/** GET /api/v1/trips/lookup/trip-status: the statuses a trip list can be filtered by, in words. */
export function useTripStatusLookup() {
  const api = useApi();
  return useQuery({
    queryKey: tripKeys.statusLookup(),
    queryFn: ({ signal }) => api.get<TripStatusOption[]>('/api/v1/trips/lookup/trip-status', { signal }),
    // The statuses are fixed by the product; one fetch a session is enough.
    staleTime: Infinity,
  });
}

export function schedulePath({ year, month, showCompleted }: ScheduleParams): string {
  const path = `/api/v1/trips/schedule/year/${year}/month/${month}`;
  return showCompleted ? path : `${path}?q=completed:false`;
}

/** GET /api/v1/trips/schedule/year/{year}/month/{month}?q=completed:false: pickups and deliveries of a month. */
export function useTripSchedule(params: ScheduleParams) {
  const api = useApi();
  return useQuery({
    queryKey: tripKeys.schedule(params),
    queryFn: ({ signal }) => api.get<ScheduleResponse>(schedulePath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}
