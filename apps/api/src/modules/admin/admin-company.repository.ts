import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyType, VerificationStatus } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { companies, users } from '../../db/schema';
import { containsPattern } from '../../lib/search';

export interface AdminCompanyFilter {
  status?: VerificationStatus | undefined;
  type?: CompanyType | undefined;
  q?: string | undefined;
  /** true: suspended companies only; false: those not suspended. */
  suspended?: boolean | undefined;
}

// Drizzle leaves columns unqualified in a one-table select, so the correlated subqueries name
// the outer company row explicitly.
const outerCompanyId = sql.raw('"companies"."id"');
// The earliest user of a company is the one who signed it up.
const ownerEmail = sql<string | null>`(
  SELECT u.email FROM users u WHERE u.company_id = ${outerCompanyId}
  ORDER BY u.created_at ASC, u.id ASC LIMIT 1)`;
const currentDocumentCount = sql<number>`(
  SELECT count(DISTINCT d.type)::int FROM company_documents d WHERE d.company_id = ${outerCompanyId})`;

function filterOf(filter: AdminCompanyFilter): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return and(
    // The platform's own company is never reviewed.
    ne(companies.type, 'PLATFORM'),
    filter.status ? eq(companies.verificationStatus, filter.status) : undefined,
    filter.type ? eq(companies.type, filter.type) : undefined,
    filter.suspended === undefined
      ? undefined
      : filter.suspended
        ? isNotNull(companies.suspendedAt)
        : isNull(companies.suspendedAt),
    pattern
      ? or(
          ilike(companies.name, pattern),
          ilike(companies.cacRegistrationNumber, pattern),
          ilike(companies.tin, pattern),
          sql`EXISTS (SELECT 1 FROM users u WHERE u.company_id = ${outerCompanyId} AND u.email ILIKE ${pattern})`,
        )
      : undefined,
  );
}

/** Without a status filter the review queue comes first; then the most recently changed. */
export async function listAdminCompanies(
  db: Executor,
  filter: AdminCompanyFilter,
  page: { offset: number; limit: number },
) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      type: companies.type,
      verificationStatus: companies.verificationStatus,
      ownerEmail,
      documentCount: currentDocumentCount,
      suspendedAt: companies.suspendedAt,
      createdAt: companies.createdAt,
      updatedAt: companies.updatedAt,
    })
    .from(companies)
    .where(filterOf(filter))
    .orderBy(
      sql`CASE WHEN ${companies.verificationStatus} = 'PENDING_REVIEW' THEN 0 ELSE 1 END`,
      desc(companies.updatedAt),
      asc(companies.id),
    )
    .offset(page.offset)
    .limit(page.limit);
}

export async function countAdminCompanies(db: Executor, filter: AdminCompanyFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(companies)
    .where(filterOf(filter));
  return row?.count ?? 0;
}

export async function findCompanyOwner(db: Executor, companyId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

/** Everyone at the company who can still sign in hears about its verification. */
export async function listCompanyRecipients(db: Executor, companyId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deactivatedAt)));
}
