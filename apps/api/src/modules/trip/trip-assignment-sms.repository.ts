import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, drivers } from '../../db/schema';

/** What the assignment SMS needs of the driver put on a trip: the number, whether it is verified, the language. */
export async function findDriverContact(db: Executor, driverId: string) {
  const [row] = await db
    .select({
      phoneNumber: drivers.phoneNumber,
      phoneVerifiedAt: drivers.phoneVerifiedAt,
      language: drivers.language,
    })
    .from(drivers)
    .where(eq(drivers.id, driverId))
    .limit(1);
  return row ?? null;
}

export async function findCompanyName(db: Executor, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.name ?? null;
}
