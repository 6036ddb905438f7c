import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { counters } from '../db/schema';

/**
 * Reserves `count` consecutive numbers of a named counter and returns the first. The upsert takes
 * a row lock, so concurrent callers get disjoint ranges; inside a transaction a rollback frees none,
 * which leaves a gap but never a duplicate.
 */
export async function reserveNumbers(db: Executor, name: string, count: number): Promise<number> {
  const [row] = await db
    .insert(counters)
    .values({ name, value: count })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + ${count}` } })
    .returning({ value: counters.value });
  return row!.value - count + 1;
}
