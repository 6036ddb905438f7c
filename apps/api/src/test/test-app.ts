import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { openDatabase, type Database } from '../db/client';
import { databaseUrlOf, onServer } from './database-template';
import { loadEnv } from '../env';
import { readOutbox, type Mailer, type OutboxEntry } from '../plugins/mail';

/**
 * Which database API tests run on: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL / DATABASE_URL when TEST_DB=postgres. Either starts as a copy
 * of the run's migrated template (database-template.ts).
 */
async function openTestDatabase(onQuery?: (query: string) => void): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url: string | null;
}> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const database = await openDatabase({ onQuery, pgliteImage: template.image });
    return { database, drop: async () => undefined, url: null };
  }
  const name = `fl_test_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  const url = databaseUrlOf(name);
  const database = await openDatabase({ url, poolSize: 5, onQuery });
  return { database, url, drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** The postgres:// URL of the test database; null on PGlite, which lives inside this process only. */
  databaseUrl: string | null;
  /** Runs queued jobs, then lists the mails sent to `to`, newest first. */
  mailsTo(to: string): Promise<OutboxEntry[]>;
  close(): Promise<void>;
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    onQuery?: (query: string) => void;
    /** The signing secret, for tests that forge tokens with it; random unless given. */
    jwtSecret?: string;
  } = {},
): Promise<TestApp> {
  const { database, drop, url: databaseUrl } = await openTestDatabase(options.onQuery);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-test-'));
  const env = testEnv(dataDir, envOverrides);
  const jwtSecret = options.jwtSecret ?? randomBytes(32).toString('hex');
  const trackingKey = randomBytes(32);
  const { app, ctx } = await buildApp({
    env,
    database,
    jwtSecret,
    trackingKey,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  await app.ready();
  secondInstanceSetups.set(app, { jwtSecret, trackingKey, envOverrides });
  return {
    app,
    ctx,
    dataDir,
    databaseUrl,
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

function testEnv(dataDir: string, envOverrides: Record<string, string>) {
  return loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    // Every read sees the last write at once; the map cache has its own tests.
    MAP_CACHE_SECONDS: '0',
    // Messages go when queued whatever the hour; the quiet-hours tests turn the rule back on.
    MESSAGE_QUIET_HOURS: 'false',
    ...envOverrides,
  });
}

/** What a second instance of a test app shares with the first: its signing secret and settings. */
const secondInstanceSetups = new WeakMap<
  FastifyInstance,
  { jwtSecret: string; trackingKey: Buffer; envOverrides: Record<string, string> }
>();

/**
 * A second API instance on the PostgreSQL database of `first`, as a second server of one deployment:
 * its own pool, its own LISTEN connection and in-memory state, the same signing secret (tokens of
 * either work on both). Close it before `first`, which drops the database.
 */
export async function createSecondTestApp(first: TestApp): Promise<TestApp> {
  const setup = secondInstanceSetups.get(first.app);
  if (!first.databaseUrl || !setup) {
    throw new Error('A second instance needs a first test app on PostgreSQL (TEST_DB=postgres)');
  }
  const database = await openDatabase({ url: first.databaseUrl, poolSize: 5 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-test-'));
  const { app, ctx } = await buildApp({
    env: testEnv(dataDir, setup.envOverrides),
    database,
    jwtSecret: setup.jwtSecret,
    trackingKey: setup.trackingKey,
  });
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    databaseUrl: first.databaseUrl,
    async mailsTo(to) {
      await ctx.jobs.drain();
      return readOutbox(ctx.outboxDir, { to });
    },
    async close() {
      await app.close();
      await database.close();
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

/**
 * Two instances of one deployment on one PostgreSQL database, started before the suite's tests (before
 * the suite's own beforeAll hooks registered after this call) and closed after them.
 */
export function twoInstances(): { readonly a: TestApp; readonly b: TestApp } {
  const pair = {} as { a: TestApp; b: TestApp };
  beforeAll(async () => {
    pair.a = await createTestApp();
    pair.b = await createSecondTestApp(pair.a);
  });
  afterAll(async () => {
    await pair.b?.close();
    await pair.a?.close();
  });
  return pair;
}
