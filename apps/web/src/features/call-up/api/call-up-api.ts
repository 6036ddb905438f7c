import type { CallUpTicketRequest, TripCallUp } from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { tripCashKeys } from '../../trip-cash';

const tripPath = (tripId: string) => `/api/v1/trips/${encodeURIComponent(tripId)}`;

export const callUpKeys = {
  all: ['call-up'] as const,
  trip: (tripId: string) => ['call-up', 'trip', tripId] as const,
};

/** GET /api/v1/trips/{id}/call-up: the trip's call-up tickets (latest first) and the waits measured so far. */
export function useTripCallUp(tripId: string) {
  const api = useApi();
  return useQuery({
    queryKey: callUpKeys.trip(tripId),
    queryFn: ({ signal }) => api.get<TripCallUp>(`${tripPath(tripId)}/call-up`, { signal }),
  });
}

/**
 * POST /api/v1/trips/{id}/call-ups. The answer is the trip's call-up as it now stands; a ticket the driver
 * paid is also an approved expense of the trip, so the trip's cash (every key under ['trip-cash']) is read
 * again.
 */
export function useRecordCallUpTicket(tripId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallUpTicketRequest) => api.post<TripCallUp>(`${tripPath(tripId)}/call-ups`, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(callUpKeys.trip(tripId), answer);
      void queryClient.invalidateQueries({ queryKey: tripCashKeys.all });
    },
  });
}
