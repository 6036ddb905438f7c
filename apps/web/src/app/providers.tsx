import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { SessionStore } from '../lib/session-store';
import { AppLanguageProvider } from '../i18n/app-language';
import { SessionProvider } from '../lib/session-context';
import { PageLoader } from '../components/page-loader';
import { cssVariablesResolver, datesSettings, theme } from './theme';

/** One person's data must not be shown to the next person who signs in on this device. */
function ClearDataOnSignOut({ store, queryClient }: { store: SessionStore; queryClient: QueryClient }) {
  useEffect(() => {
    let wasSignedIn = store.getState().status === 'signed-in';
    return store.subscribe(() => {
      const signedIn = store.getState().status === 'signed-in';
      if (wasSignedIn && !signedIn) queryClient.clear();
      wasSignedIn = signedIn;
    });
  }, [store, queryClient]);
  return null;
}

export function AppProviders({
  store,
  queryClient,
  children,
  env = 'default',
}: {
  store: SessionStore;
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals in unit tests. */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      <DatesProvider settings={datesSettings}>
        <Notifications position="top-right" limit={4} />
        <QueryClientProvider client={queryClient}>
          <SessionProvider store={store}>
            <ClearDataOnSignOut store={store} queryClient={queryClient} />
            <AppLanguageProvider fallback={<PageLoader />}>{children}</AppLanguageProvider>
          </SessionProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
