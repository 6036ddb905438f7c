import { randomUUID } from 'node:crypto';
import {
  ERASED_FIRST_NAME,
  ERASED_LAST_NAME,
  type AdminEraseUserRequest,
  type EraseMyAccountRequest,
  type UserType,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { audit, type AuditActor, type RequestOrigin } from '../../lib/audit';
import { verifyPassword } from '../../lib/password-hash';
import type { Principal } from '../../plugins/auth';
import { MAIL_JOB } from '../../plugins/mail';
import type { Limit } from '../../plugins/rate-limit';
import { revokeAllSessionsOfUser } from '../../queries/session.repository';
import { findUserById, type UserRow } from '../../queries/user.repository';
import {
  anonymiseUser,
  blankAuditRowsAbout,
  clearCompanyContactOf,
  countLiveBusiness,
  countOtherActiveOwners,
  countOtherLiveUsers,
  deleteMailJobsTo,
  deletePersonalRows,
  eraseTextMessagesTo,
  eraseWhatsappWith,
  forgetSessionOrigins,
  lockCompanyForErasure,
  lockUserForErasure,
  retireStaffRecordOf,
} from './erasure.repository';

/** The account types that own a company; a fleet manager or an admin owns none. */
const OWNER_TYPES: readonly UserType[] = ['CUSTOMER', 'TRANSPORTER'];

/** Wrong passwords on the erasure form: a stolen session must not be a way to guess the password. */
export const ERASURE_PASSWORD_FAILURES = {
  name: 'erasure-password',
  max: 5,
  windowSeconds: 15 * 60,
} satisfies Limit;

export const WRONG_PASSWORD = 'The password is not correct.';
export const ALREADY_ERASED = 'This account has already been erased.';
export const MY_ACCOUNT_ERASED =
  'Your account is deleted: your name, e-mail address and phone number are erased and you are signed out everywhere.';
export const ACCOUNT_ERASED_BY_ADMIN =
  "The account is erased: the person's name, e-mail address and phone number are gone and every sign-in has ended.";

/**
 * The self-erasure's own audit row names no IP address: the address would be the erased person's, which
 * the row is there to show has gone. An admin's erasure records the admin's address as usual.
 */
const WITHHELD_ORIGIN: RequestOrigin = { ip: 'withheld' };

/** Whose erasure is refused: the person's own words, or an admin's about the person. */
type Asker = 'self' | 'admin';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function soleOwnerWithColleagues(asker: Asker, companyName: string, colleagues: number): AppError {
  const people = plural(colleagues, 'other user', 'other users');
  return new AppError(
    'CONFLICT',
    asker === 'self'
      ? `You are the only owner of ${companyName}, which still has ${people}. Deactivate them, or ask Freightlane support to hand the company over to one of them, before you delete your account.`
      : `This person is the only owner of ${companyName}, which still has ${people}. Hand the company over or deactivate them first.`,
  );
}

function soleOwnerWithLiveWork(
  asker: Asker,
  companyName: string,
  live: { trips: number; orders: number; bids: number },
): AppError {
  const work = [
    live.trips > 0 ? plural(live.trips, 'trip under way', 'trips under way') : null,
    live.orders > 0 ? plural(live.orders, 'open order', 'open orders') : null,
    live.bids > 0 ? plural(live.bids, 'standing bid', 'standing bids') : null,
  ]
    .filter((w): w is string => w !== null)
    .join(', ');
  return new AppError(
    'CONFLICT',
    asker === 'self'
      ? `You are the only owner of ${companyName}, which still has ${work}. Finish or cancel them, or ask Freightlane support to hand the company over, before you delete your account.`
      : `This person is the only owner of ${companyName}, which still has ${work}. They must be finished, cancelled or handed over first.`,
  );
}

/**
 * A company's last owner may not leave it with people in it or work under way: nobody could then act
 * for it. Its finished records stay either way; only live business blocks the erasure.
 */
async function assertCompanyCanLoseOwner(
  tx: Executor,
  target: UserRow,
  asker: Asker,
): Promise<{ name: string; contactEmail: string | null; contactPhone: string | null }> {
  const company = await lockCompanyForErasure(tx, target.companyId);
  if (!company) throw notFound('Company');
  if (!OWNER_TYPES.includes(target.userType)) return company;
  if ((await countOtherActiveOwners(tx, company.id, target.id, OWNER_TYPES)) > 0) return company;
  const colleagues = await countOtherLiveUsers(tx, company.id, target.id);
  if (colleagues > 0) throw soleOwnerWithColleagues(asker, company.name, colleagues);
  const live = await countLiveBusiness(tx, company.id);
  if (live.trips + live.orders + live.bids > 0) throw soleOwnerWithLiveWork(asker, company.name, live);
  return company;
}

/**
 * Erases a person in one transaction: their identity on their row, their sign-ins, what served only them,
 * and the personal values of the audit rows about them. Business records (trips, orders, invoices, notes'
 * text) stay with their companies and name the person as "Erased user" through the anonymised row.
 */
async function erase(
  ctx: AppContext,
  userId: string,
  asker: Asker,
  actor: AuditActor,
  origin: RequestOrigin,
  data: Record<string, unknown>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const target = await lockUserForErasure(tx, userId);
    if (!target) throw notFound('User');
    if (target.erasedAt) throw new AppError('CONFLICT', ALREADY_ERASED);
    await assertCompanyCanLoseOwner(tx, target, asker);

    const now = new Date();
    await anonymiseUser(tx, target.id, {
      firstName: ERASED_FIRST_NAME,
      lastName: ERASED_LAST_NAME,
      email: `erased+${target.id}@invalid.freightlane.ng`,
      // Not a phone number anyone can dial or type, and unique because the id is.
      phoneNumber: `erased:${target.id}`,
      // Not an argon2 hash, so no password ever matches it.
      passwordHash: `!erased:${randomUUID()}`,
      erasedAt: now,
      deactivatedAt: target.deactivatedAt ?? now,
    });
    await revokeAllSessionsOfUser(tx, target.id, 'DEACTIVATED');
    await forgetSessionOrigins(tx, target.id);
    await deletePersonalRows(tx, target.id);
    await deleteMailJobsTo(tx, MAIL_JOB, target.email);
    const textMessagesErased = await eraseTextMessagesTo(tx, target.phoneNumber, `erased:${target.id}`);
    const whatsappMessagesErased = await eraseWhatsappWith(tx, target.phoneNumber, `erased:${target.id}`);
    const contactCleared = await clearCompanyContactOf(tx, target.companyId, target);
    const staffRecordId = await retireStaffRecordOf(tx, target.id);
    const blanked = await blankAuditRowsAbout(tx, target.id, staffRecordId);
    await audit(tx, actor, origin, {
      action: 'user.erased',
      entityType: 'user',
      entityId: target.id,
      data: {
        ...data,
        userType: target.userType,
        auditRowsBlanked: blanked,
        companyContactCleared: contactCleared,
        textMessagesErased,
        whatsappMessagesErased,
      },
    });
  });
  // This instance forgets the person's sessions at once; the others when the database's announcement arrives.
  ctx.principals.forget(`u:${userId}`);
}

