import type { TripAlert } from '@freightlane/domain';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { useTripChanged } from './trip-detail-api';

/** POST /api/v1/trips/alerts/{id}/acknowledge: the transporter marks an alert seen; the trip is read again. */
export function useAcknowledgeTripAlert() {
  const api = useApi();
  const changed = useTripChanged();
  return useMutation({
    mutationFn: (alertId: string) =>
      api.post<TripAlert>(`/api/v1/trips/alerts/${encodeURIComponent(alertId)}/acknowledge`),
    onSuccess: changed,
  });
}
