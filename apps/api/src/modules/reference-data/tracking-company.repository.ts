import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trackingCompanies, trackingCredentials } from '../../db/schema';

export type TrackingCompanyRecord = typeof trackingCompanies.$inferSelect;

// Drizzle leaves columns unqualified in a one-table select, so the correlated subquery names the
// outer row explicitly.
const outerId = sql.raw('"tracking_companies"."id"');
const accountCount = sql<number>`(
  SELECT count(*)::int FROM tracking_credentials c WHERE c.tracking_company_id = ${outerId})`;

/** Every tracking company, with how many transporters' accounts use it. A short list: no paging. */
export async function listTrackingCompanyRows(db: Executor) {
  return db
    .select({
      id: trackingCompanies.id,
      code: trackingCompanies.code,
      name: trackingCompanies.name,
      kind: trackingCompanies.kind,
      description: trackingCompanies.description,
      active: trackingCompanies.active,
      accountCount,
    })
    .from(trackingCompanies);
}

export async function countTrackingAccounts(db: Executor, trackingCompanyId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(trackingCredentials)
    .where(eq(trackingCredentials.trackingCompanyId, trackingCompanyId));
  return row?.count ?? 0;
}

/** Reads the tracking company and holds it until the transaction ends, so two edits queue up. */
export async function lockTrackingCompany(
  db: Executor,
  id: string,
): Promise<TrackingCompanyRecord | undefined> {
  const [row] = await db.select().from(trackingCompanies).where(eq(trackingCompanies.id, id)).for('update');
  return row;
}

export async function updateTrackingCompanyRow(
  db: Executor,
  id: string,
  values: Partial<Pick<TrackingCompanyRecord, 'name' | 'description' | 'active'>>,
): Promise<TrackingCompanyRecord> {
  const [row] = await db
    .update(trackingCompanies)
    .set(values)
    .where(eq(trackingCompanies.id, id))
    .returning();
  return row!;
}
