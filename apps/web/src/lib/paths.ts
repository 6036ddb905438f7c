import { homePathForRole, type Role } from '@freightlane/domain';

/** Every route of the web app, in one place. */
export const PATHS = {
  root: '/',
  signUp: '/signup',
  signIn: '/signin',
  customerHome: '/home',
  transporterHome: '/transporterhome',
  adminHome: '/admin',
  activateAccount: '/activate/account/',
  resetRequest: '/resetpassword',
  newPassword: '/reset/password',
  terms: '/terms',
  tripProgress: '/tripprogress',
  ongoingTrips: '/ongoingtripprogress',
  unsubscribe: '/unsubscribe',
  profile: '/profile',
  /** Every notification of the signed-in user, newest first. */
  notifications: '/notifications',
  /** What the user is told about, per kind and channel, and browser push on this device. */
  notificationSettings: '/settings/notifications',
  company: '/company',
  orders: '/orders',
  newOrder: '/orders/new',
  /** /orders/:orderId */
  order: (orderId: string) => `/orders/${orderId}`,
  partners: '/partners',
  /** "Find transporters": verified transporters by lane served, trucks, fleet size and score. */
  transporters: '/transporters',
  /** /companies/:companyId: a company's profile, as another company may read it. */
  companyProfile: (companyId: string) => `/companies/${companyId}`,
  trips: '/trips',
  /** /trips/:tripId */
  trip: (tripId: string) => `/trips/${tripId}`,
  /** /trips/:tripId/tracking-qr: the trip's tracking link as a QR code, to print. */
  tripTrackingQr: (tripId: string) => `/trips/${tripId}/tracking-qr`,
  tripSchedule: '/trips/schedule',
  /** Trucks on live trips on a map. */
  tripMap: '/trips/map',
  tripIssues: '/trips/issues',
  payments: '/payments',
  /** /payments/:invoiceId: one invoice with its charges, payments and payout. */
  invoice: (invoiceId: string) => `/payments/${invoiceId}`,
  /** Where the payment provider sends the payer back, with `reference` (and `trxref`) in the query. */
  paymentCallback: '/payments/callback',
  /** A transporter's paid trips: the commission and the payout of each. */
  earnings: '/earnings',
  /** A customer's import containers still counting free time, the fewest days left first. */
  containersAtRisk: '/containers/at-risk',
  /** The report kinds of the caller's side. */
  reports: '/reports',
  /** /reports/:kind, one report with its range in `from` and `to`. */
  report: (kind: string) => `/reports/${kind}`,
  /** What trucks were awarded per lane over the last 90 days: every lane with a band, the busiest first. */
  laneRates: '/lane-rates',
  fleet: '/fleet',
  trucks: '/fleet/trucks',
  newTruck: '/fleet/trucks/new',
  /** /fleet/trucks/:truckId */
  truck: (truckId: string) => `/fleet/trucks/${truckId}`,
  drivers: '/fleet/drivers',
  newDriver: '/fleet/drivers/new',
  /** /fleet/drivers/:driverId */
  driver: (driverId: string) => `/fleet/drivers/${driverId}`,
  motorBoys: '/fleet/motor-boys',
  newMotorBoy: '/fleet/motor-boys/new',
  /** /fleet/motor-boys/:motorBoyId */
  motorBoy: (motorBoyId: string) => `/fleet/motor-boys/${motorBoyId}`,
  fleetManagers: '/fleet/managers',
  newFleetManager: '/fleet/managers/new',
  /** /fleet/managers/:fleetManagerId */
  fleetManager: (fleetManagerId: string) => `/fleet/managers/${fleetManagerId}`,
  /** The company's accounts at tracking companies and the devices linked to its trucks. */
  fleetTracking: '/fleet/tracking',
  bids: '/bids',
  monitoredBids: '/bids/monitored',
  wonBids: '/bids/won',
  bidHistory: '/bids/history',
  /** /bids/orders/:orderId: an open order as a transporter sees it, with the bid form. */
  marketOrder: (orderId: string) => `/bids/orders/${orderId}`,
  /** Open orders picking up near where the transporter's trucks on live trips deliver. */
  returnLoads: '/return-loads',
  adminCompanies: '/admin/companies',
  adminUsers: '/admin/users',
  /** /admin/users/:userId: one account with its actions. */
  adminUser: (userId: string) => `/admin/users/${userId}`,
  /** Who changed what, searchable by text, entity and date range. */
  adminAuditLog: '/admin/audit-log',
  /** /admin/companies/:companyId */
  adminCompany: (companyId: string) => `/admin/companies/${companyId}`,
  /** The platform's reference data: shipping lines, terminals, tracking companies and terms. */
  adminReference: '/admin/reference',
  adminShippingLines: '/admin/reference/shipping-lines',
  /** /admin/reference/shipping-lines/:shippingLineId, with its tariffs. */
  adminShippingLine: (shippingLineId: string) => `/admin/reference/shipping-lines/${shippingLineId}`,
  adminTerminals: '/admin/reference/terminals',
  adminNewTerminal: '/admin/reference/terminals/new',
  /** /admin/reference/terminals/:terminalId */
  adminTerminal: (terminalId: string) => `/admin/reference/terminals/${terminalId}`,
  adminTrackingCompanies: '/admin/reference/tracking-companies',
  adminPlatformTerms: '/admin/reference/platform-terms',
  /** The diesel price per litre recorded by date; the latest is shown beside the lane rates. */
  adminDieselPrices: '/admin/reference/diesel-prices',
  /** What the platform owes transporters for paid invoices, pending first. */
  adminPayouts: '/admin/payouts',
  /** Every trip rating, newest first, and hiding an abusive comment. */
  adminRatings: '/admin/ratings',
} as const;

