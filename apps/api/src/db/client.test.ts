import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { openDatabase, type Database } from './client';

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

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'use no parallel workers unless configured, on every pooled connection',
    async () => {
      const workers = async (database: Pick<Database, 'db'>) =>
        new Set(
          await Promise.all(
            Array.from({ length: 12 }, async () => {
              const result = (await database.db.execute(
                sql`SELECT current_setting('max_parallel_workers_per_gather') AS n, pg_sleep(0.02)`,
              )) as unknown as { rows: { n: string }[] };
              return result.rows[0]?.n;
            }),
          ),
        );
      expect(await workers(t.ctx)).toEqual(new Set(['0']));
      const configured = await openDatabase({ url: t.databaseUrl!, poolSize: 3, parallelWorkers: 2 });
      try {
        expect(await workers(configured)).toEqual(new Set(['2']));
      } finally {
        await configured.close();
      }
    },
  );
});
