import { and, count, desc, eq } from 'drizzle-orm';
import type { FleetListQuery } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { fleetManagers, users } from '../../db/schema';
import { availabilitySql, personSearchSql } from './fleet-filters.repository';
import { readAll } from '../../db/read-all';

export type FleetManagerRow = typeof fleetManagers.$inferSelect;
export type ManagerUserRow = typeof users.$inferSelect;
/** A fleet manager is two rows: the login (users) and the staff record (fleet_managers). */
export interface FleetManagerRecord {
  manager: FleetManagerRow;
  user: ManagerUserRow;
}

export async function listFleetManagers(
  db: Executor,
  companyId: string,
  query: FleetListQuery,
): Promise<{ rows: FleetManagerRecord[]; total: number }> {
  const where = and(
    eq(fleetManagers.companyId, companyId),
    query.q ? personSearchSql(query.q, users, [users.email]) : undefined,
    query.active === undefined ? undefined : eq(fleetManagers.active, query.active),
    availabilitySql(query.available, fleetManagers.active),
  );
  const [rows, [total]] = await readAll(db, [
    () =>
      db
        .select({ manager: fleetManagers, user: users })
        .from(fleetManagers)
        .innerJoin(users, eq(users.id, fleetManagers.userId))
        .where(where)
        .orderBy(desc(fleetManagers.createdAt), desc(fleetManagers.id))
        .limit(query.size)
        .offset(query.page * query.size),
    () =>
      db
        .select({ n: count() })
        .from(fleetManagers)
        .innerJoin(users, eq(users.id, fleetManagers.userId))
        .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One fleet manager of the company; any other company's is not there. */
export async function findFleetManager(
  db: Executor,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<FleetManagerRecord | undefined> {
  const query = db
    .select({ manager: fleetManagers, user: users })
    .from(fleetManagers)
    .innerJoin(users, eq(users.id, fleetManagers.userId))
    .where(and(eq(fleetManagers.id, id), eq(fleetManagers.companyId, companyId)))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function insertFleetManager(
  db: Executor,
  values: typeof fleetManagers.$inferInsert,
): Promise<FleetManagerRow> {
  const [row] = await db.insert(fleetManagers).values(values).returning();
  return row!;
}

export async function updateFleetManagerRow(
  db: Executor,
  id: string,
  values: Partial<typeof fleetManagers.$inferInsert>,
): Promise<FleetManagerRow> {
  const [row] = await db
    .update(fleetManagers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(fleetManagers.id, id))
    .returning();
  return row!;
}
