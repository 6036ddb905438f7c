import type { Role } from '@freightlane/domain';

/** Each role as people read it: in the app shell's account menu and the admin's user list. */
export const ROLE_LABELS: Record<Role, string> = {
  role_customer: 'Customer',
  role_transporter: 'Transporter',
  role_fleet_manager: 'Fleet manager',
  role_admin: 'Admin',
};
