import type { TokenPairResponse } from '@freightlane/domain';
import { api, configureApiAuth } from './api';
import { createSessionStore, type SessionStore } from './session-store';

const REFRESH_LOCK = 'freightlane-token-refresh';

/** Two tabs must not spend the same refresh token: the Web Locks API serialises them. */
function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(REFRESH_LOCK, run) as Promise<T>) : run();
}

/** The session of this browser tab, wired to the real storages, clock and API. */
export function createBrowserSessionStore(): SessionStore {
  const store = createSessionStore({
    env: { sessionStorage: window.sessionStorage, localStorage: window.localStorage, now: () => Date.now() },
    refreshTokens: (refreshToken) =>
      api.post<TokenPairResponse>('/api/v1/auth/refresh', { refreshToken }, { auth: false }),
    revokeTokens: (refreshToken) => api.post('/api/v1/auth/logout', { refreshToken }, { auth: false }),
    withLock: withRefreshLock,
  });
  configureApiAuth({
    getAccessToken: () => store.getAccessToken(),
    refresh: () => store.refresh(),
    onSessionExpired: () => store.expire(),
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
