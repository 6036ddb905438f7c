import type { RateTripInput, Rating, TripRatings } from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { tripPath } from './trip-detail-api';
import { tripKeys } from './trip-keys';

const ratingsPath = (tripId: string) => `${tripPath(tripId)}/ratings`;

/** GET /api/v1/trips/{id}/ratings: whether the caller's side may rate, its rating and the other side's once shown. */
export function useTripRatings(tripId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: tripKeys.ratings(tripId),
    queryFn: ({ signal }) => api.get<TripRatings>(ratingsPath(tripId), { signal }),
    enabled,
  });
}

/**
 * The ratings are read again after a change, and after a refusal too: a 409 means the trip's ratings moved
 * on meanwhile (the other side rated, a colleague rated first, the window closed). The mutation settles
 * once they are read, so the form is not offered again in between.
 */
function useRatingsChanged(tripId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tripKeys.ratings(tripId), exact: true });
}

/** POST /api/v1/trips/{id}/ratings: the caller's side rates the other side of the delivered trip. */
export function useRateTrip(tripId: string) {
  const api = useApi();
  const changed = useRatingsChanged(tripId);
  return useMutation({
    mutationFn: (body: RateTripInput) => api.post<Rating>(ratingsPath(tripId), body),
    onSuccess: changed,
    onError: changed,
  });
}

/** PUT /api/v1/trips/{id}/ratings/mine: the caller's side changes its rating while it may. */
export function useChangeMyRating(tripId: string) {
  const api = useApi();
  const changed = useRatingsChanged(tripId);
  return useMutation({
    mutationFn: (body: RateTripInput) => api.put<Rating>(`${ratingsPath(tripId)}/mine`, body),
    onSuccess: changed,
    onError: changed,
  });
}
