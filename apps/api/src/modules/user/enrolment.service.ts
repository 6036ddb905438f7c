import { TERMS_VERSION, type PhoneCheckResponse, type SignupRequest } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { LIMITS } from '../../lib/limits';
import { hashPassword } from '../../lib/password-hash';
import { hashToken, randomToken } from '../../lib/secure-token';
import { MAIL_JOB } from '../../plugins/mail';
import type { Executor } from '../../db/client';
import {
  findAccountToken,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertAccountToken,
  insertCompany,
  insertUser,
  retireAccountTokens,
  spendAccountToken,
  updateUser,
  type TokenPurpose,
  type UserRow,
} from '../../queries/user.repository';
import { activationEmail, signupAttemptEmail } from './user-mail';

export const ACTIVATION_TTL_HOURS = 72;

const DUPLICATE_PHONE = 'This phone number is already registered to another account.';
/** A 409 that names the phone number field, so the form can mark it. */
function duplicatePhone(): AppError {
  return new AppError('CONFLICT', DUPLICATE_PHONE, {
    errors: [{ field: 'phoneNumber', message: DUPLICATE_PHONE }],
  });
}

export const RESEND_ANSWER =
  'If that e-mail belongs to an account that is not yet active, we have sent a new activation link.';

/**
 * A new single-use token for `purpose`; earlier unused ones of that purpose stop working. Returns the
 * token itself, which only the e-mail carries (the database keeps its hash).
 */
