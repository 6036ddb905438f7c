import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Executor } from './client';
import { prepared } from './prepared';
import { companies } from './schema';

describe('prepared statements', () => {
  let t: TestApp;
  let builds = 0;
  const companyNamed = (db: Executor, name: string) =>
    prepared(db, 'test_company_named', (d) => {
      builds++;
      return d
        .select({ name: companies.name, type: companies.type })
        .from(companies)
        .where(eq(companies.name, sql.placeholder('name')));
    }).execute({ name });

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.db.insert(companies).values([
      { name: 'Prepared Haulage', type: 'TRANSPORTER' },
      { name: 'Prepared Imports', type: 'CUSTOMER' },
    ]);
  });
  afterAll(() => t.close());

  it('builds a statement once per database and answers each call with its own inputs', async () => {
    builds = 0;
    expect(await companyNamed(t.ctx.db, 'Prepared Haulage')).toEqual([
      { name: 'Prepared Haulage', type: 'TRANSPORTER' },
    ]);
    expect(await companyNamed(t.ctx.db, 'Prepared Imports')).toEqual([
      { name: 'Prepared Imports', type: 'CUSTOMER' },
    ]);
    expect(await companyNamed(t.ctx.db, 'Nobody')).toEqual([]);
    expect(builds).toBe(1);
  });

  it('inside a transaction, runs the kept statement on the transaction’s connection', async () => {
    builds = 0;
    await companyNamed(t.ctx.db, 'Nobody');
    const seen = await t.ctx.db.transaction(async (tx) => {
      await tx.insert(companies).values({ name: 'Prepared Logistics', type: 'TRANSPORTER' });
      const own = await companyNamed(tx, 'Prepared Logistics');
      // A savepoint inside it runs on the same connection too.
      const nested = await tx.transaction((inner) => companyNamed(inner, 'Prepared Logistics'));
      return { own, nested };
    });
    expect(seen.own).toEqual([{ name: 'Prepared Logistics', type: 'TRANSPORTER' }]);
    expect(seen.nested).toEqual(seen.own);
    expect(builds).toBe(0);
    expect(await companyNamed(t.ctx.db, 'Prepared Logistics')).toHaveLength(1);
  });

  it('a transaction rolled back leaves nothing its statements saw', async () => {
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.insert(companies).values({ name: 'Prepared Rollback', type: 'CUSTOMER' });
        expect(await companyNamed(tx, 'Prepared Rollback')).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await companyNamed(t.ctx.db, 'Prepared Rollback')).toEqual([]);
    expect(builds).toBe(0);
  });
});
