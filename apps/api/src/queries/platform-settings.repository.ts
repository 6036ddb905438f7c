import { eq } from 'drizzle-orm';
import { DEFAULT_COMMISSION_BASIS_POINTS, DEFAULT_PAYMENT_TERMS_DAYS } from '@freightlane/domain';
import type { Executor } from '../db/client';
import { platformSettings } from '../db/schema';

export interface PlatformTerms {
  commissionBasisPoints: number;
  paymentTermsDays: number;
}

/**
 * The platform's commercial terms as they stand now. Read inside the transaction that applies them
 * (an award raising invoices), so a change committed before it is the one used. The migration writes
 * the row; the defaults only cover a database restored without it.
 */
export async function readPlatformTerms(db: Executor): Promise<PlatformTerms> {
  const [row] = await db
    .select({
      commissionBasisPoints: platformSettings.commissionBasisPoints,
      paymentTermsDays: platformSettings.paymentTermsDays,
    })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1))
    .limit(1);
  return (
    row ?? {
      commissionBasisPoints: DEFAULT_COMMISSION_BASIS_POINTS,
      paymentTermsDays: DEFAULT_PAYMENT_TERMS_DAYS,
    }
  );
}
