import { and, desc, eq, gt, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserStatus, UserType } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { auditLog, companies, fleetManagers, sessions, users } from '../../db/schema';
import { containsPattern } from '../../lib/search';

export interface AdminUserFilter {
  q?: string | undefined;
  /** The digits of `q` as they appear in a stored +234 number, when `q` reads as (part of) a phone number. */
  phoneDigits?: string | undefined;
  companyId?: string | undefined;
  userType?: UserType | undefined;
  status?: AdminUserStatus | undefined;
}

function statusFilter(status: AdminUserStatus | undefined): SQL | undefined {
  switch (status) {
    case 'ACTIVE':
      return and(isNotNull(users.activatedAt), isNull(users.deactivatedAt));
    case 'NOT_ACTIVATED':
      return and(isNull(users.activatedAt), isNull(users.deactivatedAt));
    case 'DEACTIVATED':
      return isNotNull(users.deactivatedAt);
    default:
      return undefined;
  }
}

function filterOf(filter: AdminUserFilter): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return and(
    filter.companyId ? eq(users.companyId, filter.companyId) : undefined,
    filter.userType ? eq(users.userType, filter.userType) : undefined,
    statusFilter(filter.status),
    pattern
      ? or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
          filter.phoneDigits ? ilike(users.phoneNumber, containsPattern(filter.phoneDigits)) : undefined,
        )
      : undefined,
  );
}

// Drizzle leaves columns unqualified in some selects, so the correlated subquery names the outer row.
const outerUserId = sql.raw('"users"."id"');
/** Every sign-in starts a session, so the newest session is the last sign-in. */
const lastSignInAt = sql<Date | null>`(
  SELECT max(s.created_at) FROM sessions s WHERE s.user_id = ${outerUserId})`.mapWith(sessions.createdAt);

/** Users with their company, newest first. */
export async function listAdminUsers(
  db: Executor,
  filter: AdminUserFilter,
  page: { offset: number; limit: number },
) {
  return db
    .select({ user: users, company: companies, lastSignInAt })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(filterOf(filter))
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countAdminUsers(db: Executor, filter: AdminUserFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(filterOf(filter));
  return row?.count ?? 0;
}

/** A user with their company; locked for the rest of the transaction when `forUpdate`. */
export async function findAdminUser(db: Executor, userId: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ user: users, company: companies, lastSignInAt })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  return row;
}

export type AdminUserRecord = NonNullable<Awaited<ReturnType<typeof findAdminUser>>>;

/** Sign-ins not ended and used within the refresh token's lifetime, which is how long an unused one lasts. */
export async function countLiveSessions(db: Executor, userId: string, usedSince: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.lastUsedAt, usedSince)));
  return row?.count ?? 0;
}

/** The reason given with the user's latest deactivation by an admin, as the audit log keeps it. */
export async function findDeactivationReason(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: sql<string | null>`${auditLog.data}->>'reason'` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'user'),
        eq(auditLog.entityId, userId),
        eq(auditLog.action, 'user.deactivated'),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row?.reason ?? null;
}

/** Whether the user is a fleet manager their company has switched off (null: not a fleet manager). */
export async function findFleetManagerActive(db: Executor, userId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ active: fleetManagers.active })
    .from(fleetManagers)
    .where(eq(fleetManagers.userId, userId))
    .limit(1);
  return row ? row.active : null;
}
