import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';

const termsColumns = {
  freeHours: companies.waitingFreeHours,
  rateKoboPerHour: companies.waitingRateKoboPerHour,
};

/** A company's waiting terms; `forUpdate` holds the row so two edits of the terms queue up. */
export async function findWaitingTerms(
  db: Executor,
  companyId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db.select(termsColumns).from(companies).where(eq(companies.id, companyId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateWaitingTerms(
  db: Executor,
  companyId: string,
  terms: { freeHours: number; rateKoboPerHour: number | null },
) {
  const [row] = await db
    .update(companies)
    .set({
      waitingFreeHours: terms.freeHours,
      waitingRateKoboPerHour: terms.rateKoboPerHour,
      updatedAt: new Date(),
    })
    .where(eq(companies.id, companyId))
    .returning(termsColumns);
  return row;
}
