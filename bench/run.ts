/**
 * `npm run bench`: throughput and latency of the API against a raw node:http hello-world measured
 * in the same run, so the ratios hold on a shared, noisy machine. Figures and targets go to
 * bench/report.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { buildApp } from '../apps/api/src/app';
import { migrateDatabase, openDatabase } from '../apps/api/src/db/client';
import { seedDemo, DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { seedReferenceData } from '../apps/api/src/db/seed/reference';
import { loadEnv } from '../apps/api/src/env';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

const AUTOCANNON = path.join(
  path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')),
  'autocannon.js',
);

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** autocannon runs in its own process so the load generator does not steal the server's event loop. */
function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(DURATION), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      resolve(figures(JSON.parse(out) as AutocannonResult));
    });
  });
}

function figures(result: AutocannonResult): Figures {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

const baselineServer = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"hello":"world"}');
});
const baselinePort = await listen(baselineServer);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-bench-'));
const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_ENABLED: 'false',
});
const database = await openDatabase({ url: process.env.DATABASE_URL });
await migrateDatabase(database);
await seedReferenceData(database.db);
const { app, ctx } = await buildApp({ env, database, jwtSecret: 'bench-secret-'.padEnd(40, 'x') });
await seedDemo(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const apiPort = (app.server.address() as { port: number }).port;

async function signIn(username: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login?clientId=WEB_CLIENT_APP',
    payload: { username, password: DEMO_PASSWORD },
  });
  return (login.json() as { accessToken: string }).accessToken;
}
const accessToken = await signIn('customer@example.com');
const transporterToken = await signIn('transporter@example.com');

console.info(`Database: ${database.kind}; ${CONNECTIONS} connections for ${DURATION} s per scenario`);
const baseline = await load(`http://127.0.0.1:${baselinePort}/`);
const health = await load(`http://127.0.0.1:${apiPort}/api/health`);
const profile = await load(`http://127.0.0.1:${apiPort}/api/v1/user/me`, {
  authorization: `Bearer ${accessToken}`,
});
// The two busiest marketplace lists: a customer's orders with bid counts, a transporter's market.
const orders = await load(`http://127.0.0.1:${apiPort}/api/v1/orders?size=20`, {
  authorization: `Bearer ${accessToken}`,
});
const market = await load(`http://127.0.0.1:${apiPort}/api/v1/bids/open-orders?size=20`, {
  authorization: `Bearer ${transporterToken}`,
});
// The trip page: a loaded trip with its logs, crew, issues, notes and documents, as its transporter opens it.
const loadedTrips = await app.inject({
  method: 'GET',
  url: '/api/v1/trips?tripStatusList=LOADED&size=1',
  headers: { authorization: `Bearer ${transporterToken}` },
});
const busyTrip = (loadedTrips.json() as { content: { id: string }[] }).content[0];
if (!busyTrip) throw new Error('The demo seed has no loaded trip of the demo transporter');
const tripDetail = await load(`http://127.0.0.1:${apiPort}/api/v1/trips/${busyTrip.id}`, {
  authorization: `Bearer ${transporterToken}`,
});

/**
 * Regression guards, from what this machine measured (2 cores, loopback). PGlite runs every query
 * through its WASM engine on the server's own thread, so its ratios are lower by nature.
 */
const TARGETS = {
  pglite: { health: 0.03, profile: 0.008, orders: 0.002, market: 0.002, tripDetail: 0.002 },
  postgres: { health: 0.07, profile: 0.015, orders: 0.004, market: 0.004, tripDetail: 0.003 },
}[database.kind];
const ratio = (f: Figures) => +(f.requestsPerSecond / baseline.requestsPerSecond).toFixed(3);
const scenarios = {
  health: {
    ...health,
    ratioToBaseline: ratio(health),
    target: { ratioToBaseline: TARGETS.health, errors: 0 },
  },
  profile: {
    ...profile,
    ratioToBaseline: ratio(profile),
    target: { ratioToBaseline: TARGETS.profile, errors: 0 },
  },
  orders: {
    ...orders,
    ratioToBaseline: ratio(orders),
    target: { ratioToBaseline: TARGETS.orders, errors: 0 },
  },
  market: {
    ...market,
    ratioToBaseline: ratio(market),
    target: { ratioToBaseline: TARGETS.market, errors: 0 },
  },
  tripDetail: {
    ...tripDetail,
    ratioToBaseline: ratio(tripDetail),
    target: { ratioToBaseline: TARGETS.tripDetail, errors: 0 },
  },
};
const report = {
  at: new Date().toISOString(),
  database: database.kind,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  baseline,
  scenarios,
};
fs.writeFileSync(path.join(import.meta.dirname, 'report.json'), JSON.stringify(report, null, 2));

console.table({
  'node:http hello': baseline,
  'GET /api/health': scenarios.health,
  'GET /api/v1/user/me': scenarios.profile,
  'GET /api/v1/orders': scenarios.orders,
  'GET /api/v1/bids/open-orders': scenarios.market,
  'GET /api/v1/trips/{id}': scenarios.tripDetail,
});
let failed = false;
for (const [name, s] of Object.entries(scenarios)) {
  const ok = s.ratioToBaseline >= s.target.ratioToBaseline && s.errors === 0 && s.non2xx === 0;
  console.info(
    `${ok ? 'PASS' : 'FAIL'} ${name}: ratio ${s.ratioToBaseline} (target ≥ ${s.target.ratioToBaseline}), errors ${s.errors}, non-2xx ${s.non2xx}`,
  );
  failed ||= !ok;
}

await app.close();
await database.close();
baselineServer.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
