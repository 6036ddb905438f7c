/**
 * `npm run bench`: throughput and latency of the API against a raw node:http hello-world measured
 * in the same run, so the ratios hold on a shared, noisy machine. Figures and targets go to
 * bench/report.json.
 *
 * Scenarios: the API's busiest signed-in reads (50 connections, 10 s each); the API's memory once the
 * tracking read model is filled over a million seeded trips (100,000 on PGlite); the public tracking
 * endpoint over random ids of the trips people track among them, 100 connections for 20 s; truck
 * tracking (phones' positions arriving, and the live map of a 5,000-truck fleet over 10,000,000
 * positions; 500 trucks and 200,000 positions on PGlite); every report's first page and a master export of
 * 100,000 trips to XLSX; and Lighthouse on the public tracking and
 * ongoing-trips pages when the web app is built.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { migrateDatabase, openDatabase } from '../apps/api/src/db/client';
import { seedDemo, DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { seedReferenceData } from '../apps/api/src/db/seed/reference';
import { loadEnv } from '../apps/api/src/env';
import { judgeLighthouse, runLighthouse } from './lighthouse';
import { load, type Figures, type LoadSettings } from './load';
import type { WarmPass } from '../apps/api/src/modules/tracking/tracking-cache';
import {
  READ_MODEL_RSS_TARGET_MB,
  judgePublicTracking,
  judgeReadModelMemory,
  runPublicTracking,
} from './public-tracking';
import {
  BENCH_CUSTOMER_EMAIL,
  BENCH_TRANSPORTER_EMAIL,
  companyOf,
  sampleTrackingIds,
  seedManyTrips,
} from './seed-many-trips';
import {
  judgeListGrowth,
  judgeMixed,
  judgeSignedIn,
  listGrowth,
  runMixed,
  runSignedIn,
  timeTripsListQuery,
  type ListGrowth,
} from './signed-in';
import { TRACKING_PATH } from './public-tracking';
import { seedFleet } from './seed-fleet';
import { judgeIngest, judgeMap, runMap, runPositionIngest } from './truck-tracking';
import { judgeReports, runReports } from './reports';
import { seedBenchInvoices } from './seed-invoices';
import { writeIdsFile } from './load';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SETTINGS: LoadSettings = { connections: CONNECTIONS, seconds: DURATION };
const TRACKING_SETTINGS: LoadSettings = {
  connections: Number(process.env.BENCH_TRACKING_CONNECTIONS ?? 100),
  seconds: Number(process.env.BENCH_TRACKING_SECONDS ?? 20),
};
/** Ids the tracking load draws from at random: by default every tracked trip's (those the read model holds). */
const SAMPLE_IDS = process.env.BENCH_TRACKING_SAMPLE ? Number(process.env.BENCH_TRACKING_SAMPLE) : null;
/** The highest the API accepts, far above what the load sends: the limiter does all its work, refuses nobody. */
const UNLIMITED = '1000000';

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
  // On, so the public endpoints pay for their per-IP limiter as in production; the public limits are
  // raised out of reach so the one IP the load comes from is never refused.
  RATE_LIMIT_ENABLED: 'true',
  PUBLIC_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  PUBLIC_MISS_LIMIT_PER_10_MINUTES: UNLIMITED,
  // Room for every seeded trip: the tracking answers are all kept in memory, as the production server does.
  TRACKING_CACHE_ENTRIES: '10000000',
});
const database = await openDatabase({ url: process.env.DATABASE_URL });
await migrateDatabase(database);
await seedReferenceData(database.db);
const { app, ctx } = await buildApp({ env, database, jwtSecret: 'bench-secret-'.padEnd(40, 'x') });
await seedDemo(ctx);
const tripTarget = Number(
  process.env.BENCH_TRACKING_TRIPS ?? (database.kind === 'postgres' ? 1_000_000 : 100_000),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const apiPort = (app.server.address() as { port: number }).port;
const apiOrigin = `http://127.0.0.1:${apiPort}`;

async function signIn(username: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login?clientId=WEB_CLIENT_APP',
    payload: { username, password: DEMO_PASSWORD },
  });
  return (login.json() as { accessToken: string }).accessToken;
}
const accessToken = await signIn('customer@example.com');
const fleetToken = await signIn(BENCH_TRANSPORTER_EMAIL);
const transporterToken = await signIn('transporter@example.com');

// The trips list of the company holding the bench trips, first at ten thousand trips, then at the target:
// page 1 must not slow down with the company's history. Measured only when this run grows the seed.
const benchCustomerId = await companyOf(database.db, BENCH_CUSTOMER_EMAIL);
const SMALL_LIST = 10_000;
const small = await seedManyTrips(database, Math.min(SMALL_LIST, tripTarget));
const smallList =
  small.trips <= SMALL_LIST * 1.1
    ? { trips: small.trips, figures: await timeTripsListQuery(database.db, benchCustomerId) }
    : null;
