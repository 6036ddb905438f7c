import type { PhoneCheckRequest, PhoneVerificationResponse } from '@freightlane/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { profileKeys } from './profile-keys';

const PHONE_CHECK = '/api/v1/user/enrolment/phone/check';

/**
 * The signed-in person's own number: `{phoneNumber, send: true}` texts a code to it, `{phoneNumber, code}`
 * checks the code. A verified number shows on the profile at once.
 */
export function useVerifyMyPhone(phoneNumber: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const post = (body: PhoneCheckRequest) => api.post<PhoneVerificationResponse>(PHONE_CHECK, body);
  const send = useMutation({ mutationFn: () => post({ phoneNumber, send: true }) });
  const check = useMutation({
    mutationFn: (code: string) => post({ phoneNumber, code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.me }),
  });
  return { send: () => send.mutateAsync(), check: (code: string) => check.mutateAsync(code) };
}
