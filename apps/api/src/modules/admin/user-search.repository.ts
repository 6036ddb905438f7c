import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, users } from '../../db/schema';

/** Users with this exact (E.164) phone number, with their company; the unique index makes it one at most. */
export async function findUsersByPhone(db: Executor, phoneNumber: string) {
  return db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.phoneNumber, phoneNumber))
    .orderBy(users.createdAt);
}
