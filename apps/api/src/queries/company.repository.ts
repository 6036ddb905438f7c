import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { companies, companyDocuments } from '../db/schema';

export type CompanyDocumentRow = typeof companyDocuments.$inferSelect;

export async function findCompany(db: Executor, companyId: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row;
}

/** Reads the company and holds it until the transaction ends, so two changes to its status queue up. */
export async function lockCompany(db: Executor, companyId: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1).for('update');
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

/** The current (newest) document of each type; older uploads stay as history. Newest first. */
export async function listCurrentCompanyDocuments(db: Executor, companyId: string) {
  const rows = await db
    .selectDistinctOn([companyDocuments.type])
    .from(companyDocuments)
    .where(eq(companyDocuments.companyId, companyId))
    .orderBy(asc(companyDocuments.type), desc(companyDocuments.createdAt));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

export async function insertCompanyDocument(db: Executor, values: typeof companyDocuments.$inferInsert) {
  const [row] = await db.insert(companyDocuments).values(values).returning();
  return row!;
}

/** A document of this company only: another company's id finds nothing. */
export async function findCompanyDocument(db: Executor, companyId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(companyDocuments)
    .where(and(eq(companyDocuments.id, documentId), eq(companyDocuments.companyId, companyId)))
    .limit(1);
  return row;
}

export async function reviewCompanyDocuments(
  db: Executor,
  companyId: string,
  documentIds: string[],
  review: {
    status: 'APPROVED' | 'REJECTED';
    reviewedBy: string;
    rejectionReason: string | null;
  },
) {
  if (documentIds.length === 0) return;
  await db
    .update(companyDocuments)
    .set({ ...review, reviewedAt: new Date() })
    .where(and(eq(companyDocuments.companyId, companyId), inArray(companyDocuments.id, documentIds)));
}
