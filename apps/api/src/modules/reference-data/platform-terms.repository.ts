import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { platformSettings, users } from '../../db/schema';

/** The terms with the admin who last changed them; undefined only on a database without the row. */
export async function findPlatformSettingsRow(db: Executor) {
  const [row] = await db
    .select({
      commissionBasisPoints: platformSettings.commissionBasisPoints,
      paymentTermsDays: platformSettings.paymentTermsDays,
      updatedAt: platformSettings.updatedAt,
      updatedBy: platformSettings.updatedBy,
      editorFirstName: users.firstName,
      editorLastName: users.lastName,
    })
    .from(platformSettings)
    .leftJoin(users, eq(users.id, platformSettings.updatedBy))
    .where(eq(platformSettings.id, 1))
    .limit(1);
  return row;
}

/** Holds the terms until the transaction ends, so two admins' changes queue up and each audits the other's. */
export async function lockPlatformSettings(db: Executor) {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1)).for('update');
  return row;
}

export async function savePlatformSettings(
  db: Executor,
  values: { commissionBasisPoints: number; paymentTermsDays: number; updatedBy: string },
): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ id: 1, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: platformSettings.id,
      set: {
        commissionBasisPoints: sql`excluded.commission_basis_points`,
        paymentTermsDays: sql`excluded.payment_terms_days`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
