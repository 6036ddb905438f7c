import type { TokenPairResponse } from '@freightlane/domain';
import { createApiClient } from './api';
import { createSessionStore, type SessionStore } from './session-store';

const REFRESH_LOCK = 'freightlane-token-refresh';

/** Two tabs must not spend the same refresh token: the Web Locks API serialises them. */
function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(REFRESH_LOCK, run) as Promise<T>) : run();
}

/** The session of this browser tab, wired to the real storages, clock and API. */
export function createBrowserSessionStore(): SessionStore {
  // The refresh and the sign-out carry the refresh token in their body, never the session's access token.
  const anonymous = createApiClient(null);
  const store = createSessionStore({
    env: { sessionStorage: window.sessionStorage, localStorage: window.localStorage, now: () => Date.now() },
    refreshTokens: (refreshToken) =>
      anonymous.post<TokenPairResponse>('/api/v1/auth/refresh', { refreshToken }),
    revokeTokens: (refreshToken) => anonymous.post('/api/v1/auth/logout', { refreshToken }),
    withLock: withRefreshLock,
  });
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === window.localStorage) {
      store.handleStorageChange(event.key, event.oldValue, event.newValue);
    }
  };
  window.addEventListener('storage', onStorage);
  const dispose = store.dispose;
  store.dispose = () => {
    window.removeEventListener('storage', onStorage);
    dispose();
  };
  return store;
}
