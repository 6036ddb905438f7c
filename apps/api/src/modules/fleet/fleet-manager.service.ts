import {
  toPage,
  type FleetListQuery,
  type FleetManager,
  type InviteFleetManagerRequest,
  type Page,
  type UpdateFleetManagerRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { audit, changeOf } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password-hash';
import { randomToken } from '../../lib/secure-token';
import type { Principal } from '../../plugins/auth';
import { MAIL_JOB } from '../../plugins/mail';
import { revokeAllSessionsOfUser } from '../../queries/session.repository';
import { issueAccountToken, INVITATION_TTL_DAYS } from '../user';
import {
  findUserByEmail,
  findUserByPhone,
  findUserWithCompany,
  insertUser,
  updateUser,
} from '../../queries/user.repository';
import { duplicateField, toPerson } from './fleet-person';
import {
  findFleetManager,
  insertFleetManager,
  listFleetManagers,
  updateFleetManagerRow,
  type FleetManagerRecord,
} from './fleet-manager.repository';
import { fleetManagerInvitationEmail } from './fleet-manager-mail';

const EMAIL_TAKEN = 'This e-mail address is already used by another Freightlane account.';
const PHONE_TAKEN = 'This phone number is already registered to another Freightlane account.';
const EMAIL_FIXED =
  'This fleet manager has accepted the invitation and signs in with this e-mail address, so it cannot be changed.';

export function toFleetManager({ manager, user }: FleetManagerRecord): FleetManager {
  return {
    ...toPerson({
      id: manager.id,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      address: manager.address,
      nextOfKin: manager.nextOfKin,
      guarantor: manager.guarantor,
      active: manager.active,
      createdAt: manager.createdAt,
      updatedAt: manager.updatedAt,
    }),
    email: user.email,
    invitationStatus: user.activatedAt ? 'ACCEPTED' : 'PENDING',
  };
}

/** Logins are unique across the platform, so a clash with any user (of any company) is a conflict. */
async function assertLoginFree(
  ctx: AppContext,
  input: { email?: string | undefined; phoneNumber?: string | undefined },
  exceptUserId?: string,
): Promise<void> {
  const byEmail = input.email ? await findUserByEmail(ctx.db, input.email) : undefined;
  if (byEmail && byEmail.id !== exceptUserId) throw duplicateField('email', EMAIL_TAKEN);
  const byPhone = input.phoneNumber ? await findUserByPhone(ctx.db, input.phoneNumber) : undefined;
  if (byPhone && byPhone.id !== exceptUserId) throw duplicateField('phoneNumber', PHONE_TAKEN);
}

function loginClash(err: unknown): AppError | null {
  const dup = uniqueViolation(err);
  if (!dup) return null;
  return dup.constraint.includes('phone')
    ? duplicateField('phoneNumber', PHONE_TAKEN)
    : duplicateField('email', EMAIL_TAKEN);
}

/**
 * Runs a write of a manager's login in one transaction, then sends the mails it queued. A login taken by a
 * racing request after `assertLoginFree` passed reads as the same field error.
 */
async function writeLogin(
  ctx: AppContext,
  write: (tx: Executor) => Promise<FleetManagerRecord>,
  mailsQueued: boolean,
): Promise<FleetManager> {
  try {
    const record = await ctx.db.transaction(write);
    if (mailsQueued) ctx.jobs.kick();
    return toFleetManager(record);
  } catch (err) {
    throw loginClash(err) ?? err;
  }
}

/**
 * The invitation is a single-use link to the new-password page: setting a password there activates the
 * account, so the manager never needs a separate activation link.
 */
async function queueInvitation(
  ctx: AppContext,
  tx: Executor,
  principal: Principal,
  invitee: { id: string; email: string; firstName: string },
): Promise<void> {
  const owner = await findUserWithCompany(tx, principal.userId);
  if (!owner) throw notFound('Company');
  const token = await issueAccountToken(tx, invitee.id, 'INVITATION', INVITATION_TTL_DAYS * 24 * 3600 * 1000);
  // `invitation=1` lets the page ask for the consent to the terms that taking the invitation gives.
  const url = `${ctx.env.appUrl}/reset/password?token=${encodeURIComponent(token)}&invitation=1`;
  await ctx.jobs.enqueue(tx, MAIL_JOB, {
    to: invitee.email,
    ...fleetManagerInvitationEmail({
      firstName: invitee.firstName,
      companyName: owner.company.name,
      inviterName: `${owner.user.firstName} ${owner.user.lastName}`,
      url,
    }),
  });
}

export async function listFleetManagersOf(
  ctx: AppContext,
  principal: Principal,
  query: FleetListQuery,
): Promise<Page<FleetManager>> {
  const { rows, total } = await listFleetManagers(ctx.db, principal.companyId, query);
  return toPage(rows.map(toFleetManager), total, query);
}

export async function getFleetManager(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<FleetManager> {
  const row = await findFleetManager(ctx.db, principal.companyId, id);
  if (!row) throw notFound('Fleet manager');
  return toFleetManager(row);
}

/**
 * Creates the manager's login in the owner's company, not yet active and with a password nobody knows, and
 * e-mails the invitation; all or nothing.
 */
export async function inviteFleetManager(
  ctx: AppContext,
  principal: Principal,
  input: InviteFleetManagerRequest,
  ip: string,
): Promise<FleetManager> {
  await assertLoginFree(ctx, input);
  const unusablePasswordHash = await hashPassword(randomToken());
  return writeLogin(
    ctx,
    async (tx) => {
      const user = await insertUser(tx, {
        companyId: principal.companyId,
        email: input.email,
        phoneNumber: input.phoneNumber,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: unusablePasswordHash,
        userType: 'FLEET_MANAGER',
        activatedAt: null,
      });
      const manager = await insertFleetManager(tx, {
        companyId: principal.companyId,
        userId: user.id,
        address: input.address,
        nextOfKin: input.nextOfKin,
        guarantor: input.guarantor,
        invitedByUserId: principal.userId,
      });
      await queueInvitation(ctx, tx, principal, user);
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'fleet_manager.invited',
          entityType: 'fleet_manager',
          entityId: manager.id,
          data: { userId: user.id, email: user.email },
        },
      );
      return { manager, user };
    },
    true,
  );
}

