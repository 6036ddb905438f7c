import type { Role } from '@freightlane/domain';

/** A transporter's owner account and its fleet managers run the fleet; nobody else sees it. */
export const FLEET_ROLES: Role[] = ['role_transporter', 'role_fleet_manager'];

/** Only the owner account hands out logins to the company. */
export const FLEET_OWNER_ROLES: Role[] = ['role_transporter'];
