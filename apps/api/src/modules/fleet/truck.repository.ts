import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { TruckListQuery } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { trips, trucks } from '../../db/schema';
import { containsPattern } from '../../lib/search';
import { availabilitySql, containsAnySql, expiringSql, onLiveTripSql } from './fleet-filters.repository';
import { readAll } from '../../db/read-all';

export type TruckRow = typeof trucks.$inferSelect;

/** Any of the truck's documents expires on or before `cutoff` (YYYY-MM-DD); missing ones do not count. */
function documentExpiringSql(cutoff: string): SQL {
  return sql`EXISTS (SELECT 1 FROM jsonb_each(${trucks.documents}) AS doc(kind, value) WHERE doc.value->>'expiresOn' <= ${cutoff})`;
}

/** Plates are stored as LSR 123 XY; a search for LSR123 or lsr-123 finds them too. */
function truckSearchSql(q: string): SQL {
  const compact = q.replace(/[\s-]/g, '');
  return sql`(${containsAnySql(q, [trucks.registrationNumber, trucks.make, trucks.model])} OR replace(${trucks.registrationNumber}, ' ', '') ILIKE ${containsPattern(compact)})`;
}

export async function listTrucks(
  db: Executor,
  companyId: string,
  query: TruckListQuery,
  expiryCutoff: string,
): Promise<{ rows: TruckRow[]; total: number }> {
  const where = and(
    eq(trucks.companyId, companyId),
    query.q ? truckSearchSql(query.q) : undefined,
    query.active === undefined ? undefined : eq(trucks.active, query.active),
    query.type ? eq(trucks.type, query.type) : undefined,
    availabilitySql(query.available, trucks.active, onLiveTripSql(trips.truckId, trucks.id)),
    expiringSql(query.expiring, documentExpiringSql(expiryCutoff)),
  );
  const [rows, [total]] = await readAll(db, [
    () =>
      db
        .select()
        .from(trucks)
        .where(where)
        .orderBy(desc(trucks.createdAt), desc(trucks.id))
        .limit(query.size)
        .offset(query.page * query.size),
    () => db.select({ n: count() }).from(trucks).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One truck of the company; any other company's truck is not there. */
export async function findTruck(
  db: Executor,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TruckRow | undefined> {
  const query = db
    .select()
    .from(trucks)
    .where(and(eq(trucks.id, id), eq(trucks.companyId, companyId)))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** The company's trucks among `ids`; ids of other companies' trucks find nothing. */
export async function findTrucksOfCompany(
  db: Executor,
  companyId: string,
  ids: string[],
): Promise<TruckRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(trucks)
    .where(and(eq(trucks.companyId, companyId), inArray(trucks.id, ids)));
}

/** Another truck of the company with this plate, if any. */
export async function findTruckWithPlate(
  db: Executor,
  companyId: string,
  registrationNumber: string,
  exceptId?: string,
): Promise<TruckRow | undefined> {
  const [row] = await db
    .select()
    .from(trucks)
    .where(
      and(
        eq(trucks.companyId, companyId),
        eq(trucks.registrationNumber, registrationNumber),
        exceptId ? ne(trucks.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function insertTruck(db: Executor, values: typeof trucks.$inferInsert): Promise<TruckRow> {
  const [row] = await db.insert(trucks).values(values).returning();
  return row!;
}

export async function updateTruckRow(
  db: Executor,
  id: string,
  values: Partial<typeof trucks.$inferInsert>,
): Promise<TruckRow> {
  const [row] = await db
    .update(trucks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(trucks.id, id))
    .returning();
  return row!;
}
