import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('database connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('plan joins in groups of four on every pooled connection', async () => {
    // More at once than the pool holds, so every connection answers at least once.
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const result = (await t.ctx.db.execute(
          sql`SELECT current_setting('join_collapse_limit') AS limit, pg_sleep(0.02)`,
        )) as unknown as {
          rows: { limit: string }[];
        };
        return result.rows[0]?.limit;
      }),
    );
    expect(new Set(answers)).toEqual(new Set(['4']));
  });
});
