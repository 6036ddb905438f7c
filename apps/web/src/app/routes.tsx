import type { RouteObject } from 'react-router';
import { OwnHomeOnly, RedirectSignedIn, RequireSignedIn } from './guards';
import { DashboardLayout } from './layouts/dashboard-layout';
import { RootLayout } from './layouts/root-layout';
import { lazyWithTimeout } from './lazy-with-timeout';
import { NotFoundPage } from './not-found-page';
import { PATHS } from './paths';
import { RouteError } from './route-error';

// Every page is its own chunk, loaded on first visit (120-second limit, then 'Loading chunk failed').
const SignUpPage = lazyWithTimeout(() =>
  import('../features/account/routes/sign-up-page').then((m) => ({ default: m.SignUpPage })),
);
const ActivateAccountPage = lazyWithTimeout(() =>
  import('../features/account/routes/activate-account-page').then((m) => ({
    default: m.ActivateAccountPage,
  })),
);
const SignInPage = lazyWithTimeout(() =>
  import('../features/auth/routes/sign-in-page').then((m) => ({ default: m.SignInPage })),
);
const ResetRequestPage = lazyWithTimeout(() =>
  import('../features/password/routes/reset-request-page').then((m) => ({ default: m.ResetRequestPage })),
);
const NewPasswordPage = lazyWithTimeout(() =>
  import('../features/password/routes/new-password-page').then((m) => ({ default: m.NewPasswordPage })),
);
const TermsPage = lazyWithTimeout(() =>
  import('../features/legal/routes/terms-page').then((m) => ({ default: m.TermsPage })),
);
const UnsubscribePage = lazyWithTimeout(() =>
  import('../features/legal/routes/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })),
);
const TripTrackingPage = lazyWithTimeout(() =>
  import('../features/tracking/routes/trip-tracking-page').then((m) => ({ default: m.TripTrackingPage })),
);
const OngoingTripsPage = lazyWithTimeout(() =>
  import('../features/tracking/routes/ongoing-trips-page').then((m) => ({ default: m.OngoingTripsPage })),
);
const CustomerHomePage = lazyWithTimeout(() =>
  import('../features/dashboard/routes/customer-home-page').then((m) => ({ default: m.CustomerHomePage })),
);
const TransporterHomePage = lazyWithTimeout(() =>
  import('../features/dashboard/routes/transporter-home-page').then((m) => ({
    default: m.TransporterHomePage,
  })),
);
const AdminHomePage = lazyWithTimeout(() =>
  import('../features/dashboard/routes/admin-home-page').then((m) => ({ default: m.AdminHomePage })),
);
const ProfilePage = lazyWithTimeout(() =>
  import('../features/profile/routes/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const CompanyPage = lazyWithTimeout(() =>
  import('../features/company/routes/company-page').then((m) => ({ default: m.CompanyPage })),
);

/** Signed-in pages keep the app shell when they fail: the error shows in place of the page. */
const pageError = <RouteError />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError standalone />,
    children: [
      {
        // The spec: signed-in users are sent to their home from these pages.
        element: <RedirectSignedIn />,
        children: [
          { index: true, element: <SignUpPage /> },
          { path: PATHS.signUp, element: <SignUpPage /> },
          { path: PATHS.signIn, element: <SignInPage /> },
          { path: PATHS.newPassword, element: <NewPasswordPage /> },
        ],
      },
      { path: PATHS.activateAccount, element: <ActivateAccountPage /> },
      { path: PATHS.resetRequest, element: <ResetRequestPage /> },
      { path: PATHS.terms, element: <TermsPage /> },
      { path: `${PATHS.tripProgress}/*`, element: <TripTrackingPage /> },
      { path: `${PATHS.ongoingTrips}/*`, element: <OngoingTripsPage /> },
      { path: PATHS.unsubscribe, element: <UnsubscribePage /> },
      {
        element: <RequireSignedIn />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              {
                path: PATHS.customerHome,
                errorElement: pageError,
                element: (
                  <OwnHomeOnly home={PATHS.customerHome}>
                    <CustomerHomePage />
                  </OwnHomeOnly>
                ),
              },
              {
                path: PATHS.transporterHome,
                errorElement: pageError,
                element: (
                  <OwnHomeOnly home={PATHS.transporterHome}>
                    <TransporterHomePage />
                  </OwnHomeOnly>
                ),
              },
              {
                path: PATHS.adminHome,
                errorElement: pageError,
                element: (
                  <OwnHomeOnly home={PATHS.adminHome}>
                    <AdminHomePage />
                  </OwnHomeOnly>
                ),
              },
              { path: PATHS.profile, errorElement: pageError, element: <ProfilePage /> },
              { path: PATHS.company, errorElement: pageError, element: <CompanyPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
