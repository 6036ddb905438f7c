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

  it('inside a transaction, builds it for that transaction and sees the transaction’s own writes', async () => {
    builds = 0;
    const seen = await t.ctx.db.transaction(async (tx) => {
      await tx.insert(companies).values({ name: 'Prepared Logistics', type: 'TRANSPORTER' });
      return companyNamed(tx, 'Prepared Logistics');
    });
    expect(seen).toEqual([{ name: 'Prepared Logistics', type: 'TRANSPORTER' }]);
    expect(builds).toBe(1);
    expect(await companyNamed(t.ctx.db, 'Prepared Logistics')).toHaveLength(1);
  });
});
