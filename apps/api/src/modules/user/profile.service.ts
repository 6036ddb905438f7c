import {
  COUNTRY_NIGERIA,
  ROLE_OF_USER_TYPE,
  type Company,
  type Profile,
  type UpdateProfileRequest,
} from '@freightlane/domain';
import { DEFAULT_LOCALE } from '@freightlane/domain/i18n';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { audit, changeOf } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import type { Principal } from '../../plugins/auth';
import {
  findUserById,
  findUserByPhone,
  findUserWithCompany,
  updateUser,
  type CompanyRow,
  type UserRow,
} from '../../queries/user.repository';

export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    cacRegistrationNumber: row.cacRegistrationNumber,
    tin: row.tin,
    address: row.address,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    verificationStatus: row.verificationStatus,
    rejectionReason: row.rejectionReason,
  };
}

export function toProfile(user: UserRow, company: CompanyRow): Profile {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    phoneVerifiedAt: user.phoneVerifiedAt?.toISOString() ?? null,
    language: user.language ?? DEFAULT_LOCALE,
    userType: user.userType,
    role: ROLE_OF_USER_TYPE[user.userType],
    activated: user.activatedAt !== null,
    createdAt: user.createdAt.toISOString(),
    company: toCompany(company),
    country: { ...COUNTRY_NIGERIA },
  };
}

/** The caller's profile, remembered per instance until a change to it is announced (PrincipalCache). */
export async function getProfile(ctx: AppContext, principal: Principal): Promise<Profile> {
  return ctx.principals.profile(principal.userId, () => readProfile(ctx, principal));
}

async function readProfile(ctx: AppContext, principal: Principal): Promise<Profile> {
  const row = await findUserWithCompany(ctx.db, principal.userId);
  if (!row) throw notFound('User');
  return toProfile(row.user, row.company);
}

const PHONE_TAKEN = 'This phone number is already registered to another account.';
const phoneTaken = () =>
  new AppError('CONFLICT', PHONE_TAKEN, { errors: [{ field: 'phoneNumber', message: PHONE_TAKEN }] });

/**
 * Name, phone number and language. A new phone number is unverified until a code proves it (the user
 * repository clears the proof), and a code sent to the old number no longer counts.
 */
export async function updateProfile(
  ctx: AppContext,
  principal: Principal,
  input: UpdateProfileRequest,
  ip: string,
): Promise<Profile> {
  const owner = await findUserByPhone(ctx.db, input.phoneNumber);
  if (owner && owner.id !== principal.userId) throw phoneTaken();
  try {
    await ctx.db.transaction(async (tx) => {
      const current = owner?.id === principal.userId ? owner : await findUserById(tx, principal.userId);
      if (!current) throw notFound('User');
      await updateUser(tx, principal.userId, input);
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'user.profile_updated',
          entityType: 'user',
          entityId: principal.userId,
          data: changeOf(current, input),
        },
      );
    });
  } catch (err) {
    if (uniqueViolation(err)) throw phoneTaken();
    throw err;
  }
  // This instance forgets at once; the others when the database's announcement reaches them.
  ctx.principals.forget(`u:${principal.userId}`);
  return getProfile(ctx, principal);
}