/**
 * Pages anyone may open whatever their session: the spec's public pages plus the pages reached
 * from e-mail links. An expired session found at start-up is cleared on them, but the visitor is
 * not sent to /signin (that would lose the tracking id or the token in the link).
 */
const OPEN_PAGE_PREFIXES = [
  PATHS.tripProgress,
  PATHS.ongoingTrips,
  PATHS.terms,
  PATHS.unsubscribe,
  '/activate/account',
  PATHS.resetRequest,
  PATHS.newPassword,
];

function isAtOrBelow(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isOpenPage(pathname: string): boolean {
  return OPEN_PAGE_PREFIXES.some((prefix) => isAtOrBelow(pathname, prefix));
}

/** Ordering haulage and choosing partners are the customer's. */
export const CUSTOMER_ROLES = ['role_customer'] as const satisfies readonly Role[];
/** Bidding is for transporters and their fleet managers. */
export const BIDDER_ROLES = ['role_transporter', 'role_fleet_manager'] as const satisfies readonly Role[];
/** The fleet is run by the transporter's owner account and its fleet managers. */
export const FLEET_ROLES = ['role_transporter', 'role_fleet_manager'] as const satisfies readonly Role[];
/** A company's own reports: customers read the customer kinds, transporters and fleet managers theirs. */
export const REPORT_ROLES = [
  'role_customer',
  'role_transporter',
  'role_fleet_manager',
] as const satisfies readonly Role[];
/** A transporter's earnings are read by its owner account and its fleet managers. */
export const EARNINGS_ROLES = ['role_transporter', 'role_fleet_manager'] as const satisfies readonly Role[];
/** The back office is for platform admins only. */
export const ADMIN_ROLES = ['role_admin'] as const satisfies readonly Role[];

/**
 * Signed-in pages a sign-in may return to, each with the pages below it, and the roles that may see
 * them (every role when none are named). The page's own role guard still applies.
 */
const RETURN_PAGES: { prefix: string; roles?: readonly Role[] }[] = [
  { prefix: PATHS.profile },
  { prefix: PATHS.company },
  { prefix: PATHS.notifications },
  { prefix: PATHS.notificationSettings },
  // Trips, their schedule and issues, and the invoices are every role's, scoped to the company by the API.
  { prefix: PATHS.trips },
  { prefix: PATHS.payments },
  { prefix: PATHS.reports, roles: REPORT_ROLES },
  { prefix: PATHS.laneRates, roles: REPORT_ROLES },
  { prefix: PATHS.orders, roles: CUSTOMER_ROLES },
  { prefix: PATHS.partners, roles: CUSTOMER_ROLES },
  { prefix: PATHS.transporters, roles: CUSTOMER_ROLES },
  // The company profiles (PATHS.companyProfile): every role's; one the caller may not read says so itself.
  { prefix: '/companies' },
  { prefix: PATHS.bids, roles: BIDDER_ROLES },
  { prefix: PATHS.returnLoads, roles: BIDDER_ROLES },
  { prefix: PATHS.fleet, roles: FLEET_ROLES },
  { prefix: PATHS.adminCompanies, roles: ADMIN_ROLES },
  { prefix: PATHS.adminUsers, roles: ADMIN_ROLES },
  { prefix: PATHS.adminAuditLog, roles: ADMIN_ROLES },
  { prefix: PATHS.adminReference, roles: ADMIN_ROLES },
  { prefix: PATHS.earnings, roles: EARNINGS_ROLES },
  { prefix: PATHS.adminPayouts, roles: ADMIN_ROLES },
  { prefix: PATHS.adminRatings, roles: ADMIN_ROLES },
  { prefix: PATHS.containersAtRisk, roles: CUSTOMER_ROLES },
];

/** Where to go after signing in: back to the page that asked for it when the role may see it, else home. */
export function returnPathAfterSignIn(from: unknown, role: Role | null): string {
  const home = homePathForRole(role);
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return home;
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (pathname === home) return from;
  const page = RETURN_PAGES.find(({ prefix }) => isAtOrBelow(pathname, prefix));
  if (page && (!page.roles || (role !== null && page.roles.includes(role)))) return from;
  return home;
}
