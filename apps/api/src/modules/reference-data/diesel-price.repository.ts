import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dieselPrices, users } from '../../db/schema';

/** The prices recorded (or the one of `id`), latest date first, with who recorded each. */
export async function listDieselPrices(db: Executor, limit: number, id?: string) {
  return db
    .select({
      id: dieselPrices.id,
      koboPerLitre: dieselPrices.koboPerLitre,
      asOf: dieselPrices.asOf,
      recordedAt: dieselPrices.recordedAt,
      recordedById: dieselPrices.recordedBy,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(dieselPrices)
    .leftJoin(users, eq(users.id, dieselPrices.recordedBy))
    .where(id === undefined ? undefined : eq(dieselPrices.id, id))
    .orderBy(desc(dieselPrices.asOf), desc(dieselPrices.recordedAt))
    .limit(limit);
}

export async function insertDieselPrice(
  db: Executor,
  values: { koboPerLitre: number; asOf: string; recordedBy: string },
) {
  const [row] = await db.insert(dieselPrices).values(values).returning({ id: dieselPrices.id });
  return row!;
}
