import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { companies, refreshTokens, sessions, users } from '../db/schema';

type RevokeReason = NonNullable<typeof sessions.$inferSelect.revokedReason>;

export async function insertSession(
  db: Executor,
  values: { userId: string; deviceId: string | null; userAgent: string | null; ipAddress: string },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function insertRefreshToken(
  db: Executor,
  values: { id: string; sessionId: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

/** Locks the refresh token row so two refreshes with one token cannot both rotate it. */
export async function lockRefreshToken(db: Executor, tokenId: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.id, tokenId))
    .for('update', { of: refreshTokens })
    .limit(1);
  return row;
}

export async function markRefreshTokenUsed(db: Executor, tokenId: string) {
  await db.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, tokenId));
}

export async function touchSession(db: Executor, sessionId: string) {
  await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: string, reason: RevokeReason) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessionsOfUser(db: Executor, userId: string, reason: RevokeReason) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * What an authenticated request needs, in one indexed lookup: the session is live, the user is
 * active, the company is not suspended, and which company the user acts for.
 */
export async function findLiveSessionPrincipal(db: Executor, sessionId: string, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      companyId: users.companyId,
      companyType: companies.type,
      verificationStatus: companies.verificationStatus,
      userType: users.userType,
      firstName: users.firstName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        isNull(users.deactivatedAt),
        sql`${users.activatedAt} IS NOT NULL`,
        // A suspended company's sessions stop working at once (the suspension announces itself to the cache).
        isNull(companies.suspendedAt),
      ),
    )
    .limit(1);
  return row;
}
