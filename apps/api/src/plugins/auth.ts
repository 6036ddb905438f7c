import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  ROLE_OF_USER_TYPE,
  type CompanyType,
  type Role,
  type UserType,
  type VerificationStatus,
} from '@freightlane/domain';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { TokenError } from '../lib/jwt';
import { findLiveSessionPrincipal } from '../queries/session.repository';

/** Who is calling, read from a verified access token and checked against the database. */
export interface Principal {
  userId: string;
  sessionId: string;
  companyId: string;
  companyType: CompanyType;
  verificationStatus: VerificationStatus;
  role: Role;
  userType: UserType;
  firstName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Reads the caller when a valid access token is sent; null when there is none. */
export async function readPrincipal(ctx: AppContext, request: FastifyRequest): Promise<Principal | null> {
  const token = bearerToken(request);
  if (!token) return null;
  let claims;
  try {
    claims = await ctx.tokens.verifyAccess(token);
  } catch (err) {
    if (err instanceof TokenError) {
      throw new AppError(
        'UNAUTHENTICATED',
        err.reason === 'expired' ? 'Your session has expired. Please sign in again.' : 'You need to sign in.',
      );
    }
    throw err;
  }
  const row = await ctx.principals.lookup(claims.sessionId, claims.userId, () =>
    findLiveSessionPrincipal(ctx.db, claims.sessionId, claims.userId),
  );
  // The role in the token must still be the user's role: a changed role ends old tokens.
  if (!row || ROLE_OF_USER_TYPE[row.userType] !== claims.role) {
    throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  }
  return { ...row, sessionId: claims.sessionId, role: claims.role };
}

/** A preHandler that needs a signed-in caller, and one of `roles` when given. */
export function requireAuth(ctx: AppContext, ...roles: Role[]): preHandlerAsyncHookHandler {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const principal = await readPrincipal(ctx, request);
    if (!principal) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
    if (roles.length > 0 && !roles.includes(principal.role)) {
      throw new AppError('FORBIDDEN', 'Your account type cannot do this.');
    }
    request.principal = principal;
  };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
  return request.principal;
}
