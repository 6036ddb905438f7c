import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/**
 * A search table (trip_search, order_search) against its texts read the slow way from the tables they come
 * from: whatever wrote them, the two must agree. Both queries answer `id` and `document`.
 */
export async function expectSearchTextsExact(t: TestApp, slow: SQL, kept: SQL): Promise<void> {
  const read = async (query: SQL) => {
    const result = (await t.ctx.db.execute(query)) as unknown as { rows: { id: string; document: string }[] };
    return Object.fromEntries(result.rows.map((r) => [r.id, r.document]));
  };
  expect(await read(kept)).toEqual(await read(slow));
}

export const keptTripTexts = sql`SELECT trip_id AS id, document FROM trip_search`;
export const keptOrderTexts = sql`SELECT order_id AS id, document FROM order_search`;
