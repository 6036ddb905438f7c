import {
  adminUserStatus,
  ROLE_OF_USER_TYPE,
  toPage,
  USER_TYPES,
  type AdminUserDetail,
  type AdminUserListQuery,
  type AdminUserSummary,
  type Page,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import { AppError, notFound } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { revokeAllSessionsOfUser } from '../../queries/session.repository';
import { updateUser } from '../../queries/user.repository';
import { queueActivationMail } from '../user';
import {
  countAdminUsers,
  countLiveSessions,
  findAdminUser,
  findDeactivationReason,
  findFleetManagerActive,
  listAdminUsers,
  type AdminUserRecord,
} from './admin-user.repository';

function requireAdmin(principal: Principal): void {
  if (principal.role !== 'role_admin') throw new AppError('FORBIDDEN', 'Your account type cannot do this.');
}

/**
 * The digits of a search text as they appear in a stored number (+234 followed by 10 digits), when the
 * text reads as (part of) a phone number: "0803 123" finds +234803123…, as does "803123" or "+234803".
 */
function phoneDigitsOf(q: string): string | undefined {
  const digits = q.replace(/[\s\-().+]/g, '');
  if (!/^\d{3,}$/.test(digits)) return undefined;
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

function toSummary({ user, company, lastSignInAt }: AdminUserRecord): AdminUserSummary {
  const activated = user.activatedAt !== null;
  const deactivated = user.deactivatedAt !== null;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    userType: user.userType,
    role: ROLE_OF_USER_TYPE[user.userType],
    activated,
    deactivated,
    status: adminUserStatus({ activated, deactivated }),
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: lastSignInAt?.toISOString() ?? null,
    company: {
      id: company.id,
      name: company.name,
      type: company.type,
      verificationStatus: company.verificationStatus,
    },
  };
}

export async function listUsersForAdmin(
  ctx: AppContext,
  principal: Principal,
  query: AdminUserListQuery,
): Promise<Page<AdminUserSummary>> {
  requireAdmin(principal);
  const userType = query.role ? USER_TYPES.find((t) => ROLE_OF_USER_TYPE[t] === query.role) : undefined;
  const filter = {
    q: query.q,
    phoneDigits: query.q ? phoneDigitsOf(query.q) : undefined,
    companyId: query.companyId,
    userType,
    status: query.status,
  };
  const [rows, total] = await readAll(ctx.db, [
    () => listAdminUsers(ctx.db, filter, { offset: query.page * query.size, limit: query.size }),
    () => countAdminUsers(ctx.db, filter),
  ]);
  return toPage(rows.map(toSummary), total, query);
}

async function loadUser(db: Executor, userId: string, forUpdate = false): Promise<AdminUserRecord> {
  const record = await findAdminUser(db, userId, { forUpdate });
  if (!record) throw notFound('User');
  return record;
}

async function detailOf(ctx: AppContext, db: Executor, record: AdminUserRecord): Promise<AdminUserDetail> {
  const { user, company } = record;
  const usedSince = new Date(Date.now() - ctx.env.REFRESH_TOKEN_TTL_SECONDS * 1000);
  // One after another: inside a transaction they share one connection.
  const liveSessionCount = await countLiveSessions(db, user.id, usedSince);
  const deactivationReason = user.deactivatedAt ? await findDeactivationReason(db, user.id) : null;
  const summary = toSummary(record);
  return {
    ...summary,
    company: { ...summary.company, suspendedAt: company.suspendedAt?.toISOString() ?? null },
    activatedAt: user.activatedAt?.toISOString() ?? null,
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
    deactivationReason,
    erasedAt: user.erasedAt?.toISOString() ?? null,
    termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
    liveSessionCount,
  };
}

export async function getUserForAdmin(
  ctx: AppContext,
  principal: Principal,
  userId: string,
): Promise<AdminUserDetail> {
  requireAdmin(principal);
  return detailOf(ctx, ctx.db, await loadUser(ctx.db, userId));
}

/**
 * Stops an account: it cannot sign in, and every session it has ends at once (the revoked sessions and
 * the user's change are announced to every instance's session cache). The reason stays in the audit log.
 */
export async function deactivateUser(
  ctx: AppContext,
  principal: Principal,
  userId: string,
  reason: string,
  request: RequestOrigin,
): Promise<AdminUserDetail> {
  requireAdmin(principal);
  if (userId === principal.userId) {
    throw new AppError('UNPROCESSABLE', 'You cannot deactivate your own account. Ask another admin.');
  }
  const detail = await ctx.db.transaction(async (tx) => {
    const current = await loadUser(tx, userId, true);
    if (current.user.deactivatedAt) throw new AppError('CONFLICT', 'This account is already deactivated.');
    const deactivatedAt = new Date();
    const user = await updateUser(tx, userId, { deactivatedAt });
    await revokeAllSessionsOfUser(tx, userId, 'DEACTIVATED');
    await audit(tx, { userId: principal.userId, companyId: current.user.companyId }, request, {
      action: 'user.deactivated',
      entityType: 'user',
      entityId: userId,
      data: {
        reason,
        before: { deactivatedAt: null },
        after: { deactivatedAt: deactivatedAt.toISOString() },
      },
    });
    return detailOf(ctx, tx, { ...current, user: user! });
  });
  // This instance forgets at once; the others when the database's announcement reaches them.
  ctx.principals.forget(`u:${userId}`);
  return detail;
}

/** Lets a deactivated account sign in again with the password it had. */
export async function reactivateUser(
  ctx: AppContext,
  principal: Principal,
  userId: string,
  request: RequestOrigin,
): Promise<AdminUserDetail> {
  requireAdmin(principal);
  return ctx.db.transaction(async (tx) => {
    const current = await loadUser(tx, userId, true);
    if (current.user.erasedAt) {
      throw new AppError(
        'CONFLICT',
        "This account was erased at the person's request and cannot be reactivated.",
      );
    }
    if (!current.user.deactivatedAt) throw new AppError('CONFLICT', 'This account is not deactivated.');
    // A fleet manager the company switched off is the company's to switch on, on its fleet managers page.
    if ((await findFleetManagerActive(tx, userId)) === false) {
      throw new AppError(
        'CONFLICT',
        'This fleet manager was deactivated by their company. The company can reactivate them on its fleet managers page.',
      );
    }
    const user = await updateUser(tx, userId, { deactivatedAt: null });
    await audit(tx, { userId: principal.userId, companyId: current.user.companyId }, request, {
      action: 'user.reactivated',
      entityType: 'user',
      entityId: userId,
      data: {
        before: { deactivatedAt: current.user.deactivatedAt.toISOString() },
        after: { deactivatedAt: null },
      },
    });
    return detailOf(ctx, tx, { ...current, user: user! });
  });
}

/**
 * Sends a user who never activated a fresh activation link (earlier links stop working), the same e-mail
 * sign-up sends. A fleet manager joins through their company's invitation instead, which sets a password.
 */
export async function resendActivationForUser(
  ctx: AppContext,
  principal: Principal,
  userId: string,
  request: RequestOrigin,
): Promise<AdminUserDetail> {
  requireAdmin(principal);
  const detail = await ctx.db.transaction(async (tx) => {
    const current = await loadUser(tx, userId, true);
    const { user } = current;
    if (user.activatedAt) throw new AppError('CONFLICT', 'This account is already active.');
    if (user.deactivatedAt) {
      throw new AppError(
        'CONFLICT',
        'This account is deactivated. Reactivate it before sending an activation link.',
      );
    }
    if (user.userType === 'FLEET_MANAGER') {
      throw new AppError(
        'CONFLICT',
        'A fleet manager joins through their company’s invitation. The company can send it again on its fleet managers page.',
      );
    }
    await queueActivationMail(ctx, tx, user);
    await audit(tx, { userId: principal.userId, companyId: user.companyId }, request, {
      action: 'user.activation_resent',
      entityType: 'user',
      entityId: user.id,
      data: { to: user.email },
    });
    return detailOf(ctx, tx, current);
  });
  ctx.jobs.kick();
  return detail;
}
