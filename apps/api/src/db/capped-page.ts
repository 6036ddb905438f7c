import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { cappedTotal, COUNT_LIMIT, type ListTotal } from '@freightlane/domain';
import type { Executor } from './client';
import { readAll } from './read-all';

/**
 * How many rows of `table` `where` keeps, counting no further than `limit`: a search word or a filter that
 * a million rows match would otherwise be read whole for one figure (decision 039).
 */
export async function countUpTo(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  limit = COUNT_LIMIT,
): Promise<ListTotal> {
  const kept = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(limit + 1)
    .as('kept');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(kept);
  return cappedTotal(row?.n ?? 0, limit);
}

/**
 * The ids of one page of the rows `where` keeps in `orderBy`'s order, and how many it keeps up to
 * COUNT_LIMIT, chosen on the one table alone: the caller joins what the list shows for those ids only.
 * A page within the first COUNT_LIMIT rows is cut from one statement that reads the first COUNT_LIMIT + 1
 * ids, which are the count as well; a search then looks its word up once, not once for the page and again
 * for the count.
 */
export async function pageIdsUpTo(
  db: Executor,
  id: PgColumn,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { limit: number; offset: number },
  limit = COUNT_LIMIT,
): Promise<{ ids: string[]; total: ListTotal }> {
  const table = id.table;
  if (page.offset + page.limit <= limit) {
    const first = await pageIds(db, id, where, orderBy, { limit: limit + 1, offset: 0 });
    return {
      ids: first.slice(page.offset, page.offset + page.limit),
      total: cappedTotal(first.length, limit),
    };
  }
  const [ids, total] = await readAll(db, [
    () => pageIds(db, id, where, orderBy, page),
    () => countUpTo(db, table, where, limit),
  ]);
  return { ids, total };
}

/** The ids of one page of the rows `where` keeps in `orderBy`'s order, chosen on the one table alone. */
export async function pageIds(
  db: Executor,
  id: PgColumn,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { limit: number; offset: number },
): Promise<string[]> {
  const rows = await db
    .select({ id })
    .from(id.table)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => r.id as string);
}
