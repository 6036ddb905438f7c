import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { ActionErrorProvider } from '../../components/action-error';
import { PageLoader } from '../../components/page-loader';

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      {/* Inside the router, so the unverified-account dialog's HERE link can navigate. */}
      <ActionErrorProvider>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </ActionErrorProvider>
    </>
  );
}
