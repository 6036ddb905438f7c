import type {
  OngoingTripsLink,
  SetTrackingLinkExpiryRequest,
  TrackingLink,
  TripDetail,
} from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../../lib/session-context';
import { tripKeys } from '../../api/trip-keys';

const trackingLinkPath = (tripId: string) => `/api/v1/trips/${encodeURIComponent(tripId)}/tracking-link`;
const ONGOING_LINK_PATH = '/api/v1/trips/ongoing-link';

/**
 * A changed link goes straight into the cached trip (its page shows the new link at once); the trip lists
 * carry the tracking id too, so they are fetched again.
 */
function useTrackingLinkChanged(tripId: string) {
  const queryClient = useQueryClient();
  return (link: TrackingLink) => {
    queryClient.setQueryData<TripDetail>(tripKeys.detail(tripId), (trip) =>
      trip ? { ...trip, trackingId: link.trackingId, trackingExpiresAt: link.expiresAt } : trip,
    );
    void queryClient.invalidateQueries({ queryKey: tripKeys.lists() });
  };
}

/** PUT /api/v1/trips/{id}/tracking-link: when the link stops working, or null for never. */
export function useSetTrackingLinkExpiry(tripId: string) {
  const api = useApi();
  const changed = useTrackingLinkChanged(tripId);
  return useMutation({
    mutationFn: (body: SetTrackingLinkExpiryRequest) => api.put<TrackingLink>(trackingLinkPath(tripId), body),
    onSuccess: changed,
  });
}

/** POST /api/v1/trips/{id}/tracking-link/revoke: the old link stops working and the trip gets a new one. */
export function useRevokeTrackingLink(tripId: string) {
  const api = useApi();
  const changed = useTrackingLinkChanged(tripId);
  return useMutation({
    mutationFn: () => api.post<TrackingLink>(`${trackingLinkPath(tripId)}/revoke`),
    onSuccess: changed,
  });
}

/** GET /api/v1/trips/ongoing-link: the customer company's link to its ongoing-trips table. */
export function useOngoingTripsLink(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: tripKeys.ongoingLink(),
    queryFn: ({ signal }) => api.get<OngoingTripsLink>(ONGOING_LINK_PATH, { signal }),
    enabled,
  });
}

/** POST /api/v1/trips/ongoing-link/rotate: a new link; the old one stops working at once. */
export function useRotateOngoingTripsLink() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<OngoingTripsLink>(`${ONGOING_LINK_PATH}/rotate`),
    onSuccess: (link) => queryClient.setQueryData(tripKeys.ongoingLink(), link),
  });
}
