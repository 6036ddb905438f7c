import type { NoteSide } from './contracts/trip';
import type { Role } from './roles';

// Who sees a trip, and as which side, decided once for the API's checks, its list filters and the web's
// screens. Invoices name the same two companies and follow the same rule.

/** Whose trips a caller sees: a company on one side of the trip, or every trip (admins). */
export type TripScope =
  { side: 'customer'; companyId: string } | { side: 'transporter'; companyId: string } | { side: 'all' };

/** A signed-in user as the rule needs them: the role, and the company they act for. */
export interface TripViewer {
  role: Role;
  companyId: string;
}

/** The two companies of a trip (or of its invoice). */
export interface TripParties {
  customerCompanyId: string;
  transporterCompanyId: string | null;
}

/** The side a role writes for: a fleet manager works for the transporter; admins for the platform. */
export function sideOfRole(role: Role | null | undefined): NoteSide | null {
  if (role === 'role_customer') return 'CUSTOMER';
  if (role === 'role_transporter' || role === 'role_fleet_manager') return 'TRANSPORTER';
  if (role === 'role_admin') return 'ADMIN';
  return null;
}

/** Which trips a viewer's lists hold. */
export function tripScopeOf(viewer: TripViewer): TripScope {
  const side = sideOfRole(viewer.role);
  if (side === 'ADMIN') return { side: 'all' };
  if (side === 'CUSTOMER') return { side: 'customer', companyId: viewer.companyId };
  return { side: 'transporter', companyId: viewer.companyId };
}

/** Which side of this trip the viewer is on; null when the trip is none of the viewer's business. */
export function tripSideOf(viewer: TripViewer, trip: TripParties): NoteSide | null {
  const scope = tripScopeOf(viewer);
  if (scope.side === 'all') return 'ADMIN';
  if (scope.side === 'customer') return trip.customerCompanyId === scope.companyId ? 'CUSTOMER' : null;
  return trip.transporterCompanyId === scope.companyId ? 'TRANSPORTER' : null;
}
