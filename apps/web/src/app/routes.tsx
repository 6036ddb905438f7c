import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { OwnHomeOnly, RedirectSignedIn, RequireRole, RequireSignedIn } from './guards';
import { DashboardLayout } from './layouts/dashboard-layout';
import { RootLayout } from './layouts/root-layout';
import { lazyWithTimeout } from './lazy-with-timeout';
import { NotFoundPage } from './not-found-page';
import {
  ADMIN_ROLES,
  BIDDER_ROLES,
  CUSTOMER_ROLES,
  EARNINGS_ROLES,
  FLEET_ROLES,
  PATHS,
  REPORT_ROLES,
} from '../lib/paths';
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
const SmsSimulatorPage = lazyWithTimeout(() =>
  import('../features/sms-simulator/routes/sms-simulator-page').then((m) => ({
    default: m.SmsSimulatorPage,
  })),
);
const WhatsappSimulatorPage = lazyWithTimeout(() =>
  import('../features/whatsapp-simulator/routes/whatsapp-simulator-page').then((m) => ({
    default: m.WhatsappSimulatorPage,
  })),
);
const UssdSimulatorPage = lazyWithTimeout(() =>
  import('../features/ussd-simulator/routes/ussd-simulator-page').then((m) => ({
    default: m.UssdSimulatorPage,
  })),
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
const NotificationsPage = lazyWithTimeout(() =>
  import('../features/notifications/routes/notifications-page').then((m) => ({
    default: m.NotificationsPage,
  })),
);
const NotificationSettingsPage = lazyWithTimeout(() =>
  import('../features/notifications/routes/notification-settings-page').then((m) => ({
    default: m.NotificationSettingsPage,
  })),
);

const NewBidsPage = lazyWithTimeout(() =>
  import('../features/bids/routes/new-bids-page').then((m) => ({ default: m.NewBidsPage })),
);
const MonitoredBidsPage = lazyWithTimeout(() =>
  import('../features/bids/routes/monitored-bids-page').then((m) => ({ default: m.MonitoredBidsPage })),
);
const WonBidsPage = lazyWithTimeout(() =>
  import('../features/bids/routes/won-bids-page').then((m) => ({ default: m.WonBidsPage })),
);
const BidHistoryPage = lazyWithTimeout(() =>
  import('../features/bids/routes/bid-history-page').then((m) => ({ default: m.BidHistoryPage })),
);
const MarketOrderPage = lazyWithTimeout(() =>
  import('../features/bids/routes/market-order-page').then((m) => ({ default: m.MarketOrderPage })),
);
const ReturnLoadsPage = lazyWithTimeout(() =>
  import('../features/return-loads/routes/return-loads-page').then((m) => ({ default: m.ReturnLoadsPage })),
);

const OrdersPage = lazyWithTimeout(() =>
  import('../features/orders/routes/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const NewOrderPage = lazyWithTimeout(() =>
  import('../features/orders/routes/new-order-page').then((m) => ({ default: m.NewOrderPage })),
);
const OrderDetailPage = lazyWithTimeout(() =>
  import('../features/orders/routes/order-detail-page').then((m) => ({ default: m.OrderDetailPage })),
);
const PartnersPage = lazyWithTimeout(() =>
  import('../features/partners/routes/partners-page').then((m) => ({ default: m.PartnersPage })),
);
const TransportersPage = lazyWithTimeout(() =>
  import('../features/directory/routes/transporters-page').then((m) => ({ default: m.TransportersPage })),
);
const CompanyProfilePage = lazyWithTimeout(() =>
  import('../features/directory/routes/company-profile-page').then((m) => ({
    default: m.CompanyProfilePage,
  })),
);
const TripsPage = lazyWithTimeout(() =>
  import('../features/trips/routes/trips-page').then((m) => ({ default: m.TripsPage })),
);
const TripMapPage = lazyWithTimeout(() =>
  import('../features/trips/routes/trip-map-page').then((m) => ({ default: m.TripMapPage })),
);
const TripSchedulePage = lazyWithTimeout(() =>
  import('../features/trips/routes/trip-schedule-page').then((m) => ({ default: m.TripSchedulePage })),
);
const TripIssuesPage = lazyWithTimeout(() =>
  import('../features/trips/routes/trip-issues-page').then((m) => ({ default: m.TripIssuesPage })),
);
const TripDetailPage = lazyWithTimeout(() =>
  import('../features/trips/routes/trip-detail-page').then((m) => ({ default: m.TripDetailPage })),
);
const TrackingQrPage = lazyWithTimeout(() =>
  import('../features/trips/public-tracking/routes/tracking-qr-page').then((m) => ({
    default: m.TrackingQrPage,
  })),
);
const PaymentsPage = lazyWithTimeout(() =>
  import('../features/invoices/routes/payments-page').then((m) => ({ default: m.PaymentsPage })),
);
const InvoicePage = lazyWithTimeout(() =>
  import('../features/invoices/routes/invoice-page').then((m) => ({ default: m.InvoicePage })),
);
const PaymentCallbackPage = lazyWithTimeout(() =>
  import('../features/invoices/routes/payment-callback-page').then((m) => ({
    default: m.PaymentCallbackPage,
  })),
);
const EarningsPage = lazyWithTimeout(() =>
  import('../features/earnings/routes/earnings-page').then((m) => ({ default: m.EarningsPage })),
);
const ContainersAtRiskPage = lazyWithTimeout(() =>
  import('../features/free-time/routes/containers-at-risk-page').then((m) => ({
    default: m.ContainersAtRiskPage,
  })),
);
const AdminPayoutsPage = lazyWithTimeout(() =>
  import('../features/admin/payouts/routes/admin-payouts-page').then((m) => ({
    default: m.AdminPayoutsPage,
  })),
);
const AdminRatingsPage = lazyWithTimeout(() =>
  import('../features/admin/ratings/routes/admin-ratings-page').then((m) => ({
    default: m.AdminRatingsPage,
  })),
);
const ReportsPage = lazyWithTimeout(() =>
  import('../features/reports/routes/reports-page').then((m) => ({ default: m.ReportsPage })),
);
const ReportPage = lazyWithTimeout(() =>
  import('../features/reports/routes/report-page').then((m) => ({ default: m.ReportPage })),
);
const LaneRatesPage = lazyWithTimeout(() =>
  import('../features/rate-guidance/routes/lane-rates-page').then((m) => ({ default: m.LaneRatesPage })),
);

const AdminCompaniesPage = lazyWithTimeout(() =>
  import('../features/admin/routes/admin-companies-page').then((m) => ({ default: m.AdminCompaniesPage })),
);
const AdminCompanyPage = lazyWithTimeout(() =>
  import('../features/admin/routes/admin-company-page').then((m) => ({ default: m.AdminCompanyPage })),
);
const ReferenceDataPage = lazyWithTimeout(() =>
  import('../features/reference-data/routes/reference-data-page').then((m) => ({
    default: m.ReferenceDataPage,
  })),
);
const ShippingLinesPage = lazyWithTimeout(() =>
  import('../features/reference-data/routes/shipping-lines-page').then((m) => ({
    default: m.ShippingLinesPage,
  })),
);
const ShippingLinePage = lazyWithTimeout(() =>
  import('../features/reference-data/routes/shipping-line-page').then((m) => ({
    default: m.ShippingLinePage,
  })),
);
const TerminalsPage = lazyWithTimeout(() =>
  import('../features/reference-data/routes/terminals-page').then((m) => ({ default: m.TerminalsPage })),
);
const NewTerminalPage = lazyWithTimeout(() =>
  import('../features/reference-data/routes/new-terminal-page').then((m) => ({ default: m.NewTerminalPage })),
);
const TerminalPage = lazyWithTimeout(() =>
  import('../features/reference-data/routes/terminal-page').then((m) => ({ default: m.TerminalPage })),
);
const TrackingCompaniesPage = lazyWithTimeout(() =>
  import('../features/reference-data/routes/tracking-companies-page').then((m) => ({
    default: m.TrackingCompaniesPage,
  })),
);
const PlatformTermsPage = lazyWithTimeout(() =>
  import('../features/reference-data/routes/platform-terms-page').then((m) => ({
    default: m.PlatformTermsPage,
  })),
);
const DieselPricesPage = lazyWithTimeout(() =>
  import('../features/reference-data/routes/diesel-prices-page').then((m) => ({
    default: m.DieselPricesPage,
  })),
);

const TrucksPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/trucks-page').then((m) => ({ default: m.TrucksPage })),
);
const NewTruckPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/new-truck-page').then((m) => ({ default: m.NewTruckPage })),
);
const TruckPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/truck-page').then((m) => ({ default: m.TruckPage })),
);
const DriversPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/drivers-page').then((m) => ({ default: m.DriversPage })),
);
const NewDriverPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/new-driver-page').then((m) => ({ default: m.NewDriverPage })),
);
const DriverPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/driver-page').then((m) => ({ default: m.DriverPage })),
);
const MotorBoysPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/motor-boys-page').then((m) => ({ default: m.MotorBoysPage })),
);
const NewMotorBoyPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/new-motor-boy-page').then((m) => ({ default: m.NewMotorBoyPage })),
);
const MotorBoyPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/motor-boy-page').then((m) => ({ default: m.MotorBoyPage })),
);
const FleetManagersPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/fleet-managers-page').then((m) => ({ default: m.FleetManagersPage })),
);
const NewFleetManagerPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/new-fleet-manager-page').then((m) => ({
    default: m.NewFleetManagerPage,
  })),
);
const TelematicsPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/telematics-page').then((m) => ({ default: m.TelematicsPage })),
);
const FleetManagerPage = lazyWithTimeout(() =>
  import('../features/fleet/routes/fleet-manager-page').then((m) => ({ default: m.FleetManagerPage })),
);

