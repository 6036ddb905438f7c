import type { OpenTripIssueRequest, Page, TripIssue } from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { tripPath, useTripChanged } from './trip-detail-api';
import { tripKeys, type TripIssueListParams } from './trip-keys';
import { readableQuery } from './trips-api';

export const TRIP_ISSUE_PAGE_SIZE = 20;

/** The spec's order of the issue list: newest first, then by trip. */
const ISSUE_SORTS = ['openingTimeStamp,DESC', 'trip.id,ASC'];

function tripIssuesPath({ status, page }: TripIssueListParams): string {
  const query = new URLSearchParams();
  for (const sort of ISSUE_SORTS) query.append('sort', sort);
  query.set('page', String(page));
  query.set('size', String(TRIP_ISSUE_PAGE_SIZE));
  if (status) query.set('status', status);
  return `/api/v1/trips/issues?${readableQuery(query)}`;
}

/** GET /api/v1/trips/issues?sort=openingTimeStamp,DESC&sort=trip.id,ASC&page&size&status: the caller's issues. */
export function useTripIssues(params: TripIssueListParams) {
  const api = useApi();
  return useQuery({
    queryKey: tripKeys.issues(params),
    queryFn: ({ signal }) => api.get<Page<TripIssue>>(tripIssuesPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/trips/issues/resolve/{id}: the spec resolves with a GET; the trip is no longer delayed. */
export function useResolveTripIssue() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (issueId: string) => api.get<TripIssue>(`/api/v1/trips/issues/resolve/${issueId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.all }),
  });
}

/** POST /api/v1/trips/{id}/issues: a breakdown, a checkpoint delay… The trip shows as delayed while it is open. */
export function useOpenTripIssue(tripId: string) {
  const api = useApi();
  const changed = useTripChanged();
  return useMutation({
    mutationFn: (body: OpenTripIssueRequest) => api.post<TripIssue>(`${tripPath(tripId)}/issues`, body),
    onSuccess: changed,
  });
}
