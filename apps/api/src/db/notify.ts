import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/** Sends `payload` on `channel` (NOTIFY), delivered to every listener when the caller's transaction commits. */
export async function notify(db: Executor, channel: string, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}
