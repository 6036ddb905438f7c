import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, companyDocuments } from '../../db/schema';

export async function findCompany(db: Executor, companyId: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row;
}

export async function updateCompany(
  db: Executor,
  companyId: string,
  values: Partial<typeof companies.$inferInsert>,
) {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning();
  return row;
}

/** Newest first, so the first row of a type is its current document. */
export async function listCompanyDocuments(db: Executor, companyId: string) {
  return db
    .select({
      type: companyDocuments.type,
      status: companyDocuments.status,
      createdAt: companyDocuments.createdAt,
    })
    .from(companyDocuments)
    .where(eq(companyDocuments.companyId, companyId))
    .orderBy(desc(companyDocuments.createdAt));
}
