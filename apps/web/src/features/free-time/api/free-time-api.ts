import {
  containerFreeTimeSchema,
  tripDetailSchema,
  type ContainersAtRiskPage,
  type TripDetail,
  type UpdateContainerFreeTimeRequest,
} from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { tripKeys } from '../../trips';
import { freeTimeKeys } from './free-time-keys';

export const AT_RISK_PAGE_SIZE = 20;

/** GET /api/v1/containers/at-risk?page&size: the customer's import containers still counting, fewest days left first. */
export function useContainersAtRisk(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: freeTimeKeys.atRisk(page),
    queryFn: ({ signal }) =>
      api.get<ContainersAtRiskPage>(`/api/v1/containers/at-risk?page=${page}&size=${AT_RISK_PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT /api/v1/trips/{id}/free-time: the customer's facts about its container. The answer (the trip, or
 * the container's free time) is shown at once, then the trip and the at-risk list are fetched again,
 * since new dates move the container up or down the list.
 */
export function useUpdateFreeTime(tripId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContainerFreeTimeRequest) =>
      api.put<unknown>(`/api/v1/trips/${encodeURIComponent(tripId)}/free-time`, body),
    onSuccess: async (answer) => {
      const detail = tripDetailSchema.safeParse(answer);
      const freeTime = containerFreeTimeSchema.safeParse(answer);
      if (detail.success) queryClient.setQueryData(tripKeys.detail(tripId), detail.data);
      else if (freeTime.success) {
        queryClient.setQueryData<TripDetail>(tripKeys.detail(tripId), (trip) =>
          trip ? { ...trip, freeTime: freeTime.data } : trip,
        );
      }
      void queryClient.invalidateQueries({ queryKey: freeTimeKeys.all });
      await queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId) });
    },
  });
}
