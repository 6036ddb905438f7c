import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { TrackingProviderKind } from '@freightlane/domain';
import { driverPhoneLinks, drivers, trips, truckLatestPositions, truckPositions } from '../../db/schema';

/** A checked position ready to store, with the place its truck shows when it is the truck's newest. */
export interface PositionRow {
  recordedAt: Date;
  latitude: number;
  longitude: number;
  speedKmh: number | null;
  heading: number | null;
  accuracyM: number | null;
  source: TrackingProviderKind;
  /** The provider's own address text for the position, when it geocodes. */
  address: string | null;
  place: { state: string; lga: string; description: string | null } | null;
}

export type TruckPositionRow = PositionRow & { truckId: string; companyId: string };
export type PhonePositionRow = PositionRow & { tokenHash: string };

export interface StoredPositions {
  /** The truck and time of each position stored now (one already stored for the same truck and time is skipped). */
  inserted: { truckId: string; recordedAt: Date }[];
}

export interface StoredPhonePositions extends StoredPositions {
  /** Each known link's token hash with the truck of its driver's live trip (null when on none). */
  phones: { tokenHash: string; truckId: string | null }[];
}

/**
 * Rows as one JSON parameter read back by json_to_recordset: a batch of any size is one short statement
 * with one parameter, on PostgreSQL and PGlite alike. Building and parsing a statement of thousands of
 * VALUES tuples would cost more than storing them.
 */
const recordset = (rows: object[]) => sql`json_to_recordset(${JSON.stringify(rows)}::json)`;

const POSITION_COLUMNS = sql.raw(`recorded_at timestamptz, latitude float8, longitude float8,
  speed_kmh real, heading real, accuracy_m real, source text, address text, lga text, state text,
  description text`);

const positionJson = (p: PositionRow) => ({
  recorded_at: p.recordedAt.toISOString(),
  latitude: p.latitude,
  longitude: p.longitude,
  speed_kmh: p.speedKmh,
  heading: p.heading,
  accuracy_m: p.accuracyM,
  source: p.source,
  address: p.address,
  lga: p.place?.lga ?? null,
  state: p.place?.state ?? null,
  description: p.place?.description ?? null,
});

/**
 * What every batch does once its rows are known as `pos` (truck_id, company_id and the position
 * columns), all in the one statement: the positions inserted in truck order (two batches stored at once
 * lock the same rows in the same order, never in a cycle), each truck's latest position moved forward
 * (an older position arriving late never replaces a newer one), and, for a truck whose newest position
 * is in another LGA than its latest showed (`old` reads the latest positions as they were before the
 * statement), the live trip it is on takes that place as its current location, the ongoing table's Last
 * Location: trips change only when the place they show changes.
 */
const STORE_POS = sql`
  ins AS (
    INSERT INTO ${truckPositions} (truck_id, company_id, recorded_at, latitude, longitude, speed_kmh, heading,
                                   accuracy_m, source, address)
    SELECT truck_id, company_id, recorded_at, latitude, longitude, speed_kmh, heading, accuracy_m, source,
           address
    FROM pos ORDER BY truck_id, recorded_at
    ON CONFLICT (truck_id, recorded_at) DO NOTHING
    RETURNING truck_id, recorded_at
  ),
  incoming AS (
    SELECT DISTINCT ON (truck_id) * FROM pos ORDER BY truck_id, recorded_at DESC, lga IS NULL
  ),
  old AS (
    SELECT truck_id, lga, state FROM ${truckLatestPositions}
    WHERE truck_id = ANY (ARRAY(SELECT truck_id FROM incoming))
  ),
  up AS (
    INSERT INTO ${truckLatestPositions} (truck_id, company_id, recorded_at, latitude, longitude, speed_kmh,
                                         heading, source, lga, state)
    SELECT truck_id, company_id, recorded_at, latitude, longitude, speed_kmh, heading, source, lga, state
    FROM incoming ORDER BY truck_id
    ON CONFLICT (truck_id) DO UPDATE SET
      recorded_at = excluded.recorded_at, latitude = excluded.latitude, longitude = excluded.longitude,
      speed_kmh = excluded.speed_kmh, heading = excluded.heading, source = excluded.source,
      lga = excluded.lga, state = excluded.state, updated_at = now()
    WHERE ${truckLatestPositions.recordedAt} < excluded.recorded_at
    RETURNING truck_id
  ),
  located AS (
    UPDATE ${trips} SET
      current_location = jsonb_build_object('state', i.state, 'lga', i.lga, 'description', i.description),
      updated_at = now()
    FROM up JOIN incoming i ON i.truck_id = up.truck_id LEFT JOIN old o ON o.truck_id = up.truck_id
    WHERE ${trips.truckId} = up.truck_id AND ${trips.completed} = false AND ${trips.cancelledAt} IS NULL
      AND i.lga IS NOT NULL
      AND (o.truck_id IS NULL OR o.lga IS DISTINCT FROM i.lga OR o.state IS DISTINCT FROM i.state)
    RETURNING ${trips.id}
  )`;