const AdminUsersPage = lazyWithTimeout(() =>
  import('../features/admin/users/routes/admin-users-page').then((m) => ({ default: m.AdminUsersPage })),
);
const AdminUserPage = lazyWithTimeout(() =>
  import('../features/admin/users/routes/admin-user-page').then((m) => ({ default: m.AdminUserPage })),
);
const AdminAuditLogPage = lazyWithTimeout(() =>
  import('../features/admin/audit-log/routes/admin-audit-log-page').then((m) => ({
    default: m.AdminAuditLogPage,
  })),
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
      { path: PATHS.unsubscribe, element: <UnsubscribePage /> },
      // Development only: the API serves the simulator's inbox outside production alone, and the page says so.
      { path: '/dev/sms', element: <SmsSimulatorPage /> },
      { path: '/dev/whatsapp', element: <WhatsappSimulatorPage /> },
      { path: '/dev/ussd', element: <UssdSimulatorPage /> },
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
              // Any signed-in role; the API answers 404 for a profile the caller may not read.
              {
                path: PATHS.companyProfile(':companyId'),
                errorElement: pageError,
                element: <CompanyProfilePage />,
              },
              // Every signed-in role has its own notifications and settings.
              { path: PATHS.notifications, errorElement: pageError, element: <NotificationsPage /> },
              {
                path: PATHS.notificationSettings,
                errorElement: pageError,
                element: <NotificationSettingsPage />,
              },
              {
                element: <RequireRole roles={CUSTOMER_ROLES} />,
                errorElement: pageError,
                children: [
                  { path: PATHS.orders, errorElement: pageError, element: <OrdersPage /> },
                  { path: PATHS.newOrder, errorElement: pageError, element: <NewOrderPage /> },
                  { path: PATHS.order(':orderId'), errorElement: pageError, element: <OrderDetailPage /> },
                  { path: PATHS.partners, errorElement: pageError, element: <PartnersPage /> },
                  { path: PATHS.transporters, errorElement: pageError, element: <TransportersPage /> },
                  {
                    path: PATHS.containersAtRisk,
                    errorElement: pageError,
                    element: <ContainersAtRiskPage />,
                  },
                ],
              },
              // Customers and transporters alike: each sees their own company's trips.
              { path: PATHS.trips, errorElement: pageError, element: <TripsPage /> },
              { path: PATHS.tripSchedule, errorElement: pageError, element: <TripSchedulePage /> },
              { path: PATHS.tripMap, errorElement: pageError, element: <TripMapPage /> },
              { path: PATHS.tripIssues, errorElement: pageError, element: <TripIssuesPage /> },
              // Static segments rank above the id, so /trips/schedule and /trips/issues keep their pages.
              { path: PATHS.trip(':tripId'), errorElement: pageError, element: <TripDetailPage /> },
              {
                path: PATHS.tripTrackingQr(':tripId'),
                errorElement: pageError,
                element: <TrackingQrPage />,
              },
              // A customer's invoices to pay, a transporter's to be paid; the API scopes them to the company.
              { path: PATHS.payments, errorElement: pageError, element: <PaymentsPage /> },
              // The static segment ranks above the id, so /payments/callback keeps its page.
              { path: PATHS.paymentCallback, errorElement: pageError, element: <PaymentCallbackPage /> },
              { path: PATHS.invoice(':invoiceId'), errorElement: pageError, element: <InvoicePage /> },
              {
                element: <RequireRole roles={EARNINGS_ROLES} />,
                errorElement: pageError,
                children: [{ path: PATHS.earnings, errorElement: pageError, element: <EarningsPage /> }],
              },
              {
                element: <RequireRole roles={REPORT_ROLES} />,
                errorElement: pageError,
                children: [
                  { path: PATHS.reports, errorElement: pageError, element: <ReportsPage /> },
                  { path: PATHS.report(':kind'), errorElement: pageError, element: <ReportPage /> },
                  // The market's figures, read beside a company's own reports.
                  { path: PATHS.laneRates, errorElement: pageError, element: <LaneRatesPage /> },
                ],
              },
              {
                element: <RequireRole roles={BIDDER_ROLES} />,
                errorElement: pageError,
                children: [
                  { path: PATHS.bids, errorElement: pageError, element: <NewBidsPage /> },
                  { path: PATHS.monitoredBids, errorElement: pageError, element: <MonitoredBidsPage /> },
                  { path: PATHS.wonBids, errorElement: pageError, element: <WonBidsPage /> },
                  { path: PATHS.bidHistory, errorElement: pageError, element: <BidHistoryPage /> },
                  {
                    path: PATHS.marketOrder(':orderId'),
                    errorElement: pageError,
                    element: <MarketOrderPage />,
                  },
                  { path: PATHS.returnLoads, errorElement: pageError, element: <ReturnLoadsPage /> },
                ],
              },
              {
                element: <RequireRole roles={FLEET_ROLES} />,
                errorElement: pageError,
                children: [
                  { path: PATHS.fleet, element: <Navigate to={PATHS.trucks} replace /> },
                  { path: PATHS.trucks, errorElement: pageError, element: <TrucksPage /> },
                  { path: PATHS.newTruck, errorElement: pageError, element: <NewTruckPage /> },
                  { path: PATHS.truck(':id'), errorElement: pageError, element: <TruckPage /> },
                  { path: PATHS.drivers, errorElement: pageError, element: <DriversPage /> },
                  { path: PATHS.newDriver, errorElement: pageError, element: <NewDriverPage /> },
                  { path: PATHS.driver(':id'), errorElement: pageError, element: <DriverPage /> },
                  { path: PATHS.motorBoys, errorElement: pageError, element: <MotorBoysPage /> },
                  { path: PATHS.newMotorBoy, errorElement: pageError, element: <NewMotorBoyPage /> },
                  { path: PATHS.motorBoy(':id'), errorElement: pageError, element: <MotorBoyPage /> },
                  { path: PATHS.fleetManagers, errorElement: pageError, element: <FleetManagersPage /> },
                  {
                    path: PATHS.newFleetManager,
                    errorElement: pageError,
                    element: <NewFleetManagerPage />,
                  },
                  {
                    path: PATHS.fleetManager(':id'),
                    errorElement: pageError,
                    element: <FleetManagerPage />,
                  },
                  { path: PATHS.fleetTracking, errorElement: pageError, element: <TelematicsPage /> },
                ],
              },
              {
                element: <RequireRole roles={ADMIN_ROLES} />,
                errorElement: pageError,
                children: [
                  { path: PATHS.adminCompanies, errorElement: pageError, element: <AdminCompaniesPage /> },
                  {
                    path: PATHS.adminCompany(':companyId'),
                    errorElement: pageError,
                    element: <AdminCompanyPage />,
                  },
                  { path: PATHS.adminUsers, errorElement: pageError, element: <AdminUsersPage /> },
                  { path: PATHS.adminUser(':userId'), errorElement: pageError, element: <AdminUserPage /> },
                  { path: PATHS.adminAuditLog, errorElement: pageError, element: <AdminAuditLogPage /> },
                  { path: PATHS.adminPayouts, errorElement: pageError, element: <AdminPayoutsPage /> },
                  { path: PATHS.adminRatings, errorElement: pageError, element: <AdminRatingsPage /> },
                  { path: PATHS.adminReference, errorElement: pageError, element: <ReferenceDataPage /> },
                  {
                    path: PATHS.adminShippingLines,
                    errorElement: pageError,
                    element: <ShippingLinesPage />,
                  },
                  {
                    path: PATHS.adminShippingLine(':shippingLineId'),
                    errorElement: pageError,
                    element: <ShippingLinePage />,
                  },
                  { path: PATHS.adminTerminals, errorElement: pageError, element: <TerminalsPage /> },
                  // The static segment ranks above the id, so /terminals/new keeps its page.
                  { path: PATHS.adminNewTerminal, errorElement: pageError, element: <NewTerminalPage /> },
                  {
                    path: PATHS.adminTerminal(':terminalId'),
                    errorElement: pageError,
                    element: <TerminalPage />,
                  },
                  {
                    path: PATHS.adminTrackingCompanies,
                    errorElement: pageError,
                    element: <TrackingCompaniesPage />,
                  },
                  {
                    path: PATHS.adminPlatformTerms,
                    errorElement: pageError,
                    element: <PlatformTermsPage />,
                  },
                  {
                    path: PATHS.adminDieselPrices,
                    errorElement: pageError,
                    element: <DieselPricesPage />,
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
