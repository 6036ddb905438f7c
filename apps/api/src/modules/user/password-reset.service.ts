import { ACCEPT_TERMS_MESSAGE, TERMS_VERSION } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { LIMITS } from '../../lib/limits';
import { hashPassword } from '../../lib/password-hash';
import { MAIL_JOB } from '../../plugins/mail';
import { revokeAllSessionsOfUser } from '../../queries/session.repository';
import { issueAccountToken, redeemAccountToken } from './enrolment.service';
import { findUserByEmail, updateUser } from '../../queries/user.repository';
import { passwordChangedEmail, passwordResetEmail } from './user-mail';

export const RESET_TTL_MINUTES = 60;
/** A fleet manager's invitation sets the first password through the same page, so it lasts longer. */
export const INVITATION_TTL_DAYS = 7;
export const RESET_INITIATED_ANSWER =
  'If an account exists for that e-mail address, we have sent it a link to reset the password. The link expires in 1 hour.';

export async function initiatePasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.rateLimiter.hit(LIMITS.resetPerIp, ip);
  await ctx.rateLimiter.hit(LIMITS.resetPerAccount, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.deactivatedAt) return;
  await ctx.db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, user.id, 'PASSWORD_RESET', RESET_TTL_MINUTES * 60 * 1000);
    const url = `${ctx.env.appUrl}/reset/password?token=${encodeURIComponent(token)}`;
    await ctx.jobs.enqueue(tx, MAIL_JOB, { to: user.email, ...passwordResetEmail(user.firstName, url) });
    await audit(
      tx,
      { userId: null, companyId: user.companyId },
      { ip },
      { action: 'user.password_reset_requested', entityType: 'user', entityId: user.id },
    );
  });
  ctx.jobs.kick();
}

/**
 * Sets the new password and signs the user out everywhere. The link proves the person holds the
 * mailbox, so an account that was never activated is activated too; that is how an invited fleet
 * manager's account comes alive. Whoever has no consent to the terms on record (an invited fleet
 * manager, whom nobody asked at sign-up) gives it here, or the link stays unspent.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  newPassword: string,
  ip: string,
  acceptTerms = false,
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const userId = await ctx.db.transaction(async (tx) => {
    const user = await redeemAccountToken(ctx, tx, token, ['PASSWORD_RESET', 'INVITATION'], {
      invalid: 'This reset link is not valid. Request a new one.',
      used: 'This reset link has already been used. Request a new one if you still need to reset your password.',
      expired: (purpose) =>
        purpose === 'INVITATION'
          ? `This invitation link has expired (links last ${INVITATION_TTL_DAYS} days). Use "Forgot password" with your e-mail address to get a new one.`
          : 'This reset link has expired (links last 1 hour). Request a new one.',
    });
    const consents = !user.termsAcceptedAt;
    if (consents && !acceptTerms) {
      throw new AppError('BAD_REQUEST', ACCEPT_TERMS_MESSAGE, {
        errors: [{ field: 'acceptTerms', message: ACCEPT_TERMS_MESSAGE }],
      });
    }
    const now = new Date();
    await updateUser(tx, user.id, {
      passwordHash,
      passwordChangedAt: now,
      activatedAt: user.activatedAt ?? now,
      ...(consents ? { termsAcceptedAt: now, termsVersion: TERMS_VERSION } : {}),
    });
    await revokeAllSessionsOfUser(tx, user.id, 'PASSWORD_RESET');
    await ctx.jobs.enqueue(tx, MAIL_JOB, {
      to: user.email,
      ...passwordChangedEmail(user.firstName, `${ctx.env.appUrl}/signin`),
    });
    await audit(
      tx,
      { userId: user.id, companyId: user.companyId },
      { ip },
      {
        action: 'user.password_reset',
        entityType: 'user',
        entityId: user.id,
        ...(consents ? { data: { termsVersion: TERMS_VERSION } } : {}),
      },
    );
    return user.id;
  });
  // Every session of the user ended: this instance forgets them at once, the others on the announcement.
  ctx.principals.forget(`u:${userId}`);
  ctx.jobs.kick();
}
