import { desc } from 'drizzle-orm';
import type { DieselPrice } from '@freightlane/domain';
import type { Executor } from '../db/client';
import { dieselPrices } from '../db/schema';

/** The diesel price of the latest date (the latest recorded of that date); null before the first. */
export async function latestDieselPrice(db: Executor): Promise<DieselPrice | null> {
  const [row] = await db
    .select({ koboPerLitre: dieselPrices.koboPerLitre, asOf: dieselPrices.asOf })
    .from(dieselPrices)
    .orderBy(desc(dieselPrices.asOf), desc(dieselPrices.recordedAt))
    .limit(1);
  return row ?? null;
}
