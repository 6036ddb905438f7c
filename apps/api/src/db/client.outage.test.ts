import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isDatabaseUnavailable } from '../errors';
import { openDatabase, type Database } from './client';
import { createTestApp, type TestApp } from '../test/test-app';

/** What PostgreSQL does to every connection when it is stopped (pg_ctl -m fast) or fails over. */
describe.runIf(process.env.TEST_DB === 'postgres')('a connection the server cuts', () => {
  let t: TestApp;
  let database: Database;
  beforeAll(async () => {
    t = await createTestApp();
    database = await openDatabase({ url: t.databaseUrl!, poolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await t?.close();
  });

  it('fails the transaction holding it, as unavailable, without ending the process; the pool goes on', async () => {
    const outcome = database.db.transaction(async (tx) => {
      const result = await tx.execute(sql`SELECT pg_backend_pid() AS pid`);
      const pid = (result as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
      // Cut between two statements, while the connection is checked out and no query is running.
      await t.ctx.db.execute(sql`SELECT pg_terminate_backend(${pid})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.execute(sql`SELECT 1`);
    });
    const error = await outcome.then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    const after = await database.db.execute(sql`SELECT 1 AS one`);
    expect((after as unknown as { rows: { one: number }[] }).rows).toEqual([{ one: 1 }]);
  });
});
