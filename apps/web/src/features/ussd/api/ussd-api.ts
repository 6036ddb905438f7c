import type { UssdAccess, UssdPinIssued, UssdPinRequest } from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';

/** The query keys of a driver's USSD access: every one starts with ['ussd']. */
export const ussdKeys = {
  all: ['ussd'] as const,
  access: (driverId: string) => [...ussdKeys.all, 'access', driverId] as const,
};

const pinPath = (driverId: string) => `/api/v1/fleet/drivers/${encodeURIComponent(driverId)}/ussd-pin`;

/** GET /api/v1/fleet/drivers/{id}/ussd-pin: the code to dial, when the PIN was given, wrong tries and the lock. */
export function useUssdAccess(driverId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ussdKeys.access(driverId),
    queryFn: ({ signal }) => api.get<UssdAccess>(pinPath(driverId), { signal }),
  });
}

/** POST /api/v1/fleet/drivers/{id}/ussd-pin: a new PIN, answered once (and sent by SMS when asked). */
export function useGiveUssdPin(driverId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UssdPinRequest) => api.post<UssdPinIssued>(pinPath(driverId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ussdKeys.access(driverId) }),
  });
}
