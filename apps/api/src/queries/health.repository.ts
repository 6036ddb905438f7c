import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** Answers when the database takes a query; throws when it does not. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
