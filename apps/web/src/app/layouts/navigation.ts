import type { Role } from '@freightlane/domain';
import {
  IconAlertTriangle,
  IconBuilding,
  IconBuildingWarehouse,
  IconCalendar,
  IconCash,
  IconChartBar,
  IconCoins,
  IconContainer,
  IconDatabase,
  IconEye,
  IconGavel,
  IconHeartHandshake,
  IconHistory,
  IconTrophy,
  IconHome,
  IconMap,
  IconPackage,
  IconReceipt2,
  IconStar,
  IconRoute,
  IconTruck,
  IconTruckReturn,
  IconUser,
  IconUsers,
  IconZoomCheck,
  type Icon,
} from '@tabler/icons-react';
import { PATHS } from '../../lib/paths';
import type { AppShellKey } from '../text';

export interface NavItem {
  /** Its name, as a key of the app's catalog. */
  label: AppShellKey;
  icon: Icon;
  /** Where it goes. */
  to: string;
}

const CUSTOMER: NavItem[] = [
  { label: 'nav.home', icon: IconHome, to: PATHS.customerHome },
  { label: 'nav.orders', icon: IconPackage, to: PATHS.orders },
  { label: 'nav.trips', icon: IconRoute, to: PATHS.trips },
  { label: 'nav.map', icon: IconMap, to: PATHS.tripMap },
  { label: 'nav.schedule', icon: IconCalendar, to: PATHS.tripSchedule },
  { label: 'nav.containersAtRisk', icon: IconContainer, to: PATHS.containersAtRisk },
  { label: 'nav.findTransporters', icon: IconZoomCheck, to: PATHS.transporters },
  { label: 'nav.preferredPartners', icon: IconHeartHandshake, to: PATHS.partners },
  { label: 'nav.payments', icon: IconCash, to: PATHS.payments },
  { label: 'nav.reports', icon: IconChartBar, to: PATHS.reports },
  { label: 'nav.companyDetails', icon: IconBuilding, to: PATHS.company },
  { label: 'nav.profile', icon: IconUser, to: PATHS.profile },
];

const TRANSPORTER: NavItem[] = [
  { label: 'nav.home', icon: IconHome, to: PATHS.transporterHome },
  { label: 'nav.newBids', icon: IconGavel, to: PATHS.bids },
  { label: 'nav.monitoredBids', icon: IconEye, to: PATHS.monitoredBids },
  { label: 'nav.bidsWon', icon: IconTrophy, to: PATHS.wonBids },
  { label: 'nav.bidHistory', icon: IconHistory, to: PATHS.bidHistory },
  { label: 'nav.returnLoads', icon: IconTruckReturn, to: PATHS.returnLoads },
  { label: 'nav.trips', icon: IconRoute, to: PATHS.trips },
  { label: 'nav.map', icon: IconMap, to: PATHS.tripMap },
  { label: 'nav.schedule', icon: IconCalendar, to: PATHS.tripSchedule },
  { label: 'nav.issues', icon: IconAlertTriangle, to: PATHS.tripIssues },
  { label: 'nav.payments', icon: IconCash, to: PATHS.payments },
  { label: 'nav.earnings', icon: IconCoins, to: PATHS.earnings },
  { label: 'nav.fleet', icon: IconTruck, to: PATHS.fleet },
  { label: 'nav.reports', icon: IconChartBar, to: PATHS.reports },
  { label: 'nav.companyDetails', icon: IconBuilding, to: PATHS.company },
  { label: 'nav.profile', icon: IconUser, to: PATHS.profile },
];

const ADMIN: NavItem[] = [
  { label: 'nav.home', icon: IconHome, to: PATHS.adminHome },
  { label: 'nav.companies', icon: IconBuildingWarehouse, to: PATHS.adminCompanies },
  { label: 'nav.users', icon: IconUsers, to: PATHS.adminUsers },
  { label: 'nav.trips', icon: IconRoute, to: PATHS.trips },
  { label: 'nav.map', icon: IconMap, to: PATHS.tripMap },
  { label: 'nav.issues', icon: IconAlertTriangle, to: PATHS.tripIssues },
  { label: 'nav.payments', icon: IconCash, to: PATHS.payments },
  { label: 'nav.payouts', icon: IconReceipt2, to: PATHS.adminPayouts },
  { label: 'nav.ratings', icon: IconStar, to: PATHS.adminRatings },
  { label: 'nav.referenceData', icon: IconDatabase, to: PATHS.adminReference },
  { label: 'nav.auditLog', icon: IconHistory, to: PATHS.adminAuditLog },
];

/**
 * The item of the page at `pathname`: the one whose path is the longest whole-segment prefix of it, so
 * /fleet/trucks/t1 lights Fleet and /trips/t1 lights Trips, while /trips/schedule lights Schedule, its own
 * more specific item, rather than Trips.
 */
export function activeNavItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  let best: NavItem | undefined;
  for (const item of items) {
    if (pathname !== item.to && !pathname.startsWith(`${item.to}/`)) continue;
    if (!best || item.to.length > best.to.length) best = item;
  }
  return best;
}

/** The sidebar for a role; like homePathForRole, any role but customer and admin is a transporter's. */
export function navigationFor(role: Role | null): NavItem[] {
  if (role === 'role_customer') return CUSTOMER;
  if (role === 'role_admin') return ADMIN;
  return TRANSPORTER;
}