export async function issueAccountToken(
  tx: Executor,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
  await retireAccountTokens(tx, userId, purpose);
  await insertAccountToken(tx, {
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** A new activation link for `user` (earlier ones stop working), queued as the activation e-mail. */
export async function queueActivationMail(ctx: AppContext, tx: Executor, user: UserRow): Promise<void> {
  const token = await issueAccountToken(tx, user.id, 'ACTIVATION', ACTIVATION_TTL_HOURS * 3600 * 1000);
  const url = `${ctx.env.appUrl}/activate/account/?token=${encodeURIComponent(token)}`;
  await ctx.jobs.enqueue(tx, MAIL_JOB, { to: user.email, ...activationEmail(user.firstName, url) });
}

/**
 * Signs up a new account, or, for an e-mail address that already has one, tells its owner by e-mail and
 * changes nothing. Both answer alike (OWASP ASVS V2.2 / V3: no account enumeration), so only the mailbox
 * learns whether the address was registered. Whether a phone number is taken is public anyway (the phone
 * check answers it), so it is checked first: a refusal then depends on the phone alone, never on the e-mail.
 */
export async function signup(ctx: AppContext, input: SignupRequest, ip: string): Promise<void> {
  await ctx.rateLimiter.hit(LIMITS.signupPerIp, ip);
  // Hashed before anything is looked up, so a registered address takes as long as a new one.
  const passwordHash = await hashPassword(input.password);
  // The e-mail is looked up before the phone, and both always: a sign-up that commits between the two
  // lookups is then seen by the phone's if it was seen by the e-mail's, so the phone still decides first.
  const owner = await findUserByEmail(ctx.db, input.email);
  if (await findUserByPhone(ctx.db, input.phoneNumber)) throw duplicatePhone();
  if (owner) return tellOwnerOfSignupAttempt(ctx, owner);
  try {
    await ctx.db.transaction(async (tx) => {
      const company = await insertCompany(tx, { name: input.companyName, type: input.type });
      const created = await insertUser(tx, {
        companyId: company.id,
        email: input.email,
        phoneNumber: input.phoneNumber,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        userType: input.type,
        // The consent record. The schema refuses anything but an acceptance: the form's tick, or the
        // spec's seven-field call, which accepts the current terms by signing up (decision 018).
        termsAcceptedAt: new Date(),
        termsVersion: TERMS_VERSION,
      });
      await queueActivationMail(ctx, tx, created);
      await audit(
        tx,
        { userId: created.id, companyId: company.id },
        { ip },
        {
          action: 'user.signed_up',
          entityType: 'user',
          entityId: created.id,
          data: {
            type: input.type,
            termsVersion: TERMS_VERSION,
            termsAccepted: input.acceptTerms ? 'ticked' : 'by signing up',
          },
        },
      );
    });
    ctx.jobs.kick();
  } catch (err) {
    // Two sign-ups with the same details at the same moment: the unique index decides, and the loser is
    // answered by the same rules, the phone first.
    if (!uniqueViolation(err)) throw err;
    if (await findUserByPhone(ctx.db, input.phoneNumber)) throw duplicatePhone();
    const winner = await findUserByEmail(ctx.db, input.email);
    if (!winner) throw err;
    await tellOwnerOfSignupAttempt(ctx, winner);
  }
}

/** Mails the owner of a registered address that someone tried to sign up with it, a few times an hour at most. */
async function tellOwnerOfSignupAttempt(ctx: AppContext, owner: UserRow): Promise<void> {
  if (owner.deactivatedAt) return;
  try {
    await ctx.rateLimiter.hit(LIMITS.signupNoticePerAccount, owner.email);
  } catch (err) {
    // Refusing here would answer differently for a registered address; the owner has been told already.
    if (err instanceof AppError && err.code === 'RATE_LIMITED') return;
    throw err;
  }
  const mail = signupAttemptEmail(
    owner.firstName,
    `${ctx.env.appUrl}/signin`,
    `${ctx.env.appUrl}/resetpassword`,
  );
  await ctx.jobs.enqueue(ctx.db, MAIL_JOB, { to: owner.email, ...mail });
  ctx.jobs.kick();
}

export async function resendActivation(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.rateLimiter.hit(LIMITS.resendPerIp, ip);
  await ctx.rateLimiter.hit(LIMITS.resendPerAccount, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.activatedAt || user.deactivatedAt) return;
  await ctx.db.transaction((tx) => queueActivationMail(ctx, tx, user));
  ctx.jobs.kick();
}

export async function checkPhone(
  ctx: AppContext,
  phoneNumber: string,
  ip: string,
): Promise<PhoneCheckResponse> {
  await ctx.rateLimiter.hit(LIMITS.phoneCheckPerIp, ip);
  return { phoneNumber, available: !(await findUserByPhone(ctx.db, phoneNumber)) };
}

/**
 * Shared by activation, password reset and invitations: a single-use, expiring, e-mailed token of one of
 * `purposes`. The expiry message may depend on which kind of link it was, as their lifetimes differ.
 */
export async function redeemAccountToken(
  ctx: AppContext,
  executor: Executor,
  token: string,
  purposes: TokenPurpose | readonly TokenPurpose[],
  messages: { invalid: string; used: string; expired: string | ((purpose: TokenPurpose) => string) },
): Promise<UserRow> {
  const row = await findAccountToken(executor, hashToken(token), purposes);
  if (!row) throw new AppError('TOKEN_INVALID', messages.invalid);
  if (row.usedAt) throw new AppError('TOKEN_USED', messages.used);
  if (row.expiresAt.getTime() <= Date.now()) {
    const expired = typeof messages.expired === 'string' ? messages.expired : messages.expired(row.purpose);
    throw new AppError('TOKEN_EXPIRED', expired);
  }
  if (!(await spendAccountToken(executor, row.id))) throw new AppError('TOKEN_USED', messages.used);
  const user = await findUserById(executor, row.userId);
  if (!user || user.deactivatedAt) throw new AppError('TOKEN_INVALID', messages.invalid);
  return user;
}

export async function activateAccount(ctx: AppContext, token: string, ip: string): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const user = await redeemAccountToken(ctx, tx, token, 'ACTIVATION', {
      invalid: 'This activation link is not valid. Request a new one below.',
      used: 'This activation link has already been used. Sign in, or request a new link if your account is still not active.',
      expired: `This activation link has expired (links last ${ACTIVATION_TTL_HOURS} hours). Request a new one below.`,
    });
    if (!user.activatedAt) {
      const activatedAt = new Date();
      await updateUser(tx, user.id, { activatedAt });
      await audit(
        tx,
        { userId: user.id, companyId: user.companyId },
        { ip },
        {
          action: 'user.activated',
          entityType: 'user',
          entityId: user.id,
          data: { before: { activatedAt: null }, after: { activatedAt: activatedAt.toISOString() } },
        },
      );
    }
    return user;
  });
}
