import type { LoginRequest, TokenPairResponse } from '@freightlane/domain';
import { useMutation } from '@tanstack/react-query';
import { useSessionStore, useApi } from '../../../lib/session-context';
import { loginHeaders } from '../../../lib/session';

export const LOGIN_PATH = '/api/v1/auth/login?clientId=WEB_CLIENT_APP';

/** Logs in (deviceId header from the stored notification token) and stores the session. */
export function useSignIn() {
  const api = useApi();
  const store = useSessionStore();
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      api.post<TokenPairResponse>(LOGIN_PATH, body, {
        auth: false,
        headers: loginHeaders(window.localStorage),
      }),
    onSuccess: (pair) => {
      store.signIn(pair);
    },
  });
}
