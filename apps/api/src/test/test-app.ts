import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { loadEnv } from '../env';
import { seedReferenceData } from '../db/seed/reference';
import { readOutbox, type Mailer, type OutboxEntry } from '../plugins/mail';

/**
 * Which database API tests run on: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL / DATABASE_URL when TEST_DB=postgres.
 */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({});
    return { database, drop: async () => undefined };
  }
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL');
  const { default: pg } = await import('pg');
  const name = `fl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    database,
    drop: async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** Runs queued jobs, then lists the mails sent to `to`, newest first. */
  mailsTo(to: string): Promise<OutboxEntry[]>;
  close(): Promise<void>;
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: { mailer?: Mailer } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    ...envOverrides,
  });
  const { app, ctx } = await buildApp({
    env,
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    async mailsTo(to) {
      await ctx.jobs.drain();
      return readOutbox(ctx.outboxDir, { to });
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Each call comes from its own address unless one is given, so per-IP limits only bite where tested. */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface CallOptions {
  ip?: string;
  token?: string;
  headers?: Record<string, string>;
}

export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  options: CallOptions = {},
) {
  const res = await app.inject({
    method,
    url,
    remoteAddress: options.ip ?? randomIp(),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return {
    status: res.statusCode,
    body: res.body ? (JSON.parse(res.body) as Record<string, any>) : {},
    headers: res.headers,
  };
}

/** A token string found in the link of an e-mail. */
export function tokenFromMail(mail: OutboxEntry | undefined): string {
  const link = mail?.links.find((l) => l.includes('token='));
  if (!link) throw new Error(`No token link in mail: ${mail?.subject}`);
  return new URL(link).searchParams.get('token')!;
}
