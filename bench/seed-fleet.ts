/**
 * A big fleet on the road for the truck tracking scenarios: 5,000 trucks of the bench transporter, each
 * with a driver on one of its live bench trips, a phone link, and a long position history (10,000,000
 * positions in all on PostgreSQL), the latest of each kept as the ingest keeps it.
 *
 * The live trips given a truck are the ones the map shows first (most recently moved), so the map's
 * answer is those trucks. Set-based and kept between runs: a database that already holds the fleet is
 * left alone; a run cut short resumes at the first truck without its history.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../apps/api/src/db/client';
import type { SecretBox } from '../apps/api/src/lib/secret-box';
import { hashToken } from '../apps/api/src/lib/secure-token';
import { preparePositionHistory } from '../apps/api/src/modules/telematics/position-history.service';
import { placeOfPosition } from '@freightlane/domain';
import { BENCH_TRANSPORTER_EMAIL } from './seed-many-trips';

/** Plates of the bench fleet start with this code (no demo or user truck does: real codes are states'). */
const PLATE_PREFIX = 'BNF';
const TRUCKS_PER_BATCH = 250;
/** One position every 30 s: the phone page's interval. */
const POSITION_SECONDS = 30;

/**
 * Where bench truck `n` is at `f` (0 to 1) of its way from Apapa to Ibadan: the corridor's straight line,
 * each truck a little apart. The load sends positions at f = 1, where each history ends.
 */
export function benchTruckPoint(n: number, f: number): { latitude: number; longitude: number } {
  return { latitude: 6.44 + 0.95 * f + (n % 50) * 0.0004, longitude: 3.37 + 0.52 * f + (n % 37) * 0.0004 };
}

export interface FleetPlan {
  trucks: number;
  positionsPerTruck: number;
}

