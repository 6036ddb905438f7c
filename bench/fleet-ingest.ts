/**
 * Positions at national scale (issue 34): 50,000 trucks each reporting every 30 s from their drivers'
 * phones (1,667 positions a second, at a fixed rate whatever the answers take), held 10 minutes on
 * PostgreSQL beside the mixed write load (mixed-write-load.ts) at the same time. Then: what the ingest
 * answered and how fast, every position answered as stored looked up in the database, and the disk a
 * truck-day of positions takes (the day's partition with its key, 2,880 positions a truck).
 */
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../apps/api/src/db/client';
import { atLeast, atMost, reported, type Figure } from './figures';
import {
  figures,
  runJsonChild,
  TSX_LOADER,
  type AutocannonResult,
  type Figures,
  type LoadSettings,
} from './load';
import { runMixedWrite, type MixedWritePlan, type MixedWriteResult } from './mixed-write-load';

export const SCENARIO = 'fleet-ingest';
export const FLEET_INGEST_TRUCKS = 50_000;
/** How often each truck's phone reports. */
export const REPORT_EVERY_SECONDS = 30;
export const FLEET_INGEST_P99_TARGET_MS = 250;
/**
 * Open connections the phones' requests spread over: enough that the rate holds while answers take up
 * to a quarter of a second each (1,667 × 0.25 ≈ 420).
 */
const CONNECTIONS = 500;
/** Marks this load's positions (accuracy_m), so they are counted apart from the mixed load's. */
const ACCURACY_MARK = 7;

export interface FleetIngestResult {
  trucks: number;
  reportEverySeconds: number;
  ratePerSecond: number;
  seconds: number;
  connections: number;
  ingest: Figures & { stored: number; notStored: number };
  /** Positions of this load the database holds after it, per second of it. */
  storedPerSecond: number;
  /** Answered as stored but not in the database. */
  lost: number;
  storage: { positionsAdded: number; bytesAdded: number; bytesPerPosition: number; bytesPerTruckDay: number };
  mixedWrite: MixedWriteResult;
}

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every partition of truck_positions with its indexes, in bytes, and the rows they hold. */
async function positionStorage(db: Executor): Promise<{ bytes: number; positions: number }> {
  const [row] = await rows<{ bytes: string | number; positions: string | number }>(
    db,
    sql`SELECT (SELECT coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) FROM pg_inherits i
                 WHERE i.inhparent = 'truck_positions'::regclass) AS bytes,
               (SELECT count(*) FROM truck_positions) AS positions`,
  );
  return { bytes: Number(row?.bytes ?? 0), positions: Number(row?.positions ?? 0) };
}

export async function runFleetIngest(
  database: Database,
  input: {
    origin: string;
    trucks: number;
    seconds: number;
    mixedWrite: LoadSettings;
    tokens: MixedWritePlan['tokens'];
  },
): Promise<FleetIngestResult> {
  const { db } = database;
  const ratePerSecond = Math.round(input.trucks / REPORT_EVERY_SECONDS);
  const before = await positionStorage(db);
  const startedAt = new Date();
  const driver = new URL('./fleet-ingest-load.ts', import.meta.url).pathname;
  console.info(
    `Fleet ingest: ${input.trucks} trucks every ${REPORT_EVERY_SECONDS} s (${ratePerSecond}/s) over ${CONNECTIONS} connections for ${input.seconds} s, beside the mixed write load`,
  );
  const [raw, mixedWrite] = await Promise.all([
    runJsonChild<AutocannonResult & { stored: number; notStored: number }>(
      [
        '--import',
        TSX_LOADER,
        driver,
        input.origin,
        String(input.trucks),
        String(ratePerSecond),
        String(CONNECTIONS),
        String(input.seconds),
        String(ACCURACY_MARK),
      ],
      'fleet ingest driver',
    ),
    runMixedWrite(database, { origin: input.origin, settings: input.mixedWrite, tokens: input.tokens }),
  ]);
  const [held] = await rows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM truck_positions
        WHERE received_at >= ${startedAt} AND accuracy_m = ${ACCURACY_MARK}`,
  );
  const inDatabase = Number(held?.n ?? 0);
  const after = await positionStorage(db);
  const positionsAdded = after.positions - before.positions;
  const bytesAdded = after.bytes - before.bytes;
  const bytesPerPosition = positionsAdded > 0 ? bytesAdded / positionsAdded : 0;
  return {
    trucks: input.trucks,
    reportEverySeconds: REPORT_EVERY_SECONDS,
    ratePerSecond,
    seconds: input.seconds,
    connections: CONNECTIONS,
    ingest: { ...figures(raw), stored: raw.stored, notStored: raw.notStored },
    storedPerSecond: Math.round(inDatabase / input.seconds),
    lost: Math.max(0, raw.stored - inDatabase),
    storage: {
      positionsAdded,
      bytesAdded,
      bytesPerPosition: Math.round(bytesPerPosition),
      bytesPerTruckDay: Math.round(bytesPerPosition * ((24 * 3600) / REPORT_EVERY_SECONDS)),
    },
    mixedWrite,
  };
}

export function fleetIngestFigures(r: FleetIngestResult): Figure[] {
  const mixed = r.mixedWrite;
  const mixedAnswered = Object.values(mixed.kinds).reduce((n, k) => n + k.answered, 0);
  const mixed5xx = Object.values(mixed.kinds).reduce((n, k) => n + k['5xx'], 0);
  const mixedMissing = Object.values(mixed.verification.missing).reduce((n, m) => n + m, 0);
  return [
    // What the phones asked for is a fixed rate; what was stored must keep up with it.
    atLeast(
      SCENARIO,
      'positions stored a second',
      r.storedPerSecond,
      '/s',
      Math.floor(r.ratePerSecond * 0.98),
    ),
    reported(SCENARIO, 'ingest p50', r.ingest.p50Ms, 'ms'),
    atMost(SCENARIO, 'ingest p99', r.ingest.p99Ms, 'ms', FLEET_INGEST_P99_TARGET_MS),
    atMost(SCENARIO, 'ingest errors and non-2xx answers', r.ingest.errors + r.ingest.non2xx, '', 0),
    atMost(SCENARIO, 'positions answered but not stored', r.ingest.notStored, '', 0),
    atMost(SCENARIO, 'positions stored but lost', r.lost, '', 0),
    reported(
      SCENARIO,
      'disk per truck-day (2,880 positions)',
      Math.round(r.storage.bytesPerTruckDay / 1024),
      'KiB',
    ),
    reported(
      SCENARIO,
      'mixed write throughput beside it',
      Math.round(mixedAnswered / mixed.seconds),
      'req/s',
    ),
    atMost(SCENARIO, 'mixed write 5xx answers beside it', mixed5xx, '', 0),
    atMost(SCENARIO, 'mixed write acknowledged writes missing', mixedMissing, '', 0),
  ];
}
