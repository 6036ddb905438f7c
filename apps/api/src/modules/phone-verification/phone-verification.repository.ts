import { and, eq, gt, isNull, min, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, drivers, phoneVerifications, users } from '../../db/schema';

export type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;

/** Whose number a code proves: a user's own, or a driver's (read back to the transporter). */
export type PhoneOwner = { userId: string } | { driverId: string };

const ownerColumn = (owner: PhoneOwner) =>
  'userId' in owner
    ? eq(phoneVerifications.userId, owner.userId)
    : eq(phoneVerifications.driverId, owner.driverId);

/** What a code for a user needs: their current number, whether it is proved, and their language. */
export async function findUserPhone(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      phoneNumber: users.phoneNumber,
      phoneVerifiedAt: users.phoneVerifiedAt,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** One driver of the company with its company's name (the code's text names it); any other company's is not there. */
export async function findDriverPhone(db: Executor, companyId: string, driverId: string) {
  const [row] = await db
    .select({
      id: drivers.id,
      companyId: drivers.companyId,
      companyName: companies.name,
      phoneNumber: drivers.phoneNumber,
      phoneVerifiedAt: drivers.phoneVerifiedAt,
      language: drivers.language,
    })
    .from(drivers)
    .innerJoin(companies, eq(companies.id, drivers.companyId))
    .where(and(eq(drivers.id, driverId), eq(drivers.companyId, companyId)))
    .limit(1);
  return row;
}

/**
 * Sends to one number wait for each other until their transaction ends, so two at once cannot both pass
 * the hourly cap (a transaction-scoped advisory lock keyed by the number).
 */
export async function lockNumberForSending(tx: Executor, phoneNumber: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`phone-verification:${phoneNumber}`}))`);
}

/** The owner's open (not yet used) code for this number, if any; locked when `forUpdate`. */
export async function findOpenVerification(
  db: Executor,
  owner: PhoneOwner,
  phoneNumber: string,
  options: { forUpdate?: boolean } = {},
): Promise<PhoneVerificationRow | undefined> {
  const query = db
    .select()
    .from(phoneVerifications)
    .where(
      and(
        ownerColumn(owner),
        eq(phoneVerifications.phoneNumber, phoneNumber),
        isNull(phoneVerifications.verifiedAt),
      ),
    )
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** Codes sent to a number (to anyone) in windows that began after `since`, and when the first began. */
export async function recentSendsTo(
  db: Executor,
  phoneNumber: string,
  since: Date,
): Promise<{ sends: number; firstAt: Date | null }> {
  const [row] = await db
    .select({ sends: sum(phoneVerifications.sends), firstAt: min(phoneVerifications.createdAt) })
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.phoneNumber, phoneNumber), gt(phoneVerifications.createdAt, since)));
  return { sends: Number(row?.sends ?? 0), firstAt: row?.firstAt ?? null };
}

export async function insertVerification(
  db: Executor,
  values: typeof phoneVerifications.$inferInsert,
): Promise<PhoneVerificationRow> {
  const [row] = await db.insert(phoneVerifications).values(values).returning();
  return row!;
}

export async function updateVerification(
  db: Executor,
  id: string,
  values: Partial<typeof phoneVerifications.$inferInsert>,
): Promise<PhoneVerificationRow> {
  const [row] = await db
    .update(phoneVerifications)
    .set(values)
    .where(eq(phoneVerifications.id, id))
    .returning();
  return row!;
}

/**
 * Marks the owner's number proved, only while it is still `phoneNumber` (a number changed meanwhile stays
 * unproved), and closes any open code for it. Whether the owner's number was marked.
 */
export async function markOwnerVerified(
  db: Executor,
  owner: PhoneOwner,
  phoneNumber: string,
  at: Date,
): Promise<boolean> {
  const marked =
    'userId' in owner
      ? await db
          .update(users)
          .set({ phoneVerifiedAt: at, updatedAt: at })
          .where(and(eq(users.id, owner.userId), eq(users.phoneNumber, phoneNumber)))
          .returning({ id: users.id })
      : await db
          .update(drivers)
          .set({ phoneVerifiedAt: at, updatedAt: at })
          .where(and(eq(drivers.id, owner.driverId), eq(drivers.phoneNumber, phoneNumber)))
          .returning({ id: drivers.id });
  if (marked.length === 0) return false;
  await db
    .update(phoneVerifications)
    .set({ verifiedAt: at })
    .where(
      and(
        ownerColumn(owner),
        eq(phoneVerifications.phoneNumber, phoneNumber),
        isNull(phoneVerifications.verifiedAt),
      ),
    );
  return true;
}
