import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from '../lib/db-errors';
import { openDatabase, type Database } from './client';

/** The rows of a raw query (the shared Db type does not know the driver's result shape). */
async function rowsOf(database: Database, query: SQL): Promise<unknown[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows;
}

describe('PGlite on its own thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ pgliteThread: true });
    await database.db.execute(sql`CREATE TABLE item (id int PRIMARY KEY, name text, at timestamptz)`);
    await database.db.execute(sql`ALTER TABLE item ADD CONSTRAINT item_name_key UNIQUE (name)`);
  });
  afterAll(() => database.close());

  it('answers queries with parameters, keeping timestamps as PostgreSQL text as drizzle asks', async () => {
    await database.db.execute(sql`INSERT INTO item VALUES (${1}, ${'one'}, '2026-01-02T03:04:05Z')`);
    const rows = await rowsOf(database, sql`SELECT id, name, at, 2::int8 AS big FROM item WHERE id = ${1}`);
    expect(rows).toEqual([{ id: 1, name: 'one', at: '2026-01-02 03:04:05+00', big: 2 }]);
  });

  it('passes PostgreSQL error fields to this thread, so unique violations are recognised', async () => {
    const err = await database.db.execute(sql`INSERT INTO item VALUES (${2}, ${'one'}, now())`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(uniqueViolation(err)).toEqual({ constraint: 'item_name_key' });
    const cause = (err as { cause: Record<string, unknown> }).cause;
    expect(cause).toMatchObject({ code: '23505', table: 'item', detail: expect.stringContaining('one') });
    expect(cause).toBeInstanceOf(Error);
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO item VALUES (${3}, ${'three'}, now())`);
    });
    const failure = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO item VALUES (${4}, ${'four'}, now())`);
      throw new Error('changed my mind');
    });
    await expect(failure).rejects.toThrow('changed my mind');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO item VALUES (${5}, ${'five'}, now())`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    const rows = await rowsOf(database, sql`SELECT id FROM item WHERE id IN (3, 4, 5) ORDER BY id`);
    expect(rows).toEqual([{ id: 3 }]);
  });

  it('rolls back to a savepoint in a nested transaction and keeps the outer one', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO item VALUES (${6}, ${'six'}, now())`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO item VALUES (${7}, ${'seven'}, now())`);
          throw new Error('inner fails');
        })
        .catch(() => undefined);
      await tx.execute(sql`SELECT id FROM item WHERE id = 6 FOR UPDATE`);
    });
    const rows = await rowsOf(database, sql`SELECT id FROM item WHERE id IN (6, 7) ORDER BY id`);
    expect(rows).toEqual([{ id: 6 }]);
  });

  it('makes other queries wait until an open transaction ends', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE item SET name = 'uno' WHERE id = 1`);
      await held;
      order.push('commit');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = rowsOf(database, sql`SELECT name FROM item WHERE id = 1`).then((rows) => {
      order.push('outside');
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await transaction;
    expect(await outside).toEqual([{ name: 'uno' }]);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('delivers NOTIFY to listeners on this thread until they stop', async () => {
    const heard: string[] = [];
    const stop = await database.listen('item_changed', {
      onNotify: (payload) => heard.push(payload),
      onResync: () => undefined,
    });
    await database.db.execute(sql`SELECT pg_notify('item_changed', 'first')`);
    await stop();
    await database.db.execute(sql`SELECT pg_notify('item_changed', 'second')`);
    expect(heard).toEqual(['first']);
  });

  it('keeps the event loop free while the database works', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await database.db.execute(sql`SELECT count(*) FROM generate_series(1, 3000000)`);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(2);
  });
});

describe('PGlite on its own thread, persisted in a folder', () => {
  it('finds its data again after a clean close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fl-pglite-thread-'));
    try {
      const first = await openDatabase({ pgliteDir: dir, pgliteThread: true });
      await first.db.execute(sql`CREATE TABLE kept (v text)`);
      await first.db.execute(sql`INSERT INTO kept VALUES ('still here')`);
      await first.close();
      const second = await openDatabase({ pgliteDir: dir, pgliteThread: true });
      const rows = await rowsOf(second, sql`SELECT v FROM kept`);
      await second.close();
      expect(rows).toEqual([{ v: 'still here' }]);
      await expect(second.db.execute(sql`SELECT 1`)).rejects.toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Two starts of a persisted database, each creating or reading its files.
  }, 120_000);
});
