/**
 * The public tracking endpoint under load: GET /api/v1/trips/open-access/{trackingId} over random ids of
 * the trips people track (on the road, booked, or ended within the last 30 days) in a database holding a
 * million trips (a hundred thousand on PGlite), against a raw node:http hello-world driven the same way
 * in the same run. Trips that ended long ago are left to demand by the read model; a few of them are
 * fetched once to show they are still answered.
 */
import type { Database } from '../apps/api/src/db/client';
import { atLeast, atMost, judgedWhen, loadFigures, reported, type Figure } from './figures';
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

/** The read model's figures: the API's memory once it is filled (judged on PostgreSQL) and the fill's time. */
export function readModelFigures(input: {
  rssMb: number;
  trips: number;
  seconds: number;
  kind: 'postgres' | 'pglite';
}): Figure[] {
  return [
    reported('read-model', 'tracked trips held', input.trips, 'trips'),
    reported('read-model', 'time to fill', input.seconds, 's'),
    judgedWhen(
      input.kind === 'postgres',
      `target ≤ ${READ_MODEL_RSS_TARGET_MB} MB on PostgreSQL; PGlite's engine shares the process`,
      atMost('read-model', 'API resident memory after the fill', input.rssMb, 'MB', READ_MODEL_RSS_TARGET_MB),
    ),
  ];
}

/** The public tracking load's figures, its hello-world beside it. */
export function publicTrackingFigures(result: PublicTrackingResult): Figure[] {
  const { tracking, target } = result;
  return [
    reported('public-tracking', 'hello-world throughput', result.baseline.requestsPerSecond, 'req/s'),
    atLeast('public-tracking', 'ratio to hello-world', result.ratioToBaseline, '×', target.ratioToBaseline),
    ...loadFigures('public-tracking', '', tracking, { p99Ms: target.p99Ms }),
    reported('public-tracking', 'lookups answered from memory', Math.round(result.cacheHitShare * 100), '%'),
    reported(
      'public-tracking',
      'requests answered by the fast lane',
      Math.round(result.fastLaneShare * 100),
      '%',
    ),
    reported('public-tracking', 'RSS after the load', result.rssMb.after, 'MB'),
  ];
}
