import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';

/** The advisory lock that makes platform administrators one at a time (beside 727274 migrations, 727275 demo). */
const PLATFORM_ADMIN_LOCK = 727276;

/**
 * Holds the platform administrators' lock until the transaction ends. Without it, two first
 * administrators made at the same moment would each find no platform company and make one.
 */
export async function holdPlatformAdminLock(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PLATFORM_ADMIN_LOCK})`);
}

/** The platform's own company, which every administrator belongs to: the oldest, should there be more. */
export async function findPlatformCompany(db: Executor) {
  const [row] = await db
    .select()
    .from(companies)
    .where(eq(companies.type, 'PLATFORM'))
    .orderBy(asc(companies.createdAt), asc(companies.id))
    .limit(1);
  return row;
}