const seed = await seedManyTrips(database, tripTarget);
const invoiceSeed = await seedBenchInvoices(database);
if (invoiceSeed.inserted > 0) {
  console.info(`Seed: ${invoiceSeed.inserted} invoices inserted in ${invoiceSeed.seconds.toFixed(1)} s`);
}
console.info(
  seed.inserted === 0
    ? `Seed: ${seed.trips} bench trips already in the database, kept`
    : `Seed: ${seed.inserted} trips inserted in ${seed.seconds.toFixed(1)} s (${seed.trips} bench trips now)`,
);
const growth: ListGrowth | null =
  smallList && seed.trips > smallList.trips
    ? listGrowth(smallList, {
        trips: seed.trips,
        figures: await timeTripsListQuery(database.db, benchCustomerId),
      })
    : null;

console.info(`Database: ${database.kind}; ${CONNECTIONS} connections for ${DURATION} s per scenario`);
const baseline = await load(`http://127.0.0.1:${baselinePort}/`, SETTINGS);
const health = await load(`http://127.0.0.1:${apiPort}/api/health`, SETTINGS);
// The trip page: a loaded trip with its logs, crew, issues, notes and documents, as its transporter opens it.
const loadedTrips = await app.inject({
  method: 'GET',
  url: '/api/v1/trips?tripStatusList=LOADED&size=1',
  headers: { authorization: `Bearer ${transporterToken}` },
});
const busyTrip = (loadedTrips.json() as { content: { id: string }[] }).content[0];
if (!busyTrip) throw new Error('The demo seed has no loaded trip of the demo transporter');
const signedIn = await runSignedIn({
  apiOrigin,
  baselineRps: baseline.requestsPerSecond,
  kind: database.kind,
  settings: SETTINGS,
  tokens: { customer: accessToken, transporter: transporterToken },
  tripId: busyTrip.id,
});

// The public tracking page's data, as anyone holding a link fetches it. First the read model is filled, as
// the production server does at start; its memory is measured around the fill.
const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const rssBeforeWarm = rssMb();
let warmPass: WarmPass | null = null;
await ctx.publicTracking.cache.keepWarm(
  (pass) => (warmPass = pass),
  (error) => {
    throw error;
  },
);
if (warmPass === null) throw new Error('The tracking read model was not filled');
const warm: WarmPass = warmPass;
// The fill leaves hundreds of megabytes of garbage (the rows it read, the texts it packed). A server that
// started minutes ago has long collected it, and V8 has handed the emptied pages back (its unmapper does
// so in the background, a moment after a collection); left alone, V8 would collect in the middle of the
// measurement. So memory is measured, and the load meets the server, in that steady state (npm run bench
// runs node with --expose-gc).
const collectGarbage = (globalThis as { gc?: () => void }).gc;
collectGarbage?.();
await new Promise((resolve) => setTimeout(resolve, 1000));
collectGarbage?.();
const afterWarm = process.memoryUsage();
const rssAfterWarm = rssMb();
console.info(
  `Read model: ${warm.trips} tracked trips of ${seed.trips} in ${(warm.ms / 1000).toFixed(1)} s, RSS ${rssBeforeWarm} MB -> ${rssAfterWarm} MB (V8 heap ${Math.round(afterWarm.heapTotal / 1024 / 1024)} MB, outside it ${Math.round(afterWarm.arrayBuffers / 1024 / 1024)} MB)`,
);
console.info(
  `Public tracking: ${TRACKING_SETTINGS.connections} connections for ${TRACKING_SETTINGS.seconds} s, random ids of the tracked trips`,
);
const publicTracking = await runPublicTracking({
  database,
  apiOrigin: `http://127.0.0.1:${apiPort}`,
  baselineOrigin: `http://127.0.0.1:${baselinePort}`,
  sampleSize: SAMPLE_IDS ?? warm.trips,
  settings: TRACKING_SETTINGS,
  cacheCounters: () => ctx.publicTracking.cache.tracking,
  fastLaneAnswers: () => ctx.publicTracking.fastLane.answered,
});
// A small company's staff on the trips list while the public follows trips by link, at once.
const mixedIds = writeIdsFile(await sampleTrackingIds(database.db, 10_000, 'tracked'));
const mixed = await runMixed({
  apiOrigin,
  token: accessToken,
  trackingIdsFile: mixedIds.file,
  trackingPath: TRACKING_PATH,
  settings: { connections: 100, seconds: Number(process.env.BENCH_MIXED_SECONDS ?? 30) },
}).finally(() => mixedIds.remove());
// Truck tracking: the bench transporter's fleet on the road, its map, then its drivers' phones reporting.
const fleetPlan =
  database.kind === 'postgres'
    ? { trucks: 5000, positionsPerTruck: 2000 }
    : { trucks: 500, positionsPerTruck: 400 };
