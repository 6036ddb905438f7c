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
  IconRoute,
  IconTruck,
  IconUser,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { PATHS } from '../../lib/paths';

export interface NavItem {
  label: string;
  icon: Icon;
  /** Where it goes. */
  to: string;
}

const CUSTOMER: NavItem[] = [
  { label: 'Home', icon: IconHome, to: PATHS.customerHome },
  { label: 'Orders', icon: IconPackage, to: PATHS.orders },
  { label: 'Trips', icon: IconRoute, to: PATHS.trips },
  { label: 'Map', icon: IconMap, to: PATHS.tripMap },
  { label: 'Schedule', icon: IconCalendar, to: PATHS.tripSchedule },
  { label: 'Containers at risk', icon: IconContainer, to: PATHS.containersAtRisk },
  { label: 'Preferred partners', icon: IconHeartHandshake, to: PATHS.partners },
  { label: 'Payments', icon: IconCash, to: PATHS.payments },
  { label: 'Reports', icon: IconChartBar, to: PATHS.reports },
  { label: 'Company details', icon: IconBuilding, to: PATHS.company },
  { label: 'Profile', icon: IconUser, to: PATHS.profile },
];

const TRANSPORTER: NavItem[] = [
  { label: 'Home', icon: IconHome, to: PATHS.transporterHome },
  { label: 'New bids', icon: IconGavel, to: PATHS.bids },
  { label: 'Monitored bids', icon: IconEye, to: PATHS.monitoredBids },
  { label: 'Bids won', icon: IconTrophy, to: PATHS.wonBids },
  { label: 'Bid history', icon: IconHistory, to: PATHS.bidHistory },
  { label: 'Trips', icon: IconRoute, to: PATHS.trips },
  { label: 'Map', icon: IconMap, to: PATHS.tripMap },
  { label: 'Schedule', icon: IconCalendar, to: PATHS.tripSchedule },
  { label: 'Issues', icon: IconAlertTriangle, to: PATHS.tripIssues },
  { label: 'Payments', icon: IconCash, to: PATHS.payments },
  { label: 'Earnings', icon: IconCoins, to: PATHS.earnings },
  { label: 'Fleet', icon: IconTruck, to: PATHS.fleet },
  { label: 'Reports', icon: IconChartBar, to: PATHS.reports },
  { label: 'Company details', icon: IconBuilding, to: PATHS.company },
  { label: 'Profile', icon: IconUser, to: PATHS.profile },
];

const ADMIN: NavItem[] = [
  { label: 'Home', icon: IconHome, to: PATHS.adminHome },
  { label: 'Companies', icon: IconBuildingWarehouse, to: PATHS.adminCompanies },
  { label: 'Users', icon: IconUsers, to: PATHS.adminUsers },
  { label: 'Trips', icon: IconRoute, to: PATHS.trips },
  { label: 'Map', icon: IconMap, to: PATHS.tripMap },
  { label: 'Issues', icon: IconAlertTriangle, to: PATHS.tripIssues },
  { label: 'Payments', icon: IconCash, to: PATHS.payments },
  { label: 'Payouts', icon: IconReceipt2, to: PATHS.adminPayouts },
  { label: 'Reference data', icon: IconDatabase, to: PATHS.adminReference },
  { label: 'Audit log', icon: IconHistory, to: PATHS.adminAuditLog },
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