export interface FleetOutcome {
  trucks: number;
  positions: number;
  seconds: number;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The phone link token of bench driver `i`: derived, so the load driver knows every token without the database. */
export function benchDriverToken(i: number): string {
  return createHash('sha256').update(`bench-driver-${i}`).digest('base64url').slice(0, 32);
}

/** The plate of bench truck `i` in the platform's stored form (3 letters, 3 digits, 2 letters). */
function plateSql(i: SQL): SQL {
  return sql`${PLATE_PREFIX} || ' ' || lpad(((${i}) % 1000)::text, 3, '0') || ' ' ||
    chr(65 + ((${i}) / 1000) % 26) || chr(65 + ((${i}) / 26000) % 26)`;
}

export async function seedFleet(
  database: Database,
  secretBox: SecretBox,
  plan: FleetPlan,
): Promise<FleetOutcome> {
  const { db } = database;
  const started = performance.now();
  const [company] = await rows<{ company_id: string }>(
    db,
    sql`SELECT company_id FROM users WHERE email = ${BENCH_TRANSPORTER_EMAIL}`,
  );
  if (!company) throw new Error(`The demo seed has no ${BENCH_TRANSPORTER_EMAIL}; seed the demo first`);
  const companyId = company.company_id;

  const [have] = await rows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM trucks WHERE company_id = ${companyId} AND registration_number LIKE ${PLATE_PREFIX + ' %'}`,
  );
  if (Number(have?.n ?? 0) < plan.trucks) await seedCrews(db, secretBox, companyId, plan.trucks);

  // The days the histories fall on have their partitions, as a running server makes them.
  await preparePositionHistory({ db });
  // Histories, a batch of trucks per transaction; a truck with its latest position has its history.
  for (;;) {
    const pending = await rows<{ id: string; n: number }>(
      db,
      sql`SELECT t.id, (substr(t.registration_number, 5, 3)::int
                + 1000 * (ascii(substr(t.registration_number, 9, 1)) - 65)
                + 26000 * (ascii(substr(t.registration_number, 10, 1)) - 65)) AS n
          FROM trucks t
          WHERE t.company_id = ${companyId} AND t.registration_number LIKE ${PLATE_PREFIX + ' %'}
            AND NOT EXISTS (SELECT 1 FROM truck_latest_positions l WHERE l.truck_id = t.id)
          ORDER BY t.registration_number LIMIT ${TRUCKS_PER_BATCH}`,
    );
    if (pending.length === 0) break;
    await db.transaction((tx) => seedHistories(tx, companyId, pending, plan.positionsPerTruck));
    const seconds = (performance.now() - started) / 1000;
    console.info(`  fleet: histories of ${pending.length} more trucks, ${seconds.toFixed(0)} s`);
  }
  await db.execute(sql`VACUUM (ANALYZE) truck_positions, truck_latest_positions, trucks, drivers, trips`);

  const [counts] = await rows<{ trucks: number | string; positions: number | string }>(
    db,
    sql`SELECT (SELECT count(*) FROM trucks WHERE company_id = ${companyId}
                  AND registration_number LIKE ${PLATE_PREFIX + ' %'}) AS trucks,
               (SELECT count(*) FROM truck_positions WHERE company_id = ${companyId}) AS positions`,
  );
  return {
    trucks: Number(counts?.trucks ?? 0),
    positions: Number(counts?.positions ?? 0),
    seconds: (performance.now() - started) / 1000,
  };
}

/** The trucks, their drivers and phone links, and the live trips they are put on, in one transaction. */
async function seedCrews(db: Executor, secretBox: SecretBox, companyId: string, count: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO trucks (company_id, registration_number, make, model, year, type, capacity_tenth_tonnes)
      SELECT ${companyId}, ${plateSql(sql`g`)}, 'MAN', 'TGS 33.400', 2015 + g % 9,
             (ARRAY['FLATBED', 'BOX', 'TIPPER'])[1 + g % 3], 300
      FROM generate_series(0, ${count - 1}) g
      ON CONFLICT (company_id, registration_number) DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO drivers (company_id, first_name, last_name, phone_number, address, licence_number,
                           licence_expires_on, next_of_kin, guarantor)
      SELECT ${companyId}, (ARRAY['Musa', 'Chinedu', 'Tunde', 'Ibrahim', 'Emeka'])[1 + g % 5],
             'Driver ' || g, '+2348' || lpad(g::text, 9, '0'),
             '{"street": "12 Tin Can Road", "lga": "Apapa", "city": "Lagos", "state": "Lagos"}'::jsonb,
             'BNF' || lpad(g::text, 9, '0'), (now() + interval '2 years')::date,
             '{"name": "Aisha Bello", "phoneNumber": "+2348030000000", "relationship": "Sister"}'::jsonb,
             '{"name": "Sani Umar", "phoneNumber": "+2348030000001",
               "address": {"street": "3 Creek Road", "lga": "Apapa", "city": "Lagos", "state": "Lagos"}}'::jsonb
      FROM generate_series(0, ${count - 1}) g
      ON CONFLICT (company_id, licence_number) DO NOTHING`);
    // Truck and driver n go on the n-th live trip in the map's own order.
    await tx.execute(sql`
      WITH fleet AS (
        SELECT t.id AS truck_id, d.id AS driver_id,
               row_number() OVER (ORDER BY t.registration_number) AS n
        FROM trucks t
        JOIN drivers d ON d.company_id = t.company_id
                      AND d.licence_number = 'BNF' || lpad((substr(t.registration_number, 5, 3)::int
                          + 1000 * (ascii(substr(t.registration_number, 9, 1)) - 65)
                          + 26000 * (ascii(substr(t.registration_number, 10, 1)) - 65))::text, 9, '0')
        WHERE t.company_id = ${companyId} AND t.registration_number LIKE ${PLATE_PREFIX + ' %'}
          AND NOT EXISTS (SELECT 1 FROM trips x WHERE x.truck_id = t.id AND x.completed = false
                            AND x.cancelled_at IS NULL)
      ),
      free AS (
        SELECT id, row_number() OVER (ORDER BY latest_status_at DESC NULLS LAST, trip_number DESC) AS n
        FROM (
          SELECT id, latest_status_at, trip_number FROM trips
          WHERE transporter_company_id = ${companyId} AND completed = false AND cancelled_at IS NULL
            AND latest_status IS NOT NULL AND truck_id IS NULL AND driver_id IS NULL
          ORDER BY latest_status_at DESC NULLS LAST, trip_number DESC
          LIMIT ${count}
        ) top
      )
      UPDATE trips SET truck_id = fleet.truck_id, driver_id = fleet.driver_id
      FROM fleet JOIN free USING (n)
      WHERE trips.id = free.id`);
    // Sealed as the API seals a link it issues, so the transporter's page can show it again.
    const drivers = await rows<{ id: string; g: number }>(
      tx,
      sql`SELECT id, substr(licence_number, 4)::int AS g FROM drivers
          WHERE company_id = ${companyId} AND licence_number LIKE 'BNF%'
            AND NOT EXISTS (SELECT 1 FROM driver_phone_links l WHERE l.driver_id = drivers.id)`,
    );
    const values = drivers.map((d) => {
      const token = benchDriverToken(Number(d.g));
      return sql`(${d.id}::uuid, ${hashToken(token)}, ${secretBox.seal(token, `driver-phone-link:${d.id}`)})`;
    });
    for (let at = 0; at < values.length; at += 1000) {
      await tx.execute(sql`
        INSERT INTO driver_phone_links (driver_id, company_id, token_hash, token_sealed)
        SELECT v.driver_id, ${companyId}, v.token_hash, v.token_sealed
        FROM (VALUES ${sql.join(values.slice(at, at + 1000), sql`, `)}) AS v(driver_id, token_hash, token_sealed)`);
    }
  });
}

