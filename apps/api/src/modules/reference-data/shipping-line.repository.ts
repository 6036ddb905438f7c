import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ContainerSize, ReferenceStatus } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { shippingLines, shippingLineTariffs } from '../../db/schema';
import { containsPattern } from '../../lib/search';

export type ShippingLineRecord = typeof shippingLines.$inferSelect;
export type TariffRecord = typeof shippingLineTariffs.$inferSelect;

export interface ShippingLineFilter {
  q?: string | undefined;
  status?: ReferenceStatus | undefined;
}

const outerId = sql.raw('"shipping_lines"."id"');
const tariffCount = sql<number>`(
  SELECT count(*)::int FROM shipping_line_tariffs t WHERE t.shipping_line_id = ${outerId})`;

function filterOf(filter: ShippingLineFilter): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return and(
    filter.status ? eq(shippingLines.active, filter.status === 'ACTIVE') : undefined,
    pattern ? or(ilike(shippingLines.name, pattern), ilike(shippingLines.code, pattern)) : undefined,
  );
}

export async function listShippingLineRows(
  db: Executor,
  filter: ShippingLineFilter,
  page: { offset: number; limit: number },
) {
  return db
    .select({
      id: shippingLines.id,
      code: shippingLines.code,
      name: shippingLines.name,
      active: shippingLines.active,
      tariffCount,
    })
    .from(shippingLines)
    .where(filterOf(filter))
    .orderBy(sql`lower(${shippingLines.name})`, asc(shippingLines.code))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countShippingLines(db: Executor, filter: ShippingLineFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(shippingLines)
    .where(filterOf(filter));
  return row?.count ?? 0;
}

export async function findShippingLine(
  db: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ShippingLineRecord | undefined> {
  const query = db.select().from(shippingLines).where(eq(shippingLines.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Another line with this code or (in any letter case) this name, which would confuse a customer's list. */
export async function findClashingShippingLine(
  db: Executor,
  values: { code?: string; name?: string },
  exceptId?: string,
): Promise<Pick<ShippingLineRecord, 'code' | 'name'> | undefined> {
  const [row] = await db
    .select({ code: shippingLines.code, name: shippingLines.name })
    .from(shippingLines)
    .where(
      and(
        or(
          values.code ? eq(shippingLines.code, values.code) : undefined,
          values.name ? sql`lower(${shippingLines.name}) = lower(${values.name})` : undefined,
        ),
        exceptId ? ne(shippingLines.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function insertShippingLine(
  db: Executor,
  values: Pick<ShippingLineRecord, 'code' | 'name'>,
): Promise<ShippingLineRecord> {
  const [row] = await db.insert(shippingLines).values(values).returning();
  return row!;
}

export async function updateShippingLineRow(
  db: Executor,
  id: string,
  values: Partial<Pick<ShippingLineRecord, 'name' | 'active'>>,
): Promise<ShippingLineRecord> {
  const [row] = await db.update(shippingLines).set(values).where(eq(shippingLines.id, id)).returning();
  return row!;
}

export async function listTariffRows(db: Executor, shippingLineId: string): Promise<TariffRecord[]> {
  return db.select().from(shippingLineTariffs).where(eq(shippingLineTariffs.shippingLineId, shippingLineId));
}

export interface TariffValues {
  containerSize: ContainerSize;
  freeDays: number;
  demurrageKoboPerDay: number;
  detentionKoboPerDay: number;
}

/** Sets the tariffs of the given sizes; the line's other sizes keep theirs. */
export async function upsertTariffRows(
  db: Executor,
  shippingLineId: string,
  tariffs: readonly TariffValues[],
): Promise<void> {
  if (tariffs.length === 0) return;
  await db
    .insert(shippingLineTariffs)
    .values(tariffs.map((t) => ({ ...t, shippingLineId, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: [shippingLineTariffs.shippingLineId, shippingLineTariffs.containerSize],
      set: {
        freeDays: sql`excluded.free_days`,
        demurrageKoboPerDay: sql`excluded.demurrage_kobo_per_day`,
        detentionKoboPerDay: sql`excluded.detention_kobo_per_day`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
