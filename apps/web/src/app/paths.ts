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
  company: '/company',
  orders: '/orders',
  newOrder: '/orders/new',
  /** /orders/:orderId */
  order: (orderId: string) => `/orders/${orderId}`,
  partners: '/partners',
  trips: '/trips',
  /** /trips/:tripId */
  trip: (tripId: string) => `/trips/${tripId}`,
  tripSchedule: '/trips/schedule',
  tripIssues: '/trips/issues',
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
  bids: '/bids',
  monitoredBids: '/bids/monitored',
  wonBids: '/bids/won',
  bidHistory: '/bids/history',
  /** /bids/orders/:orderId: an open order as a transporter sees it, with the bid form. */
  marketOrder: (orderId: string) => `/bids/orders/${orderId}`,
  adminCompanies: '/admin/companies',
  adminUsers: '/admin/users',
  /** /admin/companies/:companyId */
  adminCompany: (companyId: string) => `/admin/companies/${companyId}`,
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

export function isOpenPage(pathname: string): boolean {
  return OPEN_PAGE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Signed-in pages any role may open, so a sign-in may return to them. */
const SHARED_SIGNED_IN_PAGES = [PATHS.profile, PATHS.company, PATHS.trips];

/** Where to go after signing in: back to the page that asked for it when the role may see it. */
export function returnPathAfterSignIn(from: unknown, home: string): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return home;
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (pathname === home || SHARED_SIGNED_IN_PAGES.some((page) => pathname === page)) return from;
  return home;
}
