import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, preferredPartners } from '../../db/schema';
import { containsPattern } from '../../lib/search';

const partnerColumns = {
  transporterCompanyId: preferredPartners.transporterCompanyId,
  name: companies.name,
  address: companies.address,
  addedAt: preferredPartners.createdAt,
};

export async function listPreferredPartners(db: Executor, customerCompanyId: string) {
  return db
    .select(partnerColumns)
    .from(preferredPartners)
    .innerJoin(companies, eq(companies.id, preferredPartners.transporterCompanyId))
    .where(eq(preferredPartners.customerCompanyId, customerCompanyId))
    .orderBy(asc(companies.name), asc(companies.id));
}

export async function countPreferredPartners(db: Executor, customerCompanyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(preferredPartners)
    .where(eq(preferredPartners.customerCompanyId, customerCompanyId));
  return Number(row?.n ?? 0);
}

/** A company customers may pick as a partner: a verified transporter. */
export async function findVerifiedTransporter(db: Executor, companyId: string) {
  const [row] = await db
    .select()
    .from(companies)
    .where(
      and(
        eq(companies.id, companyId),
        eq(companies.type, 'TRANSPORTER'),
        eq(companies.verificationStatus, 'VERIFIED'),
      ),
    )
    .limit(1);
  return row;
}

/** Inserts the pair; undefined when it was already there. */
export async function insertPreferredPartner(
  db: Executor,
  customerCompanyId: string,
  transporterCompanyId: string,
) {
  const [row] = await db
    .insert(preferredPartners)
    .values({ customerCompanyId, transporterCompanyId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function deletePreferredPartner(
  db: Executor,
  customerCompanyId: string,
  transporterCompanyId: string,
) {
  const [row] = await db
    .delete(preferredPartners)
    .where(
      and(
        eq(preferredPartners.customerCompanyId, customerCompanyId),
        eq(preferredPartners.transporterCompanyId, transporterCompanyId),
      ),
    )
    .returning();
  return row;
}

/** Verified transporters by name, each flagged when already a partner of the customer. */
export async function searchTransporters(db: Executor, customerCompanyId: string, q: string, limit: number) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      address: companies.address,
      preferred: sql<boolean>`${preferredPartners.transporterCompanyId} IS NOT NULL`,
    })
    .from(companies)
    .leftJoin(
      preferredPartners,
      and(
        eq(preferredPartners.transporterCompanyId, companies.id),
        eq(preferredPartners.customerCompanyId, customerCompanyId),
      ),
    )
    .where(
      and(
        eq(companies.type, 'TRANSPORTER'),
        eq(companies.verificationStatus, 'VERIFIED'),
        q ? ilike(companies.name, containsPattern(q)) : undefined,
      ),
    )
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(limit);
}
