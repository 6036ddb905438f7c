import type { Page, TripSummary } from '@freightlane/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const TRIP_PAGE_SIZE = 20;

/** The trip list's tabs, as the API's filters. */
export const TRIP_TABS = ['ongoing', 'uncompleted', 'completed'] as const;
export type TripTab = (typeof TRIP_TABS)[number];

const TAB_FILTERS: Record<TripTab, Record<string, string>> = {
  ongoing: { completed: 'false', started: 'true' },
  uncompleted: { completed: 'false' },
  completed: { completed: 'true' },
};

export interface TripListParams {
  tab: TripTab;
  q?: string;
  page: number;
}

function tripListPath({ tab, q, page }: TripListParams): string {
  const query = new URLSearchParams(TAB_FILTERS[tab]);
  if (q?.trim()) query.set('q', q.trim());
  query.set('page', String(page));
  query.set('size', String(TRIP_PAGE_SIZE));
  return `/api/v1/trips?${query.toString()}`;
}

/** GET /api/v1/trips?completed&started&q&page&size: the caller's company's trips. */
export function useTrips(params: TripListParams) {
  return useQuery({
    queryKey: ['trips', 'list', params],
    queryFn: ({ signal }) => api.get<Page<TripSummary>>(tripListPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}
