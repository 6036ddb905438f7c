import type { Locale } from '@freightlane/domain/i18n';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, driverPhoneLinks, drivers, trucks } from '../../db/schema';

export type DriverPhoneLinkRow = typeof driverPhoneLinks.$inferSelect;

/** Issues the driver's link, replacing any earlier one (which stops working at once). */
export async function upsertPhoneLink(
  db: Executor,
  values: { driverId: string; companyId: string; tokenHash: string; tokenSealed: string },
): Promise<DriverPhoneLinkRow> {
  const [row] = await db
    .insert(driverPhoneLinks)
    .values(values)
    .onConflictDoUpdate({
      target: driverPhoneLinks.driverId,
      set: {
        tokenHash: values.tokenHash,
        tokenSealed: values.tokenSealed,
        createdAt: sql`now()`,
        lastPositionAt: null,
      },
    })
    .returning();
  return row!;
}

export async function findPhoneLinkOfDriver(db: Executor, driverId: string) {
  const [row] = await db
    .select()
    .from(driverPhoneLinks)
    .where(eq(driverPhoneLinks.driverId, driverId))
    .limit(1);
  return row;
}

export async function deletePhoneLink(db: Executor, driverId: string): Promise<boolean> {
  const rows = await db
    .delete(driverPhoneLinks)
    .where(eq(driverPhoneLinks.driverId, driverId))
    .returning({ driverId: driverPhoneLinks.driverId });
  return rows.length > 0;
}

/** The active driver a link token belongs to, with the company's name; undefined for any other token. */
export async function findDriverOfToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      driverId: drivers.id,
      companyId: drivers.companyId,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      language: drivers.language,
      companyName: companies.name,
    })
    .from(driverPhoneLinks)
    .innerJoin(drivers, eq(drivers.id, driverPhoneLinks.driverId))
    .innerJoin(companies, eq(companies.id, drivers.companyId))
    .where(and(eq(driverPhoneLinks.tokenHash, tokenHash), eq(drivers.active, true)))
    .limit(1);
  return row;
}

/** The language the driver reads (the phone page, the USSD menu, the SMS). */
export async function saveDriverLanguage(db: Executor, driverId: string, language: Locale): Promise<void> {
  await db.update(drivers).set({ language, updatedAt: new Date() }).where(eq(drivers.id, driverId));
}

export async function findTruckPlate(db: Executor, truckId: string): Promise<string | null> {
  const [row] = await db
    .select({ registrationNumber: trucks.registrationNumber })
    .from(trucks)
    .where(eq(trucks.id, truckId))
    .limit(1);
  return row?.registrationNumber ?? null;
}