type StoreRow = {
  kind: 'stored' | 'phone';
  key: string | null;
  truckId: string | null;
  recordedAt: Date | string | null;
};

const rowsOf = (result: unknown) => (result as { rows: StoreRow[] }).rows;

const insertedOf = (rows: StoreRow[]) =>
  rows
    .filter((r) => r.kind === 'stored')
    .map((r) => ({ truckId: r.truckId!, recordedAt: new Date(r.recordedAt!) }));

/** Stores positions of known trucks (a provider's), in one statement: a batch costs one round trip. */
export async function storePositions(db: Executor, positions: TruckPositionRow[]): Promise<StoredPositions> {
  if (positions.length === 0) return { inserted: [] };
  const result = await db.execute(sql`
    WITH pos AS (
      SELECT * FROM ${recordset(
        positions.map((p) => ({ truck_id: p.truckId, company_id: p.companyId, ...positionJson(p) })),
      )} AS x(truck_id uuid, company_id uuid, ${POSITION_COLUMNS})
    ),
    ${STORE_POS}
    SELECT 'stored' AS kind, NULL AS key, truck_id AS "truckId", recorded_at AS "recordedAt" FROM ins`);
  return { inserted: insertedOf(rowsOf(result)) };
}

/**
 * Stores drivers' phone positions, in one statement with no transaction around it: each link's token
 * hash resolved to its active driver and the truck of the driver's live trip (trips_live_driver_uq: at
 * most one), the positions of drivers on a trip stored, and each link's "last seen" moved forward to its
 * newest position, to the minute (a phone sends every 30 s, and rewriting its row each time would cost
 * more than the position itself). Unknown hashes are absent from `phones`; a link whose positions were
 * all refused is still looked up.
 */
export async function storePhonePositions(
  db: Executor,
  tokenHashes: string[],
  positions: PhonePositionRow[],
): Promise<StoredPhonePositions> {
  if (tokenHashes.length === 0) return { inserted: [], phones: [] };
  const result = await db.execute(sql`
    WITH fix AS (
      SELECT * FROM ${recordset(positions.map((p) => ({ token_hash: p.tokenHash, ...positionJson(p) })))}
        AS f(token_hash text, ${POSITION_COLUMNS})
    ),
    phone AS (
      SELECT l.token_hash, d.id AS driver_id, d.company_id, t.truck_id
      FROM ${driverPhoneLinks} l
      JOIN ${drivers} d ON d.id = l.driver_id AND d.active
      LEFT JOIN LATERAL (
        SELECT truck_id FROM ${trips} t
        WHERE t.driver_id = d.id AND NOT t.completed AND t.cancelled_at IS NULL
      ) t ON true
      WHERE l.token_hash = ANY (ARRAY(SELECT json_array_elements_text(${JSON.stringify(tokenHashes)}::json)))
    ),
    pos AS (
      SELECT phone.truck_id, phone.company_id, phone.driver_id, fix.*
      FROM fix JOIN phone ON phone.token_hash = fix.token_hash
      WHERE phone.truck_id IS NOT NULL
    ),
    seen AS (
      UPDATE ${driverPhoneLinks} SET last_position_at = GREATEST(coalesce(last_position_at, v.at), v.at)
      FROM (SELECT driver_id, max(recorded_at) AS at FROM pos GROUP BY driver_id ORDER BY driver_id) AS v
      WHERE ${driverPhoneLinks.driverId} = v.driver_id
        AND ${driverPhoneLinks.driverId} = ANY (ARRAY(SELECT driver_id FROM pos))
        AND (last_position_at IS NULL OR last_position_at < v.at - interval '1 minute')
      RETURNING v.driver_id
    ),
    ${STORE_POS}
    SELECT 'phone' AS kind, token_hash AS key, truck_id AS "truckId", NULL AS "recordedAt" FROM phone
    UNION ALL
    SELECT 'stored', NULL, truck_id, recorded_at FROM ins`);
  const rows = rowsOf(result);
  return {
    inserted: insertedOf(rows),
    phones: rows.filter((r) => r.kind === 'phone').map((r) => ({ tokenHash: r.key!, truckId: r.truckId })),
  };
}

/** The positions of a truck between two times, both included. */
export const positionsInSpan = (truckId: string, from: Date, to: Date) =>
  and(
    eq(truckPositions.truckId, truckId),
    gte(truckPositions.recordedAt, from),
    lte(truckPositions.recordedAt, to),
  );

/** A truck's positions between two times, newest first, at most `limit` (the latest ones). */
export async function positionsOfTruck(db: Executor, truckId: string, from: Date, to: Date, limit: number) {
  return db
    .select({
      latitude: truckPositions.latitude,
      longitude: truckPositions.longitude,
      recordedAt: truckPositions.recordedAt,
      speedKmh: truckPositions.speedKmh,
      heading: truckPositions.heading,
    })
    .from(truckPositions)
    .where(positionsInSpan(truckId, from, to))
    .orderBy(desc(truckPositions.recordedAt))
    .limit(limit);
}
