import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client';
import { dumpPglite } from '../db/pglite-image';
import { seedReferenceData } from '../db/seed/reference';

/**
 * One migrated database with the reference data, made once per test run, that every test app starts
 * from: a PGlite dump on the embedded database, a template database on PostgreSQL. Migrating anew for
 * each of the 160 test apps cost three seconds each on PGlite.
 */
export type DatabaseTemplate = { kind: 'pglite'; image: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL');
  return url;
}

/** Runs statements outside any database of the tests (CREATE and DROP DATABASE). */
export async function onServer(statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function databaseUrlOf(name: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function prepareTemplate(): Promise<{ template: DatabaseTemplate; remove: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const name = `fl_template_${randomBytes(6).toString('hex')}`;
    await onServer(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: databaseUrlOf(name), poolSize: 1 });
    try {
      await migrateDatabase(database);
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    return {
      template: { kind: 'postgres', name },
      remove: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-template-'));
  const image = path.join(folder, 'database.tar');
  const database = await openDatabase({ pgliteThread: false });
  try {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    // drizzle keeps its client beside the query builder.
    await dumpPglite((database.db as unknown as { $client: PGlite }).$client, image);
  } finally {
    await database.close();
  }
  return {
    template: { kind: 'pglite', image },
    remove: async () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}

/** vitest's global setup for the API project: makes the template before the first test file, removes it after the last. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await prepareTemplate();
  project.provide('databaseTemplate', template);
  return remove;
}