/**
 * Name, phone and e-mail live on the login, the rest on the staff record. The e-mail may change only while
 * the invitation is pending, and then the invitation goes again to the new address.
 */
export async function updateFleetManager(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: UpdateFleetManagerRequest,
  ip: string,
): Promise<FleetManager> {
  const current = await findFleetManager(ctx.db, principal.companyId, id);
  if (!current) throw notFound('Fleet manager');
  const emailChanges = input.email !== undefined && input.email !== current.user.email;
  if (emailChanges && current.user.activatedAt) {
    throw new AppError('BAD_REQUEST', EMAIL_FIXED, { errors: [{ field: 'email', message: EMAIL_FIXED }] });
  }
  await assertLoginFree(ctx, input, current.user.id);
  const { firstName, lastName, phoneNumber, email, ...staff } = input;
  return writeLogin(
    ctx,
    async (tx) => {
      const locked = await findFleetManager(tx, principal.companyId, id, { forUpdate: true });
      if (!locked) throw notFound('Fleet manager');
      const user = await updateUser(tx, locked.user.id, {
        firstName,
        lastName,
        phoneNumber,
        ...(emailChanges ? { email } : {}),
      });
      const manager = await updateFleetManagerRow(tx, locked.manager.id, staff);
      if (emailChanges && user && manager.active) await queueInvitation(ctx, tx, principal, user);
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'fleet_manager.updated',
          entityType: 'fleet_manager',
          entityId: locked.manager.id,
          data: {
            ...changeOf(
              { ...locked.user, ...locked.manager },
              { firstName, lastName, phoneNumber, ...(emailChanges ? { email } : {}), ...staff },
            ),
            invitationResent: emailChanges,
          },
        },
      );
      return { manager, user: user! };
    },
    emailChanges,
  );
}

/**
 * A deactivated manager cannot sign in and is signed out at once; activating lets them sign in again with
 * the password they had.
 */
export async function setFleetManagerActive(
  ctx: AppContext,
  principal: Principal,
  id: string,
  active: boolean,
  ip: string,
): Promise<FleetManager> {
  const record = await ctx.db.transaction(async (tx) => {
    const current = await findFleetManager(tx, principal.companyId, id, { forUpdate: true });
    if (!current) throw notFound('Fleet manager');
    if (!active && current.user.id === principal.userId) {
      throw new AppError('UNPROCESSABLE', 'You cannot deactivate your own account. Ask the company owner.');
    }
    if (current.manager.active === active) return current;
    if (active && current.user.erasedAt) {
      // The person is gone (docs/decisions/018-data-rights.md): nobody could sign in to this account again.
      throw new AppError(
        'UNPROCESSABLE',
        'This fleet manager erased their account, so it cannot be activated again. Invite them afresh if they come back.',
      );
    }
    const manager = await updateFleetManagerRow(tx, current.manager.id, { active });
    const user = await updateUser(tx, current.user.id, { deactivatedAt: active ? null : new Date() });
    if (!active) await revokeAllSessionsOfUser(tx, current.user.id, 'DEACTIVATED');
    await audit(
      tx,
      principal,
      { ip },
      {
        action: active ? 'fleet_manager.activated' : 'fleet_manager.deactivated',
        entityType: 'fleet_manager',
        entityId: current.manager.id,
        data: { userId: current.user.id, before: { active: current.manager.active }, after: { active } },
      },
    );
    return { manager, user: user! };
  });
  return toFleetManager(record);
}