const fleet = await seedFleet(database, ctx.secretBox, fleetPlan);
console.info(
  `Fleet: ${fleet.trucks} trucks on live trips, ${fleet.positions} stored positions (${fleet.seconds.toFixed(0)} s)`,
);
const tripMap = await runMap({
  apiOrigin,
  token: fleetToken,
  seconds: DURATION,
  trucksOnMap: fleet.trucks,
  storedPositions: fleet.positions,
});
const positionIngest = await runPositionIngest({
  database,
  apiOrigin,
  drivers: fleet.trucks,
  seconds: Number(process.env.BENCH_INGEST_SECONDS ?? 20),
});
// Reports over the bench company's trips: the customer's kinds as its customer, the transporter's as the
// transporter that carried them (and runs the bench fleet).
const reports = await runReports({
  apiOrigin,
  tokens: { customer: await signIn(BENCH_CUSTOMER_EMAIL), transporter: fleetToken },
});
const lighthouse = await runLighthouse({
  app,
  database,
  origin: `http://127.0.0.1:${apiPort}`,
  customerToken: accessToken,
});

/**
 * Regression guards, from what this machine measured (2 cores, loopback). PGlite runs every query
 * through its WASM engine on the server's own thread, so its ratios are lower by nature.
 */
const TARGETS = {
  pglite: { health: 0.03 },
  postgres: { health: 0.07 },
}[database.kind];
const ratio = (f: Figures) => +(f.requestsPerSecond / baseline.requestsPerSecond).toFixed(3);
const scenarios = {
  health: {
    ...health,
    ratioToBaseline: ratio(health),
    target: { ratioToBaseline: TARGETS.health, errors: 0 },
  },
};
const report = {
  at: new Date().toISOString(),
  database: database.kind,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  baseline,
  scenarios,
  signedIn,
  tripsListGrowth: growth,
  mixed,
  publicTracking: {
    trips: seed.trips,
    seed: { insertedTrips: seed.inserted, seconds: +seed.seconds.toFixed(1) },
    trackingCacheEntries: env.TRACKING_CACHE_ENTRIES,
    readModel: {
      trips: warm.trips,
      seconds: +(warm.ms / 1000).toFixed(1),
      complete: warm.complete,
      rssMbBefore: rssBeforeWarm,
      rssMbAfter: rssAfterWarm,
      heapMbAfter: Math.round(afterWarm.heapTotal / 1024 / 1024),
      offHeapMbAfter: Math.round(afterWarm.arrayBuffers / 1024 / 1024),
      target: { rssMb: READ_MODEL_RSS_TARGET_MB },
    },
    ...publicTracking,
  },
  truckTracking: { map: tripMap, positionIngest },
  reports,
  lighthouse,
};
fs.writeFileSync(path.join(import.meta.dirname, 'report.json'), JSON.stringify(report, null, 2));

console.table({
  'node:http hello': baseline,
  'GET /api/health': scenarios.health,
  ...Object.fromEntries(
    Object.entries(signedIn).map(([name, s]) => [`${name}: GET ${s.url.split('?')[0]}`, s]),
  ),
});
let failed = false;
for (const [name, s] of Object.entries(scenarios)) {
  const ok = s.ratioToBaseline >= s.target.ratioToBaseline && s.errors === 0 && s.non2xx === 0;
  console.info(
    `${ok ? 'PASS' : 'FAIL'} ${name}: ratio ${s.ratioToBaseline} (target ≥ ${s.target.ratioToBaseline}), errors ${s.errors}, non-2xx ${s.non2xx}`,
  );
  failed ||= !ok;
}

console.table({
  [`node:http hello (${publicTracking.connections} c, random paths)`]: publicTracking.baseline,
  'GET /api/v1/trips/open-access/{id}': {
    ...publicTracking.tracking,
    ratioToBaseline: publicTracking.ratioToBaseline,
  },
});
console.info(
  `RSS ${publicTracking.rssMb.before} MB before the tracking load, ${publicTracking.rssMb.after} MB after; ${publicTracking.sampledIds} random ids; ${Math.round(publicTracking.cacheHitShare * 100)} % of lookups answered from memory, ${Math.round(publicTracking.fastLaneShare * 100)} % of requests by the fast lane`,
);
failed = !judgeSignedIn(signedIn) || failed;
if (growth) failed = !judgeListGrowth(growth) || failed;
else
  console.info(
    'SKIP tripsListGrowth: the database already held the bench trips; run on an empty one to measure it',
  );
console.table({
  'GET /api/v1/trips (mixed)': mixed.tripsList,
  'GET /api/v1/trips/open-access/{id} (mixed)': mixed.publicTracking,
});
failed = !judgeMixed(mixed) || failed;
failed = !judgeReadModelMemory(rssAfterWarm, seed.trips, database.kind) || failed;
failed = !judgePublicTracking(publicTracking) || failed;
failed = !judgeMap(tripMap) || failed;
failed = !judgeIngest(positionIngest) || failed;
failed = !judgeReports(reports) || failed;
if (!('skipped' in lighthouse)) {
  console.table(
    Object.fromEntries(
      Object.entries({ tracking: lighthouse.tracking, ongoing: lighthouse.ongoing }).map(([name, page]) => [
        name,
        {
          performance: page.performance,
          lcpMs: page.lcpMs,
          fcpMs: page.fcpMs,
          tbtMs: page.tbtMs,
          cls: page.cls,
          transferKB: +(page.transferBytes / 1024).toFixed(1),
        },
      ]),
    ),
  );
}
failed = !judgeLighthouse(lighthouse) || failed;

await app.close();
await database.close();
baselineServer.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
