import type {
  MessageResponse,
  PasswordResetInitiateRequest,
  PasswordResetRequest,
} from '@freightlane/domain';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';

/** The answer is the same whether or not the account exists. */
export function useRequestPasswordReset() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: PasswordResetInitiateRequest) =>
      api.post<MessageResponse>('/api/v1/user/password/reset/initiate?clientId=WEB_CLIENT_APP', body, {
        auth: false,
      }),
  });
}

/** Success is when the response's status equals 'Successful' (the spec). */
export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      api.post<{ status?: string; message?: string }>('/api/v1/user/password/reset/', body, { auth: false }),
  });
}
