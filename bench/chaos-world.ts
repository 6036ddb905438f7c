/**
 * What every fault run shares: a throwaway PostgreSQL seeded with the demo, some bench trips and a small
 * fleet; the compiled API running as a child process on it (started again after each kill); the demo
 * sessions the load signs in with; and an SMTP server every mail goes to.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { openBenchApp } from './bench-app';
import { startApiProcess, type ApiProcess } from './api-process';
import { freePort } from '../apps/api/src/test/free-port';
import { startThrowawayPostgres, type PostgresServer } from './postgres-server';
import { BENCH_CUSTOMER_EMAIL, BENCH_TRANSPORTER_EMAIL, companyOf, seedManyTrips } from './seed-many-trips';
import { seedFleet } from './seed-fleet';
import type { RequestSpec } from './request-recorder';
import { startStallingSmtpSink, type StallingSmtpSink } from './stalling-smtp-sink';

/** Enough trips on the road and without notes for the short loads here (the pools divert when dry). */
const CHAOS_TRIPS = 10_000;
const CHAOS_FLEET = { trucks: 100, positionsPerTruck: 20 };
/** Short, so a killed instance's job runs again within seconds; a running job renews it every third. */
export const JOB_LEASE_SECONDS = 5;

/** The mail the interrupted-job run holds halfway. */
export const HELD_MAIL = { to: 'customer@example.com', subject: 'Reset your Freightlane password' } as const;

export interface ChaosWorld {
  postgres: PostgresServer;
  /** The run's own connection, for planning the loads and checking what was stored. */
  database: Database;
  smtp: StallingSmtpSink;
  port: number;
  origin: string;
  /** The API process now serving `origin`. */
  api: ApiProcess;
  /** Starts (another) API process on `port`, or on a port of its own for a second instance. */
  startApi(port?: number): Promise<ApiProcess>;
  tokens: { customer: string; transporter: string };
  /** A bench trip no load writes to, that the recorder writes notes on. */
  probeTripId: string;
  /** The API processes' output; kept after a run that missed a target. */
  logFile: string;
  close(keepLog: boolean): Promise<void>;
}

export async function signIn(
  origin: string,
  username: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await fetch(`${origin}/api/v1/auth/login?clientId=WEB_CLIENT_APP`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`Signing in ${username} answered ${res.status}`);
  return (await res.json()) as { accessToken: string; refreshToken: string };
}

export async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export async function openChaosWorld(): Promise<ChaosWorld> {
  const postgres = await startThrowawayPostgres({ maxConnections: 100 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-chaos-'));
  const logFile = path.join(os.tmpdir(), `freightlane-chaos-api-${process.pid}.log`);
  console.info(`Seeding a throwaway PostgreSQL (${postgres.url}); API log: ${logFile}`);
  const seedingBegan = performance.now();
  const seeding = await openBenchApp(postgres.url);
  try {
    await seedManyTrips(seeding.database, CHAOS_TRIPS);
    await seedFleet(seeding.database, seeding.ctx.secretBox, CHAOS_FLEET);
  } finally {
    await seeding.close();
  }
  console.info(`  seeded in ${Math.round((performance.now() - seedingBegan) / 1000)} s`);

  const smtp = await startStallingSmtpSink(HELD_MAIL);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    APP_URL: origin,
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMIT_ENABLED: 'false',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    TRACKING_SECRET_KEY: randomBytes(32).toString('base64url'),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    JOBS_LEASE_SECONDS: String(JOB_LEASE_SECONDS),
    JOBS_POLL_MS: '200',
  };
  const startApi = async (on = port) => {
    const began = performance.now();
    const api = await startApiProcess({
      port: on,
      env: on === port ? env : { ...env, APP_URL: `http://127.0.0.1:${on}` },
      logFile,
    });
    console.info(
      `  API process ${api.pid} on port ${on} healthy after ${Math.round(performance.now() - began)} ms`,
    );
    return api;
  };
  const api = await startApi();
  const database = await openDatabase({ url: postgres.url, poolSize: 4 });

  const tokens = {
    customer: (await signIn(origin, BENCH_CUSTOMER_EMAIL)).accessToken,
    transporter: (await signIn(origin, BENCH_TRANSPORTER_EMAIL)).accessToken,
  };
  // A trip of the bench companies that is not on the road, given a note first: the loads only note
  // trips without one, so the recorder's notes never overwrite a note a load must find.
  const customerId = await companyOf(database.db, BENCH_CUSTOMER_EMAIL);
  const [probe] = await rows<{ id: string }>(
    database,
    sql`SELECT id FROM trips WHERE customer_company_id = ${customerId} AND latest_status IS NULL
        AND cancelled_at IS NULL ORDER BY id LIMIT 1`,
  );
  if (!probe) throw new Error('The bench seed has no trip that has not started');
  const noted = await fetch(`${origin}/api/v1/trips/${probe.id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${tokens.transporter}`, 'content-type': 'application/json' },
    body: JSON.stringify({ note: 'Fault run probe' }),
  });
  if (noted.status !== 200) throw new Error(`Writing the probe note answered ${noted.status}`);

  const world: ChaosWorld = {
    postgres,
    database,
    smtp,
    port,
    origin,
    api,
    startApi,
    tokens,
    probeTripId: probe.id,
    logFile,
    async close(keepLog) {
      world.api.kill('SIGKILL');
      await database.close().catch(() => undefined);
      await smtp.close();
      await postgres.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!keepLog) fs.rmSync(logFile, { force: true });
    },
  };
  return world;
}

/** What the recorder sends: signed-in reads that need the database, and a note write. */
export function recorderSpecs(world: ChaosWorld): RequestSpec[] {
  let n = 0;
  return [
    {
      kind: 'trips list',
      method: 'GET',
      path: '/api/v1/trips?page=0&size=20&sort=latestTripStatus.timeStamp,DESC',
      token: world.tokens.customer,
    },
    { kind: 'profile', method: 'GET', path: '/api/v1/user/me', token: world.tokens.customer },
    {
      kind: 'trip',
      method: 'GET',
      path: `/api/v1/trips/${world.probeTripId}`,
      token: world.tokens.transporter,
    },
    {
      kind: 'note write',
      method: 'PATCH',
      path: `/api/v1/trips/${world.probeTripId}`,
      token: world.tokens.transporter,
      body: () => ({ note: `Fault run probe ${++n}` }),
    },
  ];
}
