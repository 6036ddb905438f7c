import { and, count, desc, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { DriverListQuery } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { drivers, trips } from '../../db/schema';
import { availabilitySql, expiringSql, onLiveTripSql, personSearchSql } from './fleet-filters.repository';
import { readAll } from '../../db/read-all';

export type DriverRow = typeof drivers.$inferSelect;

export async function listDrivers(
  db: Executor,
  companyId: string,
  query: DriverListQuery,
  expiryCutoff: string,
): Promise<{ rows: DriverRow[]; total: number }> {
  const where = and(
    eq(drivers.companyId, companyId),
    query.q ? personSearchSql(query.q, drivers, [drivers.licenceNumber]) : undefined,
    query.active === undefined ? undefined : eq(drivers.active, query.active),
    availabilitySql(query.available, drivers.active, onLiveTripSql(trips.driverId, drivers.id)),
    expiringSql(query.expiring, lte(drivers.licenceExpiresOn, expiryCutoff)),
  );
  const [rows, [total]] = await readAll(db, [
    () =>
      db
        .select()
        .from(drivers)
        .where(where)
        .orderBy(desc(drivers.createdAt), desc(drivers.id))
        .limit(query.size)
        .offset(query.page * query.size),
    () => db.select({ n: count() }).from(drivers).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One driver of the company; any other company's driver is not there. */
export async function findDriver(
  db: Executor,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DriverRow | undefined> {
  const query = db
    .select()
    .from(drivers)
    .where(and(eq(drivers.id, id), eq(drivers.companyId, companyId)))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** Another driver of the company with this phone or licence, if any. */
export async function findDriverClash(
  db: Executor,
  companyId: string,
  values: { phoneNumber?: string | undefined; licenceNumber?: string | undefined },
  exceptId?: string,
): Promise<DriverRow | undefined> {
  const clash = or(
    values.phoneNumber ? eq(drivers.phoneNumber, values.phoneNumber) : undefined,
    values.licenceNumber ? eq(drivers.licenceNumber, values.licenceNumber) : undefined,
  );
  if (!clash) return undefined;
  const [row] = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.companyId, companyId), clash, exceptId ? ne(drivers.id, exceptId) : undefined))
    .limit(1);
  return row;
}

export async function insertDriver(db: Executor, values: typeof drivers.$inferInsert): Promise<DriverRow> {
  const [row] = await db.insert(drivers).values(values).returning();
  return row!;
}

/** A new phone number is unverified until the driver proves it again; the same number keeps its proof. */
export async function updateDriverRow(
  db: Executor,
  id: string,
  values: Partial<typeof drivers.$inferInsert>,
): Promise<DriverRow> {
  const proofOfPhone =
    values.phoneNumber !== undefined && values.phoneVerifiedAt === undefined
      ? {
          phoneVerifiedAt: sql`CASE WHEN ${drivers.phoneNumber} = ${values.phoneNumber} THEN ${drivers.phoneVerifiedAt} END`,
        }
      : {};
  const [row] = await db
    .update(drivers)
    .set({ ...values, ...proofOfPhone, updatedAt: new Date() })
    .where(eq(drivers.id, id))
    .returning();
  return row!;
}

/** Active drivers whose licence runs out on or before `lastDay` (a Lagos date), with their company. */
export async function listDriversWithLicenceEndingBy(db: Executor, lastDay: string) {
  return db
    .select({
      id: drivers.id,
      companyId: drivers.companyId,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      licenceExpiresOn: drivers.licenceExpiresOn,
    })
    .from(drivers)
    .where(and(lte(drivers.licenceExpiresOn, lastDay), eq(drivers.active, true)));
}
