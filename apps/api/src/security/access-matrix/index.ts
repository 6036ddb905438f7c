import { rows as accountsAndAdmin } from './accounts-and-admin';
import { rows as fleetAndTracking } from './fleet-and-tracking';
import { rows as marketplace } from './marketplace';
import { rows as moneyAndNotifications } from './money-and-notifications';
import { rows as ratings } from './ratings';
import { rows as returnLoads } from './return-loads';
import { rows as roadMoney } from './road-money';
import type { MatrixRow } from './row';
import { rows as trips } from './trips';

export interface MatrixArea {
  /** The file under access-matrix/ holding the area's rows. */
  file: string;
  /** The paths the area answers for: an operation belongs to the first area with a prefix of its path. */
  prefixes: readonly string[];
  rows: readonly MatrixRow[];
}

/**
 * The rows of the access matrix by area, one file each. The order matters only for `prefixes`: the more
 * specific areas (admin money routes) come before the general ones (the rest of /api/v1/admin).
 */
export const AREAS: readonly MatrixArea[] = [
  {
    file: 'road-money',
    prefixes: [
      '/api/v1/trips/{id}/money',
      '/api/v1/trips/{id}/advances',
      '/api/v1/trips/{id}/expenses',
      '/api/v1/trips/expenses',
      '/api/v1/trips/{id}/settlement',
      '/api/v1/trips/{id}/call-up',
      '/api/v1/trips/{id}/call-ups',
      '/api/v1/fleet/drivers/{id}/balance',
      '/api/v1/driver/{token}/expenses',
    ],
    rows: roadMoney,
  },
  {
    file: 'return-loads',
    prefixes: [
      '/api/v1/return-loads',
      '/api/v1/trips/{id}/return-loads',
      '/api/v1/orders/{id}/trucks-near-pickup',
      '/api/v1/orders/{id}/return-loads-welcome',
    ],
    rows: returnLoads,
  },
  {
    file: 'ratings',
    prefixes: ['/api/v1/trips/{tripId}/ratings', '/api/v1/admin/ratings'],
    rows: ratings,
  },
  {
    file: 'money-and-notifications',
    prefixes: [
      '/api/v1/admin/invoices',
      '/api/v1/admin/payouts',
      '/api/v1/invoices',
      '/api/v1/payments',
      '/api/v1/sms',
      '/api/v1/whatsapp',
      '/api/v1/ussd',
      '/api/v1/earnings',
      '/api/v1/notifications',
      '/api/v1/reports',
      '/api/v1/company/waiting-terms',
    ],
    rows: moneyAndNotifications,
  },
  {
    file: 'fleet-and-tracking',
    prefixes: [
      '/api/v1/fleet',
      '/api/v1/driver',
      '/api/v1/tracking-companies',
      '/api/v1/tracking-credentials',
      '/api/v1/tracking-settings',
    ],
    rows: fleetAndTracking,
  },
  {
    file: 'trips',
    prefixes: ['/api/v1/trips', '/api/v1/map-settings', '/api/v1/containers'],
    rows: trips,
  },
  {
    file: 'marketplace',
    prefixes: [
      '/api/v1/orders',
      '/api/v1/bids',
      '/api/v1/preferred-partners',
      '/api/v1/transporters',
      '/api/v1/transporter-directory',
      '/api/v1/rate-guidance',
      '/api/v1/companies',
      '/api/v1/dashboard',
    ],
    rows: marketplace,
  },
  {
    file: 'accounts-and-admin',
    prefixes: [
      '/api/health',
      '/api/dev',
      '/api/v1/user',
      '/api/v1/auth',
      '/api/v1/company',
      '/api/v1/admin',
      '/api/v1/internal',
      '/api/v1/lookups',
    ],
    rows: accountsAndAdmin,
  },
];

/** The area an operation ("POST /api/v1/orders/{id}/cancel") belongs to, by the prefix of its path. */
export function areaOf(op: string): MatrixArea | undefined {
  const path = op.slice(op.indexOf(' ') + 1);
  return AREAS.find((area) => area.prefixes.some((p) => path === p || path.startsWith(`${p}/`)));
}
