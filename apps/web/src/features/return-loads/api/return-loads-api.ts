import type {
  ReturnLoadSettings,
  ReturnLoadSettingsRequest,
  ReturnLoadsPage,
  TripReturnLoads,
} from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { returnLoadKeys } from './return-load-keys';

export const RETURN_LOADS_PAGE_SIZE = 20;

/** GET /api/v1/return-loads: one page of the company's trucks on live trips that have matches, most first. */
export function useReturnLoads(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: returnLoadKeys.page(page),
    queryFn: ({ signal }) =>
      api.get<ReturnLoadsPage>(`/api/v1/return-loads?page=${page}&size=${RETURN_LOADS_PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/return-loads/settings: the transporter's radius (its owner account alone may read and set it). */
export function useReturnLoadSettings(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: returnLoadKeys.settings(),
    queryFn: ({ signal }) => api.get<ReturnLoadSettings>('/api/v1/return-loads/settings', { signal }),
    enabled,
  });
}

/** PUT /api/v1/return-loads/settings: a new radius changes every truck's matches, so they are all asked again. */
export function useSaveReturnLoadSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnLoadSettingsRequest) =>
      api.put<ReturnLoadSettings>('/api/v1/return-loads/settings', body),
    onSuccess: (settings) => {
      queryClient.setQueryData(returnLoadKeys.settings(), settings);
      void queryClient.invalidateQueries({
        queryKey: returnLoadKeys.all,
        predicate: (query) => query.queryKey[1] !== 'settings',
      });
    },
  });
}

/** GET /api/v1/trips/{tripId}/return-loads: one trip's matches, for its transporter only (404 to anyone else). */
export function useTripReturnLoads(tripId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: returnLoadKeys.trip(tripId),
    queryFn: ({ signal }) =>
      api.get<TripReturnLoads>(`/api/v1/trips/${encodeURIComponent(tripId)}/return-loads`, { signal }),
    enabled,
  });
}
