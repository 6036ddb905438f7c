import { inArray } from 'drizzle-orm';
import { CONTAINER_SIZES } from '@freightlane/domain';
import type { Db } from '../client';
import { shippingLines, shippingLineTariffs, terminals, trackingCompanies } from '../schema';
import { SHIPPING_LINE_TARIFFS, SHIPPING_LINES, TERMINALS, TRACKING_COMPANIES } from './reference-data';

/**
 * Terminals, shipping lines with their tariffs, and tracking companies every installation needs,
 * demo or not. Run on each start: it inserts what the database lacks (found by code, and a tariff by
 * line and size) and leaves every existing row as it is, because admins keep this data in the back
 * office and a restart must not undo their changes. Ids stay stable.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(terminals)
      .values([...TERMINALS])
      .onConflictDoNothing({ target: terminals.code });
    await tx
      .insert(shippingLines)
      .values([...SHIPPING_LINES])
      .onConflictDoNothing({ target: shippingLines.code });
    await tx
      .insert(trackingCompanies)
      .values([...TRACKING_COMPANIES])
      .onConflictDoNothing({ target: trackingCompanies.code });

    const lines = await tx
      .select({ id: shippingLines.id, code: shippingLines.code })
      .from(shippingLines)
      .where(inArray(shippingLines.code, Object.keys(SHIPPING_LINE_TARIFFS)));
    const tariffs = lines.flatMap((line) =>
      CONTAINER_SIZES.map((containerSize) => ({
        shippingLineId: line.id,
        containerSize,
        ...SHIPPING_LINE_TARIFFS[line.code]![containerSize],
      })),
    );
    if (tariffs.length > 0) await tx.insert(shippingLineTariffs).values(tariffs).onConflictDoNothing();
  });
}
