/**
 * `npm run bench`: throughput and latency of the API against a raw node:http hello-world measured
 * in the same run, so the ratios hold on a shared, noisy machine.
 *
 * Scenarios, in the order they run (`npm run bench -- --only a,b` runs some of them): the API's health
 * route and its busiest signed-in reads (50 connections, 10 s each); the trips list's growth from ten
 * thousand to a million seeded trips; the API's memory once the tracking read model is filled over a
 * million seeded trips (100,000 on PGlite); the public tracking endpoint over random ids of the trips
 * people track, 100 connections for 20 s; the trips list and public tracking at once; truck tracking
 * (the live map of a 5,000-truck fleet over 10,000,000 positions, and phones' positions arriving; 500
 * trucks and 200,000 positions on PGlite); every report's first page and a master export of 100,000
 * trips to XLSX; a truck's return loads and the Return loads page over 10,000 open orders; one event told to a thousand people by SMS and WhatsApp; mixed traffic with writes, 200 connections for 60 s on PostgreSQL, every acknowledged
 * write then looked up in the database; 50,000 trucks' phones reporting every 30 s for 10 minutes beside
 * the mixed write load, on a throwaway PostgreSQL; and Lighthouse on the public tracking and ongoing-trips pages
 * when the web app is built.
 *
 * Every figure goes into one list (figures.ts): the table printed at the end, `figures` in the report
 * and docs/quality.md are made from it. A run of every scenario at its documented size writes
 * bench/report.json and docs/quality.md; any other run (some scenarios, one skipped, sizes changed by a
 * BENCH_* variable) writes bench/report.partial.json only.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { WarmPass } from '../apps/api/src/modules/public-tracking/public-tracking-cache.service';
import type { AppContext } from '../apps/api/src/context';
import { openBenchApp, type BenchApp } from './bench-app';
import {
  atLeast,
  databaseInfo,
  loadFigures,
  machine,
  printFigures,
  reported,
  type DatabaseInfo,
  type Figure,
} from './figures';
import { lighthouseFigures, printLighthouseNotes, runLighthouse } from './lighthouse';
import { load, writeIdsFile, type Figures, type LoadSettings } from './load';
import { messageFanoutFigures, runMessageFanout, SCENARIO as MESSAGE_FANOUT } from './message-fanout';
import { mixedWriteFigures, runMixedWrite, SCENARIO as MIXED_WRITE } from './mixed-write-load';
import {
  FLEET_INGEST_TRUCKS,
  fleetIngestFigures,
  runFleetIngest,
  SCENARIO as FLEET_INGEST,
} from './fleet-ingest';
import { startThrowawayPostgres } from './postgres-server';
import {
  TRACKING_PATH,
  READ_MODEL_RSS_TARGET_MB,
  publicTrackingFigures,
  readModelFigures,
  runPublicTracking,
} from './public-tracking';
import { writeQualityDoc } from './quality-doc';
import { reportFigures, runReports } from './reports';
import { returnLoadFigures, runReturnLoads, SCENARIO as RETURN_LOADS } from './return-loads';
import { runSearch, searchFigures, SCENARIO as SEARCH } from './search';
import { coldReadFigures, runColdReads, SCENARIO as COLD_READS } from './cold-reads';
import { seedFleet, type FleetPlan } from './seed-fleet';
import { seedBenchInvoices } from './seed-invoices';
import { seedBenchRoadMoney } from './seed-road-money';
import {
  BENCH_CUSTOMER_EMAIL,
  BENCH_TRANSPORTER_EMAIL,
  companyOf,
  sampleTrackingIds,
  seedManyTrips,
} from './seed-many-trips';
import {
  listGrowth,
  listGrowthFigures,
  mixedFigures,
  runMixed,
  runSignedIn,
  signedInFigures,
  timeTripsListQuery,
  type ListGrowth,
} from './signed-in';
import { ingestFigures, mapFigures, runMap, runPositionIngest } from './telematics';

export const SCENARIOS = [
  'health',
  'signed-in',
  'list-growth',
  'read-model',
  'public-tracking',
  'mixed',
  'trip-map',
  'position-ingest',
  'reports',
  RETURN_LOADS,
  SEARCH,
  COLD_READS,
  MESSAGE_FANOUT,
  MIXED_WRITE,
  FLEET_INGEST,
  'lighthouse',
] as const;
type ScenarioName = (typeof SCENARIOS)[number];

/** The scenarios `--only a,b` (or `--only=a,b`, repeatable) names; null runs them all. */
function onlyScenarios(argv: string[]): Set<ScenarioName> | null {
  const names: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === '--only') names.push(...(argv[i + 1] ?? '').split(','));
    else if (arg.startsWith('--only=')) names.push(...arg.slice('--only='.length).split(','));
  });
  if (names.length === 0) return null;
  const unknown = names.filter((n) => !(SCENARIOS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown bench scenario ${unknown.join(', ')}; the scenarios are ${SCENARIOS.join(', ')}`,
    );
  }
  return new Set(names as ScenarioName[]);
}

const only = onlyScenarios(process.argv.slice(2));
const loadAtStart = os.loadavg()[0]!;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SETTINGS: LoadSettings = { connections: CONNECTIONS, seconds: DURATION };
const TRACKING_SETTINGS: LoadSettings = {
  connections: Number(process.env.BENCH_TRACKING_CONNECTIONS ?? 100),
  seconds: Number(process.env.BENCH_TRACKING_SECONDS ?? 20),
};
const MIXED_WRITE_SETTINGS: LoadSettings = {
  connections: Number(process.env.BENCH_MIXED_WRITE_CONNECTIONS ?? 200),
  seconds: Number(process.env.BENCH_MIXED_WRITE_SECONDS ?? 60),
};
/** Ids the tracking load draws from at random: by default every tracked trip's (those the read model holds). */
const SAMPLE_IDS = process.env.BENCH_TRACKING_SAMPLE ? Number(process.env.BENCH_TRACKING_SAMPLE) : null;
const FLEET_PLANS: Record<'postgres' | 'pglite', FleetPlan> = {
  postgres: { trucks: 5000, positionsPerTruck: 2000 },
  pglite: { trucks: 500, positionsPerTruck: 400 },
};
/**
 * The mixed write load on a throwaway PostgreSQL (no DATABASE_URL): enough trips for its pools of
 * trips to move and to note (mixed-write-load.ts) and a fleet of the PGlite run's size, seeded in a
 * minute or two rather than the shared database's ten.
 */
const THROWAWAY_TRIPS = Number(process.env.BENCH_MIXED_WRITE_TRIPS ?? 100_000);
/**
 * The national fleet's load (fleet-ingest.ts), on a throwaway PostgreSQL so the shared database keeps its
 * 5,000-truck fleet: enough bench trips that every one of its 50,000 trucks is on a live trip (about a
 * quarter of the seeded trips are on the road) and the mixed load's status changes still find trips off
 * the fleet's map to move for the 10 minutes.
 */
const FLEET_INGEST_TRIPS = Number(process.env.BENCH_FLEET_INGEST_TRIPS ?? 350_000);
const FLEET_INGEST_SECONDS = Number(process.env.BENCH_FLEET_INGEST_SECONDS ?? 600);
const FLEET_INGEST_FLEET = Number(process.env.BENCH_FLEET_INGEST_TRUCKS ?? FLEET_INGEST_TRUCKS);
/**
 * Regression guards of the health route, from what this machine measured (2 cores, loopback). PGlite
 * runs every query through its WASM engine, so its ratio is lower by nature.
 */
const HEALTH_RATIO_TARGET = { pglite: 0.03, postgres: 0.07 } as const;

/** The variables that change how much a scenario measures: a run with any of them set is not kept. */
const SIZING_VARIABLES = [
  'BENCH_SECONDS',
  'BENCH_CONNECTIONS',
  'BENCH_TRACKING_CONNECTIONS',
  'BENCH_TRACKING_SECONDS',
  'BENCH_TRACKING_TRIPS',
  'BENCH_TRACKING_SAMPLE',
  'BENCH_MIXED_SECONDS',
  'BENCH_INGEST_SECONDS',
  'BENCH_MIXED_WRITE_CONNECTIONS',
  'BENCH_MIXED_WRITE_SECONDS',
  'BENCH_MIXED_WRITE_TRIPS',
  'BENCH_FLEET_INGEST_TRIPS',
  'BENCH_FLEET_INGEST_SECONDS',
  'BENCH_FLEET_INGEST_TRUCKS',
];

/** Runs `make` once, the first time its value is asked for. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
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
const baselineOrigin = `http://127.0.0.1:${await listen(baselineServer)}`;

/** The API over DATABASE_URL (PGlite without it), opened when a scenario first needs it. */
let opened = null as BenchApp | null;
const main = once(async () => (opened = await openBenchApp(process.env.DATABASE_URL)));
/**
 * The people's access tokens, signed in again once they are older than TOKENS_KEPT_MS: a full run on
 * PostgreSQL outlasts an access token (ACCESS_TOKEN_TTL_SECONDS, 15 minutes), and the scenarios near its
 * end would otherwise be answered 401.
 */
const TOKENS_KEPT_MS = 10 * 60_000;
let signedIn: { at: number; tokens: ReturnType<typeof signInAll> } | null = null;
async function signInAll() {
  const m = await main();
  return {
    customer: await m.signIn('customer@example.com'),
    transporter: await m.signIn('transporter@example.com'),
    benchCustomer: await m.signIn(BENCH_CUSTOMER_EMAIL),
    benchTransporter: await m.signIn(BENCH_TRANSPORTER_EMAIL),
  };
}
function tokens(): ReturnType<typeof signInAll> {
  if (!signedIn || Date.now() - signedIn.at > TOKENS_KEPT_MS) {
    signedIn = { at: Date.now(), tokens: signInAll() };
  }
  return signedIn.tokens;
}
const baseline = once(() => load(`${baselineOrigin}/`, SETTINGS));

/**
 * The bench trips and their invoices. The trips list of the company holding them is timed first at ten
 * thousand trips, then at the target: page 1 must not slow down with the company's history. Measured
 * only when this run grows the seed from empty.
 */
const seeded = once(async () => {
  const { database } = await main();
  const target = Number(
    process.env.BENCH_TRACKING_TRIPS ?? (database.kind === 'postgres' ? 1_000_000 : 100_000),
  );
  const benchCustomerId = await companyOf(database.db, BENCH_CUSTOMER_EMAIL);
  const SMALL_LIST = 10_000;
  const small = await seedManyTrips(database, Math.min(SMALL_LIST, target));
  const smallList =
    small.trips <= SMALL_LIST * 1.1
      ? { trips: small.trips, figures: await timeTripsListQuery(database.db, benchCustomerId) }
      : null;
  const seed = await seedManyTrips(database, target);
  const invoices = await seedBenchInvoices(database);
  if (invoices.inserted > 0) {
    console.info(`Seed: ${invoices.inserted} invoices inserted in ${invoices.seconds.toFixed(1)} s`);
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
  return { seed, growth };
});

/**
 * Fills the tracking read model as the production server does at start. The fill leaves hundreds of
 * megabytes of garbage (the rows it read, the texts it packed). A server that started minutes ago has
 * long collected it, and V8 has handed the emptied pages back (its unmapper does so in the background, a
 * moment after a collection); left alone, V8 would collect in the middle of a measurement. So memory is
 * measured, and the loads meet the server, in that steady state (npm run bench runs node with --expose-gc).
 */
async function fillReadModel(ctx: AppContext): Promise<WarmPass> {
  let pass: WarmPass | null = null;
  await ctx.publicTracking.cache.keepWarm(
    (p) => (pass = p),
    (error) => {
      throw error;
    },
  );
  if (pass === null) throw new Error('The tracking read model was not filled');
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  collectGarbage?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  collectGarbage?.();
  return pass;
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const warm = once(async () => {
  const { seed } = await seeded();
  const { ctx } = await main();
  const before = rssMb();
  const pass = await fillReadModel(ctx);
  const memory = process.memoryUsage();
  const after = rssMb();
  console.info(
    `Read model: ${pass.trips} tracked trips of ${seed.trips} in ${(pass.ms / 1000).toFixed(1)} s, RSS ${before} MB -> ${after} MB (V8 heap ${Math.round(memory.heapTotal / 1024 / 1024)} MB, outside it ${Math.round(memory.arrayBuffers / 1024 / 1024)} MB)`,
  );
  return {
    pass,
    section: {
      trips: pass.trips,
      seconds: +(pass.ms / 1000).toFixed(1),
      complete: pass.complete,
      rssMbBefore: before,
      rssMbAfter: after,
      heapMbAfter: Math.round(memory.heapTotal / 1024 / 1024),
      offHeapMbAfter: Math.round(memory.arrayBuffers / 1024 / 1024),
      target: { rssMb: READ_MODEL_RSS_TARGET_MB },
    },
  };
});

const fleet = once(async () => {
  await seeded();
  const { database, ctx } = await main();
  const seededFleet = await seedFleet(database, ctx.secretBox, FLEET_PLANS[database.kind]);
  console.info(
    `Fleet: ${seededFleet.trucks} trucks on live trips, ${seededFleet.positions} stored positions (${seededFleet.seconds.toFixed(0)} s)`,
  );
  return seededFleet;
});

/** The bench transporter's advances, expenses and settlements on its completed trips, over the fleet's drivers. */
const roadMoney = once(async () => {
  await fleet();
  const { database } = await main();
  const cash = await seedBenchRoadMoney(database);
  if (cash.inserted > 0) {
    console.info(`Road money: ${cash.inserted} trips given cash in ${cash.seconds.toFixed(1)} s`);
  }
});

type Outcome = { figures: Figure[]; section: Record<string, unknown> } | { skipped: string };

/** The mixed write load on PostgreSQL: DATABASE_URL's, or a throwaway server of its own without one. */
async function mixedWrite(): Promise<Outcome> {
  if (process.env.DATABASE_URL) {
    await fleet();
    await warm();
    const m = await main();
    const t = await tokens();
    const result = await runMixedWrite(m.database, {
      origin: m.origin,
      settings: MIXED_WRITE_SETTINGS,
      tokens: { customer: t.benchCustomer, transporter: t.benchTransporter },
    });
    return {
      figures: mixedWriteFigures(result, (await baseline()).requestsPerSecond),
      section: { mixedWrite: result },
    };
  }
  console.info('Mixed write load: no DATABASE_URL, so on a throwaway PostgreSQL server of its own');
  return onSeededThrowawayServer(
    'Mixed write load',
    THROWAWAY_TRIPS,
    FLEET_PLANS.pglite,
    async (own, tokens, benchTrips) => {
      const result = await runMixedWrite(own.database, {
        origin: own.origin,
        settings: MIXED_WRITE_SETTINGS,
        tokens,
      });
      return {
        figures: mixedWriteFigures(result, (await baseline()).requestsPerSecond),
        section: { mixedWrite: { ...result, throwawayServer: true, benchTrips } },
      };
    },
  );
}

/** A bench app on a throwaway PostgreSQL server of its own, given to `use`; both are removed afterwards. */
async function onThrowawayServer<T>(use: (own: BenchApp) => Promise<T>): Promise<T> {
  const server = await startThrowawayPostgres();
  try {
    const own = await openBenchApp(server.url);
    try {
      return await use(own);
    } finally {
      await own.close();
    }
  } finally {
    await server.destroy();
  }
}

/**
 * onThrowawayServer with `trips` bench trips and a fleet of `plan` seeded, the tracking read model filled,
 * and the bench customer and transporter signed in.
 */
function onSeededThrowawayServer<T>(
  label: string,
  trips: number,
  plan: FleetPlan,
  use: (own: BenchApp, tokens: { customer: string; transporter: string }, benchTrips: number) => Promise<T>,
): Promise<T> {
  return onThrowawayServer(async (own) => {
    const seed = await seedManyTrips(own.database, trips);
    const ownFleet = await seedFleet(own.database, own.ctx.secretBox, plan);
    console.info(
      `${label}: ${seed.trips} bench trips (${seed.seconds.toFixed(0)} s), ${ownFleet.trucks} trucks (${ownFleet.seconds.toFixed(0)} s)`,
    );
    await fillReadModel(own.ctx);
    const tokens = {
      customer: await own.signIn(BENCH_CUSTOMER_EMAIL),
      transporter: await own.signIn(BENCH_TRANSPORTER_EMAIL),
    };
    return use(own, tokens, seed.trips);
  });
}

const ratio = (f: Figures, to: Figures) => +(f.requestsPerSecond / to.requestsPerSecond).toFixed(3);

const scenarios: Record<ScenarioName, () => Promise<Outcome>> = {
  async health() {
    const m = await main();
    const b = await baseline();
    console.info(`Database: ${m.database.kind}; ${CONNECTIONS} connections for ${DURATION} s per scenario`);
    const health = await load(`${m.origin}/api/health`, SETTINGS);
    const target = HEALTH_RATIO_TARGET[m.database.kind];
    const healthRatio = ratio(health, b);
    return {
      figures: [
        reported('health', 'hello-world throughput', b.requestsPerSecond, 'req/s'),
        atLeast('health', 'ratio to hello-world', healthRatio, '×', target),
        ...loadFigures('health', '', health),
      ],
      section: {
        baseline: b,
        scenarios: {
          health: { ...health, ratioToBaseline: healthRatio, target: { ratioToBaseline: target, errors: 0 } },
        },
      },
    };
  },

  async 'signed-in'() {
    const m = await main();
    const t = await tokens();
    // The trip page: a loaded trip with its logs, crew, issues, notes and documents, as its transporter opens it.
    const loadedTrips = await m.app.inject({
      method: 'GET',
      url: '/api/v1/trips?tripStatusList=LOADED&size=1',
      headers: { authorization: `Bearer ${t.transporter}` },
    });
    const busyTrip = (loadedTrips.json() as { content: { id: string }[] }).content[0];
    if (!busyTrip) throw new Error('The demo seed has no loaded trip of the demo transporter');
    const signedIn = await runSignedIn({
      apiOrigin: m.origin,
      baselineRps: (await baseline()).requestsPerSecond,
      kind: m.database.kind,
      settings: SETTINGS,
      tokens: { customer: t.customer, transporter: t.transporter },
      tripId: busyTrip.id,
    });
    return { figures: signedInFigures(signedIn), section: { signedIn } };
  },

  async 'list-growth'() {
    const { growth } = await seeded();
    if (!growth) {
      return {
        skipped: 'the database already held the bench trips; run on an empty one to measure the growth',
      };
    }
    return { figures: listGrowthFigures(growth), section: { tripsListGrowth: growth } };
  },

  async 'read-model'() {
    const { seed } = await seeded();
    const { pass, section } = await warm();
    const m = await main();
    return {
      figures: readModelFigures({
        rssMb: section.rssMbAfter,
        trips: pass.trips,
        seconds: section.seconds,
        kind: m.database.kind,
      }),
      section: {
        readModel: {
          ...section,
          benchTrips: seed.trips,
          seed: { insertedTrips: seed.inserted, seconds: +seed.seconds.toFixed(1) },
          trackingCacheEntries: m.env.TRACKING_CACHE_ENTRIES,
        },
      },
    };
  },

  async 'public-tracking'() {
    const { pass } = await warm();
    const m = await main();
    console.info(
      `Public tracking: ${TRACKING_SETTINGS.connections} connections for ${TRACKING_SETTINGS.seconds} s, random ids of the tracked trips`,
    );
    const publicTracking = await runPublicTracking({
      database: m.database,
      apiOrigin: m.origin,
      baselineOrigin,
      sampleSize: SAMPLE_IDS ?? pass.trips,
      settings: TRACKING_SETTINGS,
      cacheCounters: () => m.ctx.publicTracking.cache.tracking,
      fastLaneAnswers: () => m.ctx.publicTracking.fastLane.answered,
    });
    return { figures: publicTrackingFigures(publicTracking), section: { publicTracking } };
  },

  // A small company's staff on the trips list while the public follows trips by link, at once.
  async mixed() {
    await warm();
    const m = await main();
    const t = await tokens();
    const ids = writeIdsFile(await sampleTrackingIds(m.database.db, 10_000, 'tracked'));
    const mixed = await runMixed({
      apiOrigin: m.origin,
      token: t.customer,
      trackingIdsFile: ids.file,
      trackingPath: TRACKING_PATH,
      settings: { connections: 100, seconds: Number(process.env.BENCH_MIXED_SECONDS ?? 30) },
    }).finally(() => ids.remove());
    return { figures: mixedFigures(mixed), section: { mixed } };
  },

  // Truck tracking: the bench transporter's fleet on the road and its map.
  async 'trip-map'() {
    const f = await fleet();
    const m = await main();
    const map = await runMap({
      apiOrigin: m.origin,
      token: (await tokens()).benchTransporter,
      seconds: DURATION,
      trucksOnMap: f.trucks,
      storedPositions: f.positions,
    });
    return { figures: mapFigures(map), section: { tripMap: map } };
  },

  // Its drivers' phones reporting.
  async 'position-ingest'() {
    const f = await fleet();
    const m = await main();
    const positionIngest = await runPositionIngest({
      database: m.database,
      apiOrigin: m.origin,
      drivers: f.trucks,
      seconds: Number(process.env.BENCH_INGEST_SECONDS ?? 20),
    });
    return { figures: ingestFigures(positionIngest), section: { positionIngest } };
  },

  // Reports over the bench company's trips: the customer's kinds as its customer, the transporter's as the
  // transporter that carried them (and runs the bench fleet).
  async reports() {
    await seeded();
    await roadMoney();
    const m = await main();
    const t = await tokens();
    const reports = await runReports({
      apiOrigin: m.origin,
      tokens: { customer: t.benchCustomer, transporter: t.benchTransporter },
    });
    return { figures: reportFigures(reports), section: { reports } };
  },

  // A truck's return loads and the Return loads page over the million trips and 10,000 open orders.
  async [RETURN_LOADS]() {
    await seeded();
    const m = await main();
    const t = await tokens();
    const returnLoads = await runReturnLoads(m.database, {
      apiOrigin: m.origin,
      transporterToken: t.benchTransporter,
    });
    return { figures: returnLoadFigures(returnLoads), section: { returnLoads } };
  },
  async [SEARCH]() {
    const { seed } = await seeded();
    const m = await main();
    const t = await tokens();
    const search = await runSearch({
      apiOrigin: m.origin,
      tokens: {
        benchCustomer: t.benchCustomer,
        benchTransporter: t.benchTransporter,
        admin: await m.signIn('admin@example.com'),
      },
      trips: seed.trips,
      settings: SETTINGS,
    });
    return { figures: searchFigures(search), section: { search } };
  },
  async [COLD_READS]() {
    const { seed } = await seeded();
    const m = await main();
    const t = await tokens();
    const coldReads = await runColdReads(m.database, {
      apiOrigin: m.origin,
      tokens: {
        benchCustomer: t.benchCustomer,
        benchTransporter: t.benchTransporter,
        admin: await m.signIn('admin@example.com'),
      },
      trips: seed.trips,
      settings: SETTINGS,
      helloWorld: await baseline(),
    });
    return { figures: coldReadFigures(coldReads), section: { coldReads } };
  },

  // One event told to a thousand people by SMS and WhatsApp, through the providers' local simulators.
  // On PostgreSQL (DATABASE_URL's, or a throwaway server of its own): PGlite runs every statement on the
  // server's one thread, so there the figure would measure the embedded engine rather than the sending.
  async [MESSAGE_FANOUT]() {
    if (process.env.DATABASE_URL) {
      const m = await main();
      const messageFanout = await runMessageFanout(m.database, m.ctx);
      return { figures: messageFanoutFigures(messageFanout), section: { messageFanout } };
    }
    console.info('Message fan-out: no DATABASE_URL, so on a throwaway PostgreSQL server of its own');
    return onThrowawayServer(async (own) => {
      const messageFanout = await runMessageFanout(own.database, own.ctx);
      return {
        figures: messageFanoutFigures(messageFanout),
        section: { messageFanout: { ...messageFanout, throwawayServer: true } },
      };
    });
  },

  [MIXED_WRITE]: mixedWrite,

  // 50,000 trucks' phones reporting every 30 s for 10 minutes beside the mixed write load, on a throwaway
  // PostgreSQL server of its own.
  async [FLEET_INGEST]() {
    console.info('Fleet ingest: on a throwaway PostgreSQL server of its own');
    const plan = { trucks: FLEET_INGEST_FLEET, positionsPerTruck: 20 };
    return onSeededThrowawayServer(
      'Fleet ingest',
      FLEET_INGEST_TRIPS,
      plan,
      async (own, tokens, benchTrips) => {
        const fleetIngest = await runFleetIngest(own.database, {
          origin: own.origin,
          trucks: FLEET_INGEST_FLEET,
          seconds: FLEET_INGEST_SECONDS,
          mixedWrite: { connections: MIXED_WRITE_SETTINGS.connections, seconds: FLEET_INGEST_SECONDS },
          tokens,
        });
        return {
          figures: fleetIngestFigures(fleetIngest),
          section: { fleetIngest: { ...fleetIngest, throwawayServer: true, benchTrips } },
        };
      },
    );
  },

  async lighthouse() {
    const m = await main();
    const lighthouse = await runLighthouse({
      app: m.app,
      database: m.database,
      origin: m.origin,
      customerToken: (await tokens()).customer,
    });
    if ('skipped' in lighthouse) return { skipped: lighthouse.skipped };
    printLighthouseNotes(lighthouse);
    return { figures: lighthouseFigures(lighthouse), section: { lighthouse } };
  },
};

const figures: Figure[] = [];
const skipped: { scenario: ScenarioName; reason: string }[] = [];
const sections: Record<string, unknown> = {};
for (const name of SCENARIOS) {
  if (only && !only.has(name)) continue;
  console.info(`\n== ${name}`);
  const outcome = await scenarios[name]();
  if ('skipped' in outcome) {
    console.info(`SKIP ${name}: ${outcome.skipped}`);
    skipped.push({ scenario: name, reason: outcome.skipped });
    continue;
  }
  figures.push(...outcome.figures);
  Object.assign(sections, outcome.section);
}

const database: DatabaseInfo | null = opened ? await databaseInfo(opened.database) : null;
// The sections as the report has always grouped them.
const { readModel, publicTracking, tripMap, positionIngest, ...rest } = sections;
const resized = SIZING_VARIABLES.filter((name) => process.env[name] !== undefined);
/** Why this run's figures are not the ones to keep in bench/report.json, if they are not. */
const partialBecause = [
  ...(only ? [`only ${[...only].join(', ')}`] : []),
  ...skipped.map((s) => `${s.scenario} skipped`),
  ...(resized.length > 0 ? [`sizes changed by ${resized.join(', ')}`] : []),
];
const partial = partialBecause.length > 0;
const report = {
  at: new Date().toISOString(),
  machine: machine(loadAtStart),
  database,
  partial,
  partialBecause,
  only: only ? [...only] : null,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  met: figures.every((f) => f.met),
  figures,
  skipped,
  ...rest,
  ...(readModel || publicTracking
    ? { publicTracking: { ...(readModel ? { readModel } : {}), ...(publicTracking as object | undefined) } }
    : {}),
  ...(tripMap || positionIngest ? { truckTracking: { map: tripMap, positionIngest } } : {}),
};

console.info('');
printFigures(figures);
for (const s of skipped) console.info(`SKIP ${s.scenario}: ${s.reason}`);
if (partial)
  console.info(`A partial run (${partialBecause.join('; ')}): bench/report.json is left as it was`);
const reportFile = path.join(import.meta.dirname, partial ? 'report.partial.json' : 'report.json');
fs.writeFileSync(reportFile, JSON.stringify(report, null, 2) + '\n');
console.info(`Report: ${path.relative(process.cwd(), reportFile)}`);
if (!partial) console.info(`Figures and targets: ${path.relative(process.cwd(), writeQualityDoc(report))}`);

await opened?.close();
baselineServer.close();
process.exit(report.met ? 0 : 1);
