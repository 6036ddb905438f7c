/**
 * Mixed traffic with writes (issue 17): 200 connections for 60 s of public tracking reads, trips list
 * reads, trip status changes, trip notes and drivers' phone positions at once, against PostgreSQL; then
 * every write the API acknowledged with a 2xx is looked up in the database.
 *
 * The load generator (mixed-write-driver.ts) runs in a child process, as every bench load does. It draws
 * a kind for each request from MIXED_WRITE_SHARES, so the mix is a share of requests whatever each kind
 * costs. What the writes need is picked here, before the load, and handed over in a plan file:
 * - status changes: live bench trips past their first step (so no truck is needed) and not on the bench
 *   fleet's map, each moved one legal step at a time by whichever connection takes it next, until its
 *   last step (Delivered takes the trip's handover code, read here);
 * - notes: bench trips without a note, each side's note written once, so every acknowledged note is the
 *   one the database must hold;
 * - positions: the bench fleet's drivers in turn, each position a few milliseconds after that driver's
 *   previous one, so no two share a truck and a time (which the ingest stores once).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { CargoType, NoteSide, TripStatus } from '@freightlane/domain';
import type { Database, Executor } from '../apps/api/src/db/client';
import { atLeast, atMost, databaseInfo, reported, type DatabaseInfo, type Figure } from './figures';
import { runJsonChild, TSX_LOADER, type LoadSettings } from './load';
import { watchDatabaseTime } from './database-time';
import {
  BENCH_CUSTOMER_EMAIL,
  BENCH_TRANSPORTER_EMAIL,
  companyOf,
  sampleTrackingIds,
} from './seed-many-trips';
import { TRACKING_PATH } from './public-tracking';

export const SCENARIO = 'mixed-write';

export const MIXED_WRITE_KINDS = ['tracking', 'tripsList', 'statusChange', 'note', 'position'] as const;
export type MixedWriteKind = (typeof MIXED_WRITE_KINDS)[number];

/** Share of the requests of each kind (they add up to 100). */
export const MIXED_WRITE_SHARES: Record<MixedWriteKind, number> = {
  tracking: 35,
  tripsList: 20,
  statusChange: 15,
  note: 10,
  position: 20,
};

export const KIND_LABELS: Record<MixedWriteKind, string> = {
  tracking: 'public tracking read',
  tripsList: 'trips list read',
  statusChange: 'status change',
  note: 'note write',
  position: 'position ingest',
};

/**
 * The most requests a second the trip pools are sized for, far above what two cores answer: a pool
 * that runs dry turns that kind's requests into public tracking reads (counted as `diverted`).
 */
const POOL_SIZING_RPS = 5000;
/** Steps left on a trip on the road, at the fewest that counts (most have three or more). */
const STEPS_LEFT_AT_LEAST = 2;
const TRACKING_SAMPLE = 10_000;

export interface StatusTrip {
  id: string;
  cargoType: CargoType;
  latestStatus: TripStatus;
  handoverCode: string;
}

export interface FleetDriver {
  /** The bench driver's number: its link token is benchDriverToken(n), its truck's spot benchTruckPoint(n). */
  n: number;
  truckId: string;
}

/** What the driver process needs, written to a file. */
export interface MixedWritePlan {
  origin: string;
  connections: number;
  seconds: number;
  shares: Record<MixedWriteKind, number>;
  trackingPath: string;
  trackingIds: string[];
  tokens: { customer: string; transporter: string };
  statusTrips: StatusTrip[];
  noteTrips: string[];
  drivers: FleetDriver[];
  /** Tells this run's notes apart from any earlier run's. */
  runId: string;
}

export type Ack =
  | { kind: 'statusChange'; tripId: string; status: TripStatus }
  | { kind: 'note'; tripId: string; side: NoteSide; note: string }
  | { kind: 'position'; truckId: string; recordedAt: string };

export interface KindFigures {
  /** Requests sent, including those still unanswered when the load ended. */
  sent: number;
  answered: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  '2xx': number;
  '4xx': number;
  '5xx': number;
}

/** Answers of one second of the load by status class, for seeing an outage and the recovery after it. */
export interface SecondOfLoad {
  second: number;
  '2xx': number;
  '4xx': number;
  '5xx': number;
}

