import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { SessionStore } from '../lib/session-store';
import { AppProviders } from './providers';
import { routes } from './routes';

export function App({ store, queryClient }: { store: SessionStore; queryClient: QueryClient }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders store={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