/**
 * Each truck's history: positions every 30 s up to a minute ago along benchTruckPoint's line (the same
 * formula in SQL), and its latest position kept.
 */
async function seedHistories(
  tx: Executor,
  companyId: string,
  trucks: { id: string; n: number }[],
  perTruck: number,
): Promise<void> {
  await tx.execute(sql`SET LOCAL session_replication_role = replica`);
  const last = sql.raw(String(perTruck - 1));
  const step = sql.raw(`interval '${POSITION_SECONDS} seconds'`);
  const ids = sql.join(
    trucks.map((t) => sql`(${t.id}::uuid, ${sql.raw(String(Math.trunc(Number(t.n))))})`),
    sql`, `,
  );
  // Each latest position with its place as the ingest names it, so the first new position in the same
  // LGA does not move the trip.
  const places = sql.join(
    trucks.map((t) => {
      const place = placeOfPosition(benchTruckPoint(Number(t.n), (perTruck - 1) / perTruck), null);
      return sql`(${t.id}::uuid, ${place.lga}, ${place.state})`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
    INSERT INTO truck_positions (truck_id, company_id, recorded_at, received_at, latitude, longitude,
                                 speed_kmh, heading, accuracy_m, source)
    SELECT f.id, ${companyId}, p.at, p.at, 6.44 + 0.95 * p.f + (f.n % 50) * 0.0004,
           3.37 + 0.52 * p.f + (f.n % 37) * 0.0004, 20 + (k % 60), 35, 12, 'DRIVER_PHONE'
    FROM (VALUES ${ids}) AS f(id, n)
    CROSS JOIN LATERAL (
      SELECT k, now() - interval '1 minute' - (${last} - k) * ${step} AS at, k::float8 / ${sql.raw(String(perTruck))} AS f
      FROM generate_series(0, ${last}) k
    ) p`);
  await tx.execute(sql`
    INSERT INTO truck_latest_positions (truck_id, company_id, recorded_at, latitude, longitude, speed_kmh,
                                        heading, source, lga, state)
    SELECT DISTINCT ON (p.truck_id) p.truck_id, p.company_id, p.recorded_at, p.latitude, p.longitude,
           p.speed_kmh, p.heading, p.source, v.lga, v.state
    FROM truck_positions p
    JOIN (VALUES ${places}) AS v(truck_id, lga, state) ON v.truck_id = p.truck_id
    ORDER BY p.truck_id, p.recorded_at DESC`);
}