/** What the driver prints; its acknowledged writes go to the file it is given. */
export interface DriverOutput {
  seconds: number;
  connections: number;
  kinds: Record<MixedWriteKind, KindFigures>;
  /** Requests of a write kind sent as a tracking read because its pool had run dry. */
  diverted: number;
  /** Trips moved to their last step. */
  tripsCompleted: number;
  /** 200 answers to a position that said it was not stored (refused, or no live trip). */
  positionsNotStored: number;
  transport: { errors: number; timeouts: number };
  timeline: SecondOfLoad[];
}

export interface Verification {
  checked: Record<Ack['kind'], number>;
  missing: Record<Ack['kind'], number>;
  /** A few of the missing writes, to look into. */
  missingSamples: Ack[];
}

export interface MixedWriteResult extends DriverOutput {
  database: DatabaseInfo;
  pools: { statusTrips: number; noteTrips: number; drivers: number; trackingIds: number };
  acknowledged: number;
  verification: Verification;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Picks the trips, drivers and tracking ids of the load. */
export async function planMixedWrite(
  database: Database,
  input: {
    origin: string;
    settings: LoadSettings;
    tokens: MixedWritePlan['tokens'];
  },
): Promise<MixedWritePlan> {
  const { db } = database;
  const { settings } = input;
  const customerId = await companyOf(db, BENCH_CUSTOMER_EMAIL);
  const transporterId = await companyOf(db, BENCH_TRANSPORTER_EMAIL);
  const sized = (share: number, perTrip: number) =>
    Math.ceil((settings.seconds * POOL_SIZING_RPS * share) / 100 / perTrip);

  const statusTrips = await rows<{
    id: string;
    cargo_type: CargoType;
    latest_status: TripStatus;
    handover_code: string;
  }>(
    db,
    sql`SELECT id, cargo_type, latest_status, handover_code FROM trips
        WHERE customer_company_id = ${customerId} AND transporter_company_id = ${transporterId}
          AND completed = false AND cancelled_at IS NULL AND latest_status IS NOT NULL AND truck_id IS NULL
          AND (handover_locked_until IS NULL OR handover_locked_until < now())
        ORDER BY random() LIMIT ${sized(MIXED_WRITE_SHARES.statusChange, STEPS_LEFT_AT_LEAST)}`,
  );
  // Trips not on the road (delivered or not started): the status changes never lock the same rows.
  const noteTrips = await rows<{ id: string }>(
    db,
    sql`SELECT t.id FROM trips t
        WHERE t.customer_company_id = ${customerId} AND t.transporter_company_id = ${transporterId}
          AND (t.completed OR t.latest_status IS NULL)
          AND NOT EXISTS (SELECT 1 FROM trip_notes n WHERE n.trip_id = t.id)
        ORDER BY random() LIMIT ${sized(MIXED_WRITE_SHARES.note, 2)}`,
  );
  const drivers = await rows<{ n: number; truck_id: string }>(
    db,
    sql`SELECT substr(d.licence_number, 4)::int AS n, t.truck_id
        FROM drivers d
        JOIN driver_phone_links l ON l.driver_id = d.id
        JOIN trips t ON t.driver_id = d.id AND t.completed = false AND t.cancelled_at IS NULL
        WHERE d.company_id = ${transporterId} AND d.licence_number LIKE 'BNF%' AND t.truck_id IS NOT NULL
        ORDER BY 1`,
  );
  if (statusTrips.length === 0 || noteTrips.length === 0 || drivers.length === 0) {
    throw new Error(
      `Not enough bench data for the mixed write load: ${statusTrips.length} trips on the road, ${noteTrips.length} trips for notes, ${drivers.length} drivers on trips; seed the bench trips and fleet first`,
    );
  }
  return {
    origin: input.origin,
    connections: settings.connections,
    seconds: settings.seconds,
    shares: MIXED_WRITE_SHARES,
    trackingPath: TRACKING_PATH,
    trackingIds: await sampleTrackingIds(db, TRACKING_SAMPLE, 'tracked'),
    tokens: input.tokens,
    statusTrips: statusTrips.map((t) => ({
      id: t.id,
      cargoType: t.cargo_type,
      latestStatus: t.latest_status,
      handoverCode: t.handover_code,
    })),
    noteTrips: noteTrips.map((t) => t.id),
    drivers: drivers.map((d) => ({ n: Number(d.n), truckId: d.truck_id })),
    runId: new Date().toISOString(),
  };
}

/** Runs the load of a plan; returns the driver's figures and the writes acknowledged with a 2xx. */
export async function driveMixedWrite(plan: MixedWritePlan): Promise<{ output: DriverOutput; acks: Ack[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-mixed-write-'));
  try {
    const planFile = path.join(dir, 'plan.json');
    const acksFile = path.join(dir, 'acks.json');
    fs.writeFileSync(planFile, JSON.stringify(plan));
    const driver = path.join(import.meta.dirname, 'mixed-write-driver.ts');
    const output = await runJsonChild<DriverOutput>(
      ['--import', TSX_LOADER, driver, planFile, acksFile],
      'mixed write driver',
    );
    return { output, acks: JSON.parse(fs.readFileSync(acksFile, 'utf8')) as Ack[] };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const MISSING_SAMPLES = 10;

/** Looks up every acknowledged write in the database, with plain SQL on the tables themselves. */
export async function verifyAcks(db: Executor, acks: readonly Ack[]): Promise<Verification> {
  const of = <K extends Ack['kind']>(kind: K) =>
    acks.filter((a): a is Extract<Ack, { kind: K }> => a.kind === kind);
  const statusAcks = of('statusChange');
  const noteAcks = of('note');
  const positionAcks = of('position');
  // One statement per kind, the writes passed as one JSON document: tens of thousands of them.
  const missingStatus = await rows<{ trip_id: string; status: TripStatus }>(
    db,
    sql`SELECT a.trip_id, a.status
        FROM jsonb_to_recordset(${JSON.stringify(statusAcks.map((a) => ({ trip_id: a.tripId, status: a.status })))}::jsonb)
          AS a(trip_id uuid, status text)
        WHERE NOT EXISTS (SELECT 1 FROM trip_status_logs l
                          WHERE l.trip_id = a.trip_id AND l.status = a.status AND l.undone_at IS NULL)`,
  );
  const missingNotes = await rows<{ trip_id: string; side: NoteSide; note: string }>(
    db,
    sql`SELECT a.trip_id, a.side, a.note
        FROM jsonb_to_recordset(${JSON.stringify(noteAcks.map((a) => ({ trip_id: a.tripId, side: a.side, note: a.note })))}::jsonb)
          AS a(trip_id uuid, side text, note text)
        WHERE NOT EXISTS (SELECT 1 FROM trip_notes n
                          WHERE n.trip_id = a.trip_id AND n.side = a.side AND n.note = a.note)`,
  );
  const missingPositions = await rows<{ truck_id: string; recorded_at: string }>(
    db,
    sql`SELECT a.truck_id, a.recorded_at
        FROM jsonb_to_recordset(${JSON.stringify(positionAcks.map((a) => ({ truck_id: a.truckId, recorded_at: a.recordedAt })))}::jsonb)
          AS a(truck_id uuid, recorded_at timestamptz)
        WHERE NOT EXISTS (SELECT 1 FROM truck_positions p
                          WHERE p.truck_id = a.truck_id AND p.recorded_at = a.recorded_at)`,
  );
  const missingSamples: Ack[] = [
    ...missingStatus.map((m) => ({ kind: 'statusChange' as const, tripId: m.trip_id, status: m.status })),
    ...missingNotes.map((m) => ({ kind: 'note' as const, tripId: m.trip_id, side: m.side, note: m.note })),
    ...missingPositions.map((m) => ({
      kind: 'position' as const,
      truckId: m.truck_id,
      recordedAt: String(m.recorded_at),
    })),
  ].slice(0, MISSING_SAMPLES);
  return {
    checked: { statusChange: statusAcks.length, note: noteAcks.length, position: positionAcks.length },
    missing: {
      statusChange: missingStatus.length,
      note: missingNotes.length,
      position: missingPositions.length,
    },
    missingSamples,
  };
}

/** Plans, drives and verifies the load. */
export async function runMixedWrite(
  database: Database,
  input: { origin: string; settings: LoadSettings; tokens: MixedWritePlan['tokens'] },
): Promise<MixedWriteResult> {
  const plan = await planMixedWrite(database, input);
  console.info(
    `Mixed write load: ${plan.connections} connections for ${plan.seconds} s on ${database.kind}; ${plan.statusTrips.length} trips to move, ${plan.noteTrips.length} to note, ${plan.drivers.length} drivers`,
  );
  const stopWatching = await watchDatabaseTime(database);
  const { output, acks } = await driveMixedWrite(plan);
  await stopWatching();
  const verification = await verifyAcks(database.db, acks);
  return {
    ...output,
    database: await databaseInfo(database),
    pools: {
      statusTrips: plan.statusTrips.length,
      noteTrips: plan.noteTrips.length,
      drivers: plan.drivers.length,
      trackingIds: plan.trackingIds.length,
    },
    acknowledged: acks.length,
    verification,
  };
}

/**
 * Issue 34's targets for this load on PostgreSQL: every write kind p99 ≤ 300 ms, reads p99 ≤ 200 ms, and in
 * all at least 0.02× the hello world of the same run and 3× the 650 a second the report once said.
 */
export const MIXED_WRITE_TARGETS = {
  writeP99Ms: 300,
  readP99Ms: 200,
  ratioToHelloWorld: 0.02,
  throughput: 3 * 650,
} as const;

const READ_KINDS: readonly MixedWriteKind[] = ['tracking', 'tripsList'];

/**
 * The scenario's figures: per kind (each judged by its p99), then the total against the hello world of the
 * same run (`helloWorldRps`; null on a run without it), the errors and the writes checked against the
 * database.
 */
export function mixedWriteFigures(r: MixedWriteResult, helloWorldRps: number | null): Figure[] {
  const figures: Figure[] = [];
  for (const kind of MIXED_WRITE_KINDS) {
    const k = r.kinds[kind];
    const label = KIND_LABELS[kind];
    const p99Target = READ_KINDS.includes(kind)
      ? MIXED_WRITE_TARGETS.readP99Ms
      : MIXED_WRITE_TARGETS.writeP99Ms;
    figures.push(
      reported(SCENARIO, `${label} throughput`, k.requestsPerSecond, 'req/s'),
      reported(SCENARIO, `${label} p50`, k.answered > 0 ? k.p50Ms : null, 'ms'),
      atMost(SCENARIO, `${label} p99`, k.answered > 0 ? k.p99Ms : null, 'ms', p99Target),
      atMost(SCENARIO, `${label} 5xx answers`, k['5xx'], '', 0),
    );
  }
  const total = (key: '4xx' | 'answered') => MIXED_WRITE_KINDS.reduce((n, kind) => n + r.kinds[kind][key], 0);
  const missing = r.verification.missing;
  const checked = r.verification.checked;
  const throughput = Math.round(total('answered') / r.seconds);
  figures.push(
    atLeast(SCENARIO, 'total throughput', throughput, 'req/s', MIXED_WRITE_TARGETS.throughput),
    atLeast(
      SCENARIO,
      'total throughput, ratio to hello world',
      helloWorldRps ? +(throughput / helloWorldRps).toFixed(4) : null,
      '×',
      MIXED_WRITE_TARGETS.ratioToHelloWorld,
    ),
    reported(
      SCENARIO,
      '4xx answers',
      total('4xx'),
      '',
      'a write refused as the rules say, e.g. a step already taken',
    ),
    reported(SCENARIO, 'timeouts and connection errors', r.transport.timeouts + r.transport.errors, ''),
    reported(SCENARIO, 'positions answered but not stored', r.positionsNotStored, ''),
    reported(SCENARIO, 'write requests diverted (pool ran dry)', r.diverted, ''),
    reported(
      SCENARIO,
      'writes acknowledged and checked',
      checked.statusChange + checked.note + checked.position,
      '',
    ),
    atMost(
      SCENARIO,
      'acknowledged writes missing from the database',
      missing.statusChange + missing.note + missing.position,
      '',
      0,
    ),
  );
  return figures;
}
