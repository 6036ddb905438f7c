import { ROLE_OF_USER_TYPE, type AdminUser } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { findUsersByPhone } from './user-search.repository';

/** The users with this phone number; an empty search (null) finds nobody rather than everybody. */
export async function searchUsersByPhone(ctx: AppContext, phoneNumber: string | null): Promise<AdminUser[]> {
  if (phoneNumber === null) return [];
  const rows = await findUsersByPhone(ctx.db, phoneNumber);
  return rows.map(({ user, company }) => ({
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    userType: user.userType,
    role: ROLE_OF_USER_TYPE[user.userType],
    activated: user.activatedAt !== null,
    deactivated: user.deactivatedAt !== null,
    createdAt: user.createdAt.toISOString(),
    company: {
      id: company.id,
      name: company.name,
      type: company.type,
      verificationStatus: company.verificationStatus,
    },
  }));
}
