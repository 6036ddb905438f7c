import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accountTokens, companies, users } from '../db/schema';
import { prepared } from '../db/prepared';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type TokenPurpose = 'ACTIVATION' | 'PASSWORD_RESET' | 'INVITATION';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserByPhone(db: Executor, phoneNumber: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserWithCompany(
  db: Executor,
  userId: string,
): Promise<{ user: UserRow; company: CompanyRow } | undefined> {
  const [row] = await prepared(db, 'user_with_company', (d) =>
    d
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1),
  ).execute({ userId });
  return row;
}

export async function insertCompany(
  db: Executor,
  values: typeof companies.$inferInsert,
): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/**
 * Changes a user's row. A new phone number is unverified until a code proves it again (issue 32), whichever
 * path changes it (their profile, the fleet manager's page); the same number sent again keeps its proof.
 */
export async function updateUser(
  db: Executor,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const proofOfPhone =
    values.phoneNumber !== undefined && values.phoneVerifiedAt === undefined
      ? {
          phoneVerifiedAt: sql`CASE WHEN ${users.phoneNumber} = ${values.phoneNumber} THEN ${users.phoneVerifiedAt} END`,
        }
      : {};
  const [row] = await db
    .update(users)
    .set({ ...values, ...proofOfPhone, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function insertAccountToken(
  db: Executor,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(accountTokens).values(values);
}

/** Earlier unused links of the same purpose stop working when a new one is sent. */
export async function retireAccountTokens(
  db: Executor,
  userId: string,
  purpose: TokenPurpose,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

/** A token of one of `purposes`: a link for one purpose never works for another. */
export async function findAccountToken(
  db: Executor,
  tokenHash: string,
  purposes: TokenPurpose | readonly TokenPurpose[],
) {
  const list = typeof purposes === 'string' ? [purposes] : [...purposes];
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), inArray(accountTokens.purpose, list)))
    .limit(1);
  return row;
}

/** Marks the token used only if nobody else did first; false means it was already spent. */
export async function spendAccountToken(db: Executor, tokenId: string): Promise<boolean> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return rows.length === 1;
}

/** The people of these companies who can act on what they are told: activated, not deactivated. */
export async function listActiveUsersOfCompanies(db: Executor, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({ companyId: users.companyId, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(inArray(users.companyId, companyIds), isNotNull(users.activatedAt), isNull(users.deactivatedAt)),
    )
    .orderBy(asc(users.email));
}
