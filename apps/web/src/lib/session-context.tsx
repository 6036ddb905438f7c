import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Role } from '@freightlane/domain';
import { createApiClient, type ApiClient } from './api';
import type { SessionState, SessionStore } from './session-store';

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore must be used inside <SessionProvider>');
  return store;
}

/** The API client of the session in context: it reads the token from the store and renews it there. */
export function useApi(): ApiClient {
  const store = useSessionStore();
  return useMemo(() => createApiClient(store), [store]);
}

export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The signed-in user's role, or null when signed out. */
export function useRole(): Role | null {
  const state = useSession();
  return state.status === 'signed-in' ? state.session.role : null;
}
