import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, driverPhoneLinks, drivers, trips, trucks } from '../../db/schema';

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
      companyName: companies.name,
    })
    .from(driverPhoneLinks)
    .innerJoin(drivers, eq(drivers.id, driverPhoneLinks.driverId))
    .innerJoin(companies, eq(companies.id, drivers.companyId))
    .where(and(eq(driverPhoneLinks.tokenHash, tokenHash), eq(drivers.active, true)))
    .limit(1);
  return row;
}

export async function findTruckPlate(db: Executor, truckId: string): Promise<string | null> {
  const [row] = await db
    .select({ registrationNumber: trucks.registrationNumber })
    .from(trucks)
    .where(eq(trucks.id, truckId))
    .limit(1);
  return row?.registrationNumber ?? null;
}

/** A phone link's driver and the truck of the trip the driver is on (null when on none), by token hash. */
export interface PhoneOfToken {
  tokenHash: string;
  driverId: string;
  companyId: string;
  truckId: string | null;
}

/** The active drivers of these link token hashes with their live trips' trucks; unknown hashes are absent. */
export async function findPhonesOfTokens(db: Executor, tokenHashes: string[]): Promise<PhoneOfToken[]> {
  if (tokenHashes.length === 0) return [];
  return (
    db
      .select({
        tokenHash: driverPhoneLinks.tokenHash,
        driverId: drivers.id,
        companyId: drivers.companyId,
        truckId: trips.truckId,
      })
      .from(driverPhoneLinks)
      .innerJoin(drivers, and(eq(drivers.id, driverPhoneLinks.driverId), eq(drivers.active, true)))
      // trips_live_driver_uq: at most one live trip per driver.
      .leftJoin(
        trips,
        and(eq(trips.driverId, drivers.id), eq(trips.completed, false), isNull(trips.cancelledAt)),
      )
      .where(inArray(driverPhoneLinks.tokenHash, tokenHashes))
  );
}

/**
 * Moves each link's last position time forward to `at` (never back), to the minute: a phone sends every
 * 30 s, and rewriting its row each time would cost the database more than the position itself.
 */
export async function markPhoneLinksSeen(
  db: Executor,
  seen: { driverId: string; at: Date }[],
): Promise<void> {
  if (seen.length === 0) return;
  const values = sql.join(
    seen.map((s) => sql`(${s.driverId}::uuid, ${s.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${driverPhoneLinks} SET last_position_at = GREATEST(coalesce(last_position_at, v.at), v.at)
    FROM (VALUES ${values}) AS v(driver_id, at)
    WHERE ${driverPhoneLinks.driverId} = v.driver_id
      AND (last_position_at IS NULL OR last_position_at < v.at - interval '1 minute')`);
}
