import { randomUUID } from 'node:crypto';
import { ROLE_OF_USER_TYPE, type LoginRequest, type TokenPairResponse } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { TokenError } from '../../lib/jwt';
import { LIMITS } from '../../lib/limits';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password-hash';
import { findCompany } from '../../queries/company.repository';
import { findUserByEmail, findUserById, type UserRow } from '../../queries/user.repository';
import {
  insertRefreshToken,
  insertSession,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeSession,
  touchSession,
} from '../../queries/session.repository';
import { linkLoginDevice } from '../notification';

const BAD_CREDENTIALS = 'Incorrect e-mail or password.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const COMPANY_SUSPENDED =
  "Your company's Freightlane account has been suspended, so you cannot sign in. Contact Freightlane support.";

/** Whether the user's company is suspended by an admin: then no one of it signs in or refreshes a session. */
async function companySuspended(db: Executor, user: UserRow): Promise<boolean> {
  return Boolean((await findCompany(db, user.companyId))?.suspendedAt);
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  deviceId: string | null;
}

async function issueTokens(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  executor: Executor = ctx.db,
): Promise<TokenPairResponse> {
  const tokenId = randomUUID();
  const refresh = await ctx.tokens.signRefresh(user.id, sessionId, tokenId);
  await insertRefreshToken(executor, { id: tokenId, sessionId, expiresAt: refresh.expiresAt });
  const access = await ctx.tokens.signAccess({
    userId: user.id,
    sessionId,
    role: ROLE_OF_USER_TYPE[user.userType],
  });
  return {
    accessToken: access.token,
    refreshToken: refresh.token,
    tokenType: 'Bearer',
    expiresIn: access.expiresIn,
    userType: user.userType,
    firstName: user.firstName,
  };
}

export async function login(
  ctx: AppContext,
  input: LoginRequest,
  client: ClientInfo,
): Promise<TokenPairResponse> {
  await ctx.rateLimiter.hit(LIMITS.loginPerIp, client.ip);
  // Only failures count against an account, so its owner is not locked out by signing in often.
  await ctx.rateLimiter.check(LIMITS.loginFailuresPerAccount, input.username);
  const user = await findUserByEmail(ctx.db, input.username);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await ctx.rateLimiter.hit(LIMITS.loginFailuresPerAccount, input.username).catch(() => undefined);
    throw new AppError('INVALID_CREDENTIALS', BAD_CREDENTIALS);
  }
  if (user.deactivatedAt) {
    throw new AppError('FORBIDDEN', 'This account has been deactivated. Contact your company administrator.');
  }
  if (await companySuspended(ctx.db, user)) throw new AppError('FORBIDDEN', COMPANY_SUSPENDED);
  if (!user.activatedAt) {
    throw new AppError(
      'ACCOUNT_NOT_ACTIVATED',
      'Your account has not been activated yet. Open the activation link we e-mailed you, or request a new one.',
    );
  }
  return ctx.db.transaction(async (tx) => {
    const session = await insertSession(tx, {
      userId: user.id,
      deviceId: client.deviceId,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ipAddress: client.ip,
    });
    await linkLoginDevice(ctx, tx, { userId: user.id, sessionId: session.id }, client.deviceId);
    await audit(
      tx,
      { userId: user.id, companyId: user.companyId },
      { ip: client.ip },
      { action: 'user.signed_in', entityType: 'session', entityId: session.id },
    );
    return issueTokens(ctx, user, session.id, tx);
  });
}

/**
 * Rotates a refresh token. A token that was already rotated means someone holds a copy: the
 * whole family (the session) is revoked, ending both the thief's and the owner's sign-in.
 */
export async function refresh(ctx: AppContext, refreshToken: string, ip: string): Promise<TokenPairResponse> {
  await ctx.rateLimiter.hit(LIMITS.refreshPerIp, ip);
  let claims;
  try {
    claims = await ctx.tokens.verifyRefresh(refreshToken);
  } catch (err) {
    if (err instanceof TokenError) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
    throw err;
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await lockRefreshToken(tx, claims.tokenId);
    if (!row || row.session.id !== claims.sessionId || row.session.userId !== claims.userId) {
      return { kind: 'invalid' as const };
    }
    if (row.session.revokedAt) return { kind: 'invalid' as const };
    if (row.token.usedAt) {
      await revokeSession(tx, row.session.id, 'REUSE_DETECTED');
      const user = await findUserById(tx, claims.userId);
      await audit(
        tx,
        { userId: claims.userId, companyId: user?.companyId ?? null },
        { ip },
        { action: 'session.reuse_detected', entityType: 'session', entityId: row.session.id },
      );
      return { kind: 'reused' as const };
    }
    const user = await findUserById(tx, claims.userId);
    if (!user || user.deactivatedAt || !user.activatedAt) return { kind: 'invalid' as const };
    if (await companySuspended(tx, user)) return { kind: 'invalid' as const };
    await markRefreshTokenUsed(tx, row.token.id);
    await touchSession(tx, row.session.id);
    return { kind: 'ok' as const, tokens: await issueTokens(ctx, user, row.session.id, tx) };
  });
  if (outcome.kind === 'reused') {
    // This instance forgets the family at once; the others when the database's announcement reaches them.
    ctx.principals.forget(`s:${claims.sessionId}`);
    throw new AppError(
      'UNAUTHENTICATED',
      'This sign-in was ended to protect your account. Please sign in again.',
    );
  }
  if (outcome.kind === 'invalid') throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
  return outcome.tokens;
}

/** Ends the session of the given refresh token (and of the caller's access token, when sent). */
export async function logout(
  ctx: AppContext,
  refreshToken: string,
  accessSessionId: string | null,
): Promise<void> {
  const sessionIds = new Set<string>();
  if (accessSessionId) sessionIds.add(accessSessionId);
  try {
    sessionIds.add((await ctx.tokens.verifyRefresh(refreshToken)).sessionId);
  } catch (err) {
    if (!(err instanceof TokenError)) throw err;
  }
  for (const id of sessionIds) {
    await revokeSession(ctx.db, id, 'LOGOUT');
    // This instance forgets at once (V3.3.1); the others when the database's announcement reaches them.
    ctx.principals.forget(`s:${id}`);
  }
}
