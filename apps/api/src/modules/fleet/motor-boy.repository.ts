import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { FleetListQuery } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { motorBoys } from '../../db/schema';
import { availabilitySql, personSearchSql } from './fleet-filters.repository';
import { readAll } from '../../db/read-all';

export type MotorBoyRow = typeof motorBoys.$inferSelect;

export async function listMotorBoys(
  db: Executor,
  companyId: string,
  query: FleetListQuery,
): Promise<{ rows: MotorBoyRow[]; total: number }> {
  const where = and(
    eq(motorBoys.companyId, companyId),
    query.q ? personSearchSql(query.q, motorBoys) : undefined,
    query.active === undefined ? undefined : eq(motorBoys.active, query.active),
    availabilitySql(query.available, motorBoys.active),
  );
  const [rows, [total]] = await readAll(db, [
    () =>
      db
        .select()
        .from(motorBoys)
        .where(where)
        .orderBy(desc(motorBoys.createdAt), desc(motorBoys.id))
        .limit(query.size)
        .offset(query.page * query.size),
    () => db.select({ n: count() }).from(motorBoys).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One motor boy of the company; any other company's is not there. */
export async function findMotorBoy(
  db: Executor,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<MotorBoyRow | undefined> {
  const query = db
    .select()
    .from(motorBoys)
    .where(and(eq(motorBoys.id, id), eq(motorBoys.companyId, companyId)))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** Another motor boy of the company with this phone, if any. */
export async function findMotorBoyWithPhone(
  db: Executor,
  companyId: string,
  phoneNumber: string,
  exceptId?: string,
): Promise<MotorBoyRow | undefined> {
  const [row] = await db
    .select()
    .from(motorBoys)
    .where(
      and(
        eq(motorBoys.companyId, companyId),
        eq(motorBoys.phoneNumber, phoneNumber),
        exceptId ? ne(motorBoys.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function insertMotorBoy(
  db: Executor,
  values: typeof motorBoys.$inferInsert,
): Promise<MotorBoyRow> {
  const [row] = await db.insert(motorBoys).values(values).returning();
  return row!;
}

export async function updateMotorBoyRow(
  db: Executor,
  id: string,
  values: Partial<typeof motorBoys.$inferInsert>,
): Promise<MotorBoyRow> {
  const [row] = await db
    .update(motorBoys)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(motorBoys.id, id))
    .returning();
  return row!;
}
