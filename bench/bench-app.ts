/**
 * The API as the bench runs it: in this process, on a loopback port, over a database migrated and
 * seeded with the reference and demo data, with the public rate limiter on but its limits out of reach.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import type { AppContext } from '../apps/api/src/context';
import { migrateDatabase, openDatabase, type Database } from '../apps/api/src/db/client';
import { seedDemo, DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { seedReferenceData } from '../apps/api/src/db/seed/reference';
import { loadEnv, type Env } from '../apps/api/src/env';

/** The highest the API accepts, far above what the load sends: the limiter does all its work, refuses nobody. */
const UNLIMITED = '1000000';

export interface BenchApp {
  database: Database;
  app: FastifyInstance;
  ctx: AppContext;
  env: Env;
  origin: string;
  /** A demo user's access token. */
  signIn(username: string): Promise<string>;
  close(): Promise<void>;
}

/** Opens `url` (PGlite without one), migrates and seeds it, and starts the API on a free port. */
export async function openBenchApp(url: string | undefined): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-bench-'));
  // The port is chosen before the app is built: the SMS and WhatsApp simulators' addresses (and their
  // webhooks back) are made from APP_URL, so it must name the port the API listens on.
  const port = await freePort();
  const env = loadEnv({
    APP_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // On, so the public endpoints pay for their per-IP limiter as in production; the public limits are
    // raised out of reach so the one IP the load comes from is never refused.
    RATE_LIMIT_ENABLED: 'true',
    PUBLIC_RATE_LIMIT_PER_MINUTE: UNLIMITED,
    PUBLIC_MISS_LIMIT_PER_10_MINUTES: UNLIMITED,
    // Room for every seeded trip: the tracking answers are all kept in memory, as the production server does.
    TRACKING_CACHE_ENTRIES: '10000000',
  });
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const { app, ctx } = await buildApp({ env, database, jwtSecret: 'bench-secret-'.padEnd(40, 'x') });
  await seedDemo(ctx);
  await app.listen({ port, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    database,
    app,
    ctx,
    env,
    origin,
    async signIn(username) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login?clientId=WEB_CLIENT_APP',
        payload: { username, password: DEMO_PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`Signing in ${username} answered ${login.statusCode}`);
      return (login.json() as { accessToken: string }).accessToken;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A loopback port no one listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
