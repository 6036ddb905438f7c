import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * Runs independent reads side by side on the pool, and one after another inside a transaction: a
 * transaction is one connection, which answers one query at a time, and node-postgres refuses (from
 * pg 9; a deprecation warning today) a query sent while the connection is still busy with another.
 */
export async function readAll<T extends readonly unknown[]>(
  db: Executor,
  reads: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