/** The signed-in person erases their own account, confirming with their password. */
export async function eraseMyAccount(
  ctx: AppContext,
  principal: Principal,
  input: EraseMyAccountRequest,
): Promise<void> {
  // Only the caller's own account, named by the session, never by the request.
  const user = await findUserById(ctx.db, principal.userId);
  if (!user) throw notFound('User');
  await ctx.rateLimiter.check(ERASURE_PASSWORD_FAILURES, user.id);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await ctx.rateLimiter.hit(ERASURE_PASSWORD_FAILURES, user.id).catch(() => undefined);
    throw new AppError('BAD_REQUEST', WRONG_PASSWORD, {
      errors: [{ field: 'password', message: WRONG_PASSWORD }],
    });
  }
  await erase(ctx, user.id, 'self', principal, WITHHELD_ORIGIN, { by: 'SELF' });
}

/** An admin erases a person's account at that person's request, with the reason on record. */
export async function eraseUserAsAdmin(
  ctx: AppContext,
  principal: Principal,
  userId: string,
  input: AdminEraseUserRequest,
  ip: string,
): Promise<void> {
  if (principal.role !== 'role_admin') throw new AppError('FORBIDDEN', 'Your account type cannot do this.');
  if (userId === principal.userId) {
    throw new AppError(
      'UNPROCESSABLE',
      'You cannot erase your own account here. Use "Delete my account" on your profile page.',
    );
  }
  await erase(ctx, userId, 'admin', principal, { ip }, { by: 'ADMIN', reason: input.reason });
}
