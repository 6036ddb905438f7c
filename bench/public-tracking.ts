/**
 * The public tracking endpoint under load: GET /api/v1/trips/open-access/{trackingId} over random ids of
 * the trips people track (on the road, booked, or ended within the last 30 days) in a database holding a
 * million trips (a hundred thousand on PGlite), against a raw node:http hello-world driven the same way
 * in the same run. Trips that ended long ago are left to demand by the read model; a few of them are
 * fetched once to show they are still answered.
 */
import type { Database } from '../apps/api/src/db/client';
import { loadRandomPaths, writeIdsFile, type Figures, type LoadSettings } from './load';
import { sampleTrackingIds } from './seed-many-trips';

export const TRACKING_PATH = '/api/v1/trips/open-access/';

export const PUBLIC_TRACKING_TARGET = { ratioToBaseline: 0.6, p99Ms: 25, errors: 0 } as const;

/**
 * Resident memory of the API after the read model is filled, with 1,000,000 trips on PostgreSQL. On
 * PGlite the database engine lives in the same process, so its figure is printed but not judged.
 */
export const READ_MODEL_RSS_TARGET_MB = 600;

export interface PublicTrackingResult {
  sampledIds: number;
  connections: number;
  durationSeconds: number;
  baseline: Figures;
  tracking: Figures;
  ratioToBaseline: number;
  /** Resident memory of the bench process (API, its caches and, on PGlite, the database engine). */
  rssMb: { before: number; after: number };
  /** Share of the load's lookups the in-memory cache answered (the rest went to the database). */
  cacheHitShare: number;
  /** Share of the load's requests the fast lane answered before fastify (the rest went through the route). */
  fastLaneShare: number;
  /** V8 heap in use after the load: the read model's bytes live outside it. */
  heapUsedMb: number;
  target: typeof PUBLIC_TRACKING_TARGET;
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

/**
 * A few ids outside the sample, fetched once over HTTP: proves the endpoint answers real trips (those the
 * read model holds and those it leaves to demand) before twenty seconds of load are spent on it, without
 * touching (and so warming the cache for) the sample.
 */
async function checkEndpoint(apiOrigin: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    const res = await fetch(`${apiOrigin}${TRACKING_PATH}${id}`);
    const body = await res.text();
    if (res.status !== 200) {
      throw new Error(`GET ${TRACKING_PATH}${id} answered ${res.status}: ${body.slice(0, 300)}`);
    }
    const trip = JSON.parse(body) as { tripNumber?: unknown };
    if (typeof trip.tripNumber !== 'string') {
      throw new Error(`GET ${TRACKING_PATH}${id} answered no trip: ${body.slice(0, 300)}`);
    }
  }
}

export async function runPublicTracking(options: {
  database: Database;
  apiOrigin: string;
  baselineOrigin: string;
  sampleSize: number;
  settings: LoadSettings;
  /** The tracking cache's lookup counters. */
  cacheCounters: () => { hits: number; misses: number };
  /** Requests the fast lane answered so far. */
  fastLaneAnswers: () => number;
}): Promise<PublicTrackingResult> {
  const { database, apiOrigin, baselineOrigin, sampleSize, settings, cacheCounters } = options;
  const CHECKED = 5;
  // The ids go to a file at once: the server under test shares this process, and a million strings held
  // here would be a million objects its garbage collector walks for nothing.
  let idsFile: ReturnType<typeof writeIdsFile>;
  let sampled: number;
  {
    const picked = await sampleTrackingIds(database.db, sampleSize + CHECKED, 'tracked');
    sampled = picked.length - CHECKED;
    if (sampled < Math.min(sampleSize, 1000)) throw new Error(`Only ${sampled} tracking ids to load`);
    const endedLongAgo = await sampleTrackingIds(database.db, CHECKED, 'endedLongAgo');
    await checkEndpoint(apiOrigin, [...picked.slice(0, CHECKED), ...endedLongAgo]);
    idsFile = writeIdsFile(picked.slice(CHECKED));
  }

  try {
    // Both through the same driver with the same random paths, so the load generator costs the same;
    // the hello-world ignores the path.
    const baseline = await loadRandomPaths(baselineOrigin, '/hello/', idsFile.file, settings);
    const before = rssMb();
    const countersBefore = { ...cacheCounters() };
    const laneBefore = options.fastLaneAnswers();
    const tracking = await loadRandomPaths(apiOrigin, TRACKING_PATH, idsFile.file, settings);
    const laneAnswers = options.fastLaneAnswers() - laneBefore;
    const after = rssMb();
    const hits = cacheCounters().hits - countersBefore.hits;
    const misses = cacheCounters().misses - countersBefore.misses;
    return {
      sampledIds: sampled,
      connections: settings.connections,
      durationSeconds: settings.seconds,
      baseline,
      tracking,
      ratioToBaseline: +(tracking.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
      rssMb: { before, after },
      cacheHitShare: hits + misses === 0 ? 0 : +(hits / (hits + misses)).toFixed(3),
      // autocannon counts the answers that arrived in time; the lane also those still in flight at the end.
      fastLaneShare: tracking.requests === 0 ? 0 : +Math.min(1, laneAnswers / tracking.requests).toFixed(3),
      heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
      target: PUBLIC_TRACKING_TARGET,
    };
  } finally {
    idsFile.remove();
  }
}

/** The PASS/FAIL line of the read model's memory; returns whether the target was met (or not judged). */
export function judgeReadModelMemory(rssMb: number, trips: number, kind: 'postgres' | 'pglite'): boolean {
  const line = `API RSS ${rssMb} MB after filling the read model (target ≤ ${READ_MODEL_RSS_TARGET_MB} MB, ${trips} trips)`;
  if (kind !== 'postgres') {
    console.info(`INFO readModel: ${line}; not judged on PGlite, whose engine shares the process`);
    return true;
  }
  const ok = rssMb <= READ_MODEL_RSS_TARGET_MB;
  console.info(`${ok ? 'PASS' : 'FAIL'} readModel: ${line}`);
  return ok;
}

/** PASS/FAIL lines of the scenario; returns whether every target was met. */
export function judgePublicTracking(result: PublicTrackingResult): boolean {
  const { tracking, target } = result;
  const checks = [
    {
      ok: result.ratioToBaseline >= target.ratioToBaseline,
      line: `ratio ${result.ratioToBaseline} (target ≥ ${target.ratioToBaseline}; ${tracking.requestsPerSecond} vs ${result.baseline.requestsPerSecond} req/s)`,
    },
    { ok: tracking.p99Ms <= target.p99Ms, line: `p99 ${tracking.p99Ms} ms (target ≤ ${target.p99Ms} ms)` },
    {
      ok: tracking.errors + tracking.non2xx <= target.errors,
      line: `errors ${tracking.errors}, non-2xx ${tracking.non2xx} (target ${target.errors})`,
    },
  ];
  for (const c of checks) console.info(`${c.ok ? 'PASS' : 'FAIL'} publicTracking: ${c.line}`);
  return checks.every((c) => c.ok);
}
