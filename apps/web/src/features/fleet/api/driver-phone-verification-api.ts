import type { PhoneVerificationResponse, PhoneVerificationState } from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { fleetKeys } from './fleet-keys';

const path = (driverId: string) => `/api/v1/fleet/drivers/${driverId}/phone-verification`;

/** Under the driver's detail key, so a change to the driver (a new number) refreshes it too. */
const stateKey = (driverId: string) =>
  [...fleetKeys.detail('drivers', driverId), 'phone-verification'] as const;

/** GET /api/v1/fleet/drivers/{id}/phone-verification: whether the driver's number is verified, and any open code. */
export function useDriverPhoneVerification(driverId: string) {
  const api = useApi();
  return useQuery({
    queryKey: stateKey(driverId),
    queryFn: ({ signal }) => api.request<PhoneVerificationState>(path(driverId), { method: 'GET', signal }),
  });
}

/** Sends a code to the driver's number, and checks the code the driver reads back. */
export function useVerifyDriverPhone(driverId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const update = (answer: PhoneVerificationResponse) =>
    queryClient.setQueryData(stateKey(driverId), answer.data);
  const send = useMutation({
    mutationFn: () => api.post<PhoneVerificationResponse>(path(driverId)),
    onSuccess: update,
  });
  const check = useMutation({
    mutationFn: (code: string) => api.post<PhoneVerificationResponse>(`${path(driverId)}/check`, { code }),
    onSuccess: update,
  });
  return { send: () => send.mutateAsync(), check: (code: string) => check.mutateAsync(code) };
}
