import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { shippingLines, terminals, trackingCompanies } from '../schema';
import { SHIPPING_LINES, TERMINALS, TRACKING_COMPANIES } from './reference-data';

/**
 * Terminals and shipping lines every installation needs, demo or not. Upserted by code on each
 * start, so a corrected name ships with the next release and ids stay stable.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(terminals)
      .values([...TERMINALS])
      .onConflictDoUpdate({
        target: terminals.code,
        set: {
          name: sql`excluded.name`,
          operator: sql`excluded.operator`,
          kind: sql`excluded.kind`,
          port: sql`excluded.port`,
          city: sql`excluded.city`,
          lga: sql`excluded.lga`,
          state: sql`excluded.state`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
        },
      });
    await tx
      .insert(shippingLines)
      .values([...SHIPPING_LINES])
      .onConflictDoUpdate({ target: shippingLines.code, set: { name: sql`excluded.name` } });
    // The active flag is the admins' to set, so it is left as it is.
    await tx
      .insert(trackingCompanies)
      .values([...TRACKING_COMPANIES])
      .onConflictDoUpdate({
        target: trackingCompanies.code,
        set: {
          name: sql`excluded.name`,
          kind: sql`excluded.kind`,
          description: sql`excluded.description`,
        },
      });
  });
}
