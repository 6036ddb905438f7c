import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ReferenceStatus, TerminalKind } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { terminals } from '../../db/schema';
import { containsPattern } from '../../lib/search';

export type TerminalRecord = typeof terminals.$inferSelect;
export type TerminalValues = Omit<TerminalRecord, 'id'>;

export interface TerminalFilter {
  q?: string | undefined;
  kind?: TerminalKind | undefined;
  status?: ReferenceStatus | undefined;
}

function filterOf(filter: TerminalFilter): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return and(
    filter.kind ? eq(terminals.kind, filter.kind) : undefined,
    filter.status ? eq(terminals.active, filter.status === 'ACTIVE') : undefined,
    pattern
      ? or(
          ilike(terminals.code, pattern),
          ilike(terminals.name, pattern),
          ilike(terminals.operator, pattern),
          ilike(terminals.port, pattern),
          ilike(terminals.city, pattern),
          ilike(terminals.lga, pattern),
          ilike(terminals.state, pattern),
        )
      : undefined,
  );
}

/** Grouped as the order wizard groups them: by state, then port, then name. */
export async function listTerminalRows(
  db: Executor,
  filter: TerminalFilter,
  page: { offset: number; limit: number },
): Promise<TerminalRecord[]> {
  return db
    .select()
    .from(terminals)
    .where(filterOf(filter))
    .orderBy(
      sql`lower(${terminals.state})`,
      sql`lower(${terminals.port})`,
      sql`lower(${terminals.name})`,
      asc(terminals.code),
    )
    .offset(page.offset)
    .limit(page.limit);
}

export async function countTerminals(db: Executor, filter: TerminalFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(terminals)
    .where(filterOf(filter));
  return row?.count ?? 0;
}

export async function findTerminal(
  db: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TerminalRecord | undefined> {
  const query = db.select().from(terminals).where(eq(terminals.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findTerminalByCode(db: Executor, code: string): Promise<TerminalRecord | undefined> {
  const [row] = await db.select().from(terminals).where(eq(terminals.code, code)).limit(1);
  return row;
}

export async function insertTerminal(db: Executor, values: TerminalValues): Promise<TerminalRecord> {
  const [row] = await db.insert(terminals).values(values).returning();
  return row!;
}

export async function updateTerminalRow(
  db: Executor,
  id: string,
  values: Partial<TerminalValues>,
): Promise<TerminalRecord> {
  const [row] = await db.update(terminals).set(values).where(eq(terminals.id, id)).returning();
  return row!;
}
