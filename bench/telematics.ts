/**
 * Truck tracking under load: positions arriving from thousands of drivers' phones, and the live map of
 * a transporter with 5,000 trucks on the road over 10,000,000 stored positions (issue 13's targets).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { atLeast, judgedWhen, loadFigures, type Figure } from './figures';
import { figures, load, runJsonChild, TSX_LOADER, type AutocannonResult, type Figures } from './load';

export const INGEST_TARGET_PER_SECOND = 2000;
export const MAP_P50_TARGET_MS = 50;
/**
 * Fleet managers with the map open, several at once. Beyond a few, the load generator itself (reading
 * hundreds of kilobytes per answer on the same two cores) becomes what is measured.
 */
const MAP_CONNECTIONS = 4;
const INGEST_CONNECTIONS = 100;
/**
 * The target is a sustained rate: the same load runs this long first, unmeasured, so the figures are the
 * server's steady state and not its first seconds (code not yet optimised by V8, cold caches).
 */
const INGEST_WARM_UP_SECONDS = 5;

export interface IngestResult extends Figures {
  drivers: number;
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  /** Positions the database holds from the run, per second of it: what was stored, not only answered. */
  storedPerSecond: number;
  /** Issue 13's target holds on PostgreSQL; PGlite runs every statement on the server's own thread. */
  target: { storedPerSecond: number | null; errors: 0 };
}

export interface MapResult extends Figures {
  trucksOnMap: number;
  storedPositions: number;
  connections: number;
  target: { p50Ms: number; errors: 0 };
}

export async function runPositionIngest(options: {
  database: Database;
  apiOrigin: string;
  drivers: number;
  seconds: number;
}): Promise<IngestResult> {
  const { database, apiOrigin, drivers, seconds } = options;
  const count = async (since: Date) => {
    const result = await database.db.execute(
      sql`SELECT count(*) AS n FROM truck_positions WHERE received_at >= ${since}`,
    );
    return Number((result as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
  };
  const driver = new URL('./position-ingest-load.ts', import.meta.url).pathname;
  const args = (forSeconds: number) => [
    '--import',
    TSX_LOADER,
    driver,
    apiOrigin,
    String(drivers),
    String(INGEST_CONNECTIONS),
    String(forSeconds),
  ];
  await runJsonChild<AutocannonResult>(args(INGEST_WARM_UP_SECONDS), 'position ingest warm-up');
  const startedAt = new Date();
  const result = figures(await runJsonChild<AutocannonResult>(args(seconds), 'position ingest driver'));
  const stored = await count(startedAt);
  return {
    ...result,
    drivers,
    connections: INGEST_CONNECTIONS,
    seconds,
    warmUpSeconds: INGEST_WARM_UP_SECONDS,
    storedPerSecond: Math.round(stored / seconds),
    target: {
      storedPerSecond: database.kind === 'postgres' ? INGEST_TARGET_PER_SECOND : null,
      errors: 0,
    },
  };
}

export async function runMap(options: {
  apiOrigin: string;
  token: string;
  seconds: number;
  trucksOnMap: number;
  storedPositions: number;
}): Promise<MapResult> {
  const result = await load(
    `${options.apiOrigin}/api/v1/trips/map?sabiPort=false&bargeTrip=false`,
    { connections: MAP_CONNECTIONS, seconds: options.seconds },
    // As a browser asks: the answer comes gzipped.
    { authorization: `Bearer ${options.token}`, 'accept-encoding': 'gzip, deflate, br' },
  );
  return {
    ...result,
    trucksOnMap: options.trucksOnMap,
    storedPositions: options.storedPositions,
    connections: MAP_CONNECTIONS,
    target: { p50Ms: MAP_P50_TARGET_MS, errors: 0 },
  };
}

export function ingestFigures(r: IngestResult): Figure[] {
  const target = r.target.storedPerSecond;
  return [
    judgedWhen(
      target !== null,
      `target ≥ ${INGEST_TARGET_PER_SECOND} on PostgreSQL; PGlite runs every statement on the server's thread`,
      atLeast(
        'position-ingest',
        `positions stored per second from ${r.drivers.toLocaleString('en-GB')} phones`,
        r.storedPerSecond,
        'positions/s',
        INGEST_TARGET_PER_SECOND,
      ),
    ),
    ...loadFigures('position-ingest', '', r),
  ];
}

export function mapFigures(r: MapResult): Figure[] {
  return loadFigures('trip-map', `${r.trucksOnMap.toLocaleString('en-GB')} trucks`, r, {
    p50Ms: r.target.p50Ms,
  });
}
