import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/routes';
import { createApiClient } from '../lib/api';
import { createSessionStore, type SessionStore } from '../lib/session-store';
import type { TokenPairResponse } from '@freightlane/domain';
import { sessionValuesFor, type TestRole } from './fakes';

/** A session store over jsdom's real storages and clock, wired to the (mocked) fetch. */
export function createTestStore(): SessionStore {
  const anonymous = createApiClient(null);
  return createSessionStore({
    env: { sessionStorage: window.sessionStorage, localStorage: window.localStorage, now: () => Date.now() },
    refreshTokens: (refreshToken) =>
      anonymous.post<TokenPairResponse>('/api/v1/auth/refresh', { refreshToken }),
    revokeTokens: (refreshToken) => anonymous.post('/api/v1/auth/logout', { refreshToken }),
    // Tests do not wait for refresh timers.
    timers: { setTimeout: () => null, clearTimeout: () => {} },
  });
}

/** Puts a valid session for the role into both storages (as a sign-in would). */
export function seedSession(role: TestRole, firstName = 'Adaeze'): Record<string, string> {
  const values = sessionValuesFor(role, { firstName, nowS: Math.floor(Date.now() / 1000) });
  for (const [key, value] of Object.entries(values)) {
    window.sessionStorage.setItem(key, value);
    window.localStorage.setItem(key, value);
  }
  return values;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function TestProviders({ store, children }: { store: SessionStore; children: ReactNode }) {
  return (
    <AppProviders store={store} queryClient={createTestQueryClient()} env="test">
      {children}
    </AppProviders>
  );
}

/** Renders the app's routes (or the given ones) at a path, with a fresh store started from storage. */
export function renderRoute(
  path: string,
  options: { routes?: RouteObject[]; store?: SessionStore; strict?: boolean } = {},
) {
  const store = options.store ?? createTestStore();
  if (!options.store) store.start();
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const app = (
    <TestProviders store={store}>
      <RouterProvider router={router} />
    </TestProviders>
  );
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, store, user };
}
