import { inArray } from 'drizzle-orm';
import type { Terminal } from '@freightlane/domain';
import type { Executor } from '../db/client';
import { terminals } from '../db/schema';

export type TerminalMap = Map<string, Terminal>;

/** Loads the terminals a batch of rows points at, in one query. */
export async function loadTerminals(db: Executor, ids: (string | null | undefined)[]): Promise<TerminalMap> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(terminals).where(inArray(terminals.id, wanted));
  return new Map(rows.map((t) => [t.id, t]));
}
