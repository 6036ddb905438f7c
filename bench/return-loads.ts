/**
 * Return loads over the bench's million trips (issue 33): 10,000 open orders picking up across Nigeria,
 * half of them in Lagos where most trucks deliver, and 1,000 trucks of the bench transporter on live
 * bench trips. Timed one request at a time: a truck's matches (the trip page's section) and a page of the
 * Return loads page (20 trucks, each with its matches).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../apps/api/src/db/client';
import { atMost, reported, type Figure } from './figures';
import { companyOf, BENCH_CUSTOMER_EMAIL, BENCH_TRANSPORTER_EMAIL } from './seed-many-trips';

export const SCENARIO = 'return-loads';
export const RETURN_LOAD_TARGETS = { truckP50Ms: 20, pageP50Ms: 100 } as const;
export const OPEN_ORDERS = 10_000;
export const RETURN_LOAD_TRUCKS = 1_000;
/** Open bench orders are named by this client, so a run tops them up instead of adding more. */
const CLIENT = 'Return-load bench';
/** Plates of the return-load bench trucks (no real state code). */
const PLATE_PREFIX = 'BRL';
const TRUCK_SAMPLES = 60;
const PAGE_SAMPLES = 15;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * Open orders of the bench customer, in `share` of the rows numbered from `first`: each picks up at an LGA
 * of `lgas` (the gazetteer's, as migration 0027 loaded them) in turn, on one of the next 21 days.
 */
function insertOrders(customerId: string, first: number, count: number, lgas: SQL): SQL {
  return sql`
    WITH l AS (
      SELECT row_number() OVER (ORDER BY state, lga) - 1 AS k, state, lga FROM lga_centres WHERE ${lgas}),
    n AS (SELECT count(*) AS c FROM l)
    INSERT INTO orders (order_number, customer_company_id, cargo_type, client_name, pickup_address,
      recipient_address, pickup_state, pickup_date, bidding_closes_at, item_count, return_loads_welcome)
    SELECT 'ORD-RLB-' || lpad(g::text, 6, '0'), ${customerId}, 'GENERAL_CARGO', ${CLIENT},
      jsonb_build_object('street', '1 Bench Road', 'lga', l.lga, 'city', l.lga, 'state', l.state),
      '{"street": "2 Bench Road", "lga": "Ikeja", "city": "Ikeja", "state": "Lagos"}'::jsonb,
      l.state, current_date + 1 + g % 21, now() + interval '12 hours', 1, g % 5 = 0
    FROM generate_series(${first}::int, ${first + count - 1}::int) g
    CROSS JOIN n
    JOIN l ON l.k = (g * 7919) % n.c
    ON CONFLICT (order_number) DO NOTHING`;
}

export interface ReturnLoadSeed {
  openOrders: number;
  trucks: number;
  seconds: number;
}

/** Tops the open orders and the trucks on live trips up to their sizes; kept between runs. */
export async function seedReturnLoads(database: Database): Promise<ReturnLoadSeed> {
  const { db } = database;
  const started = performance.now();
  const customerId = await companyOf(db, BENCH_CUSTOMER_EMAIL);
  const transporterId = await companyOf(db, BENCH_TRANSPORTER_EMAIL);
  await db.transaction(async (tx) => {
    // Opening orders and putting trucks on trips notes them for the announcing job: the bench measures
    // the reads, so what it queues is dropped.
    const half = OPEN_ORDERS / 2;
    await tx.execute(insertOrders(customerId, 0, half, sql`state = 'Lagos'`));
    await tx.execute(insertOrders(customerId, half, OPEN_ORDERS / 10, sql`state = 'Rivers'`));
    await tx.execute(insertOrders(customerId, half + OPEN_ORDERS / 10, OPEN_ORDERS * 0.4, sql`true`));
    // Orders of an earlier run whose bidding has closed are opened again.
    await tx.execute(sql`UPDATE orders SET status = 'OPEN', bidding_closes_at = now() + interval '12 hours',
        pickup_date = current_date + 1 + (substr(order_number, 9)::int % 21)
      WHERE client_name = ${CLIENT} AND customer_company_id = ${customerId}`);
    await tx.execute(sql`
      INSERT INTO trucks (company_id, registration_number, make, model, year, type, capacity_tenth_tonnes)
      SELECT ${transporterId}, ${PLATE_PREFIX} || ' ' || lpad((g % 1000)::text, 3, '0') || ' ' ||
             chr(65 + (g / 1000) % 26) || 'A', 'DAF', 'XF 480', 2016 + g % 8, 'FLATBED', 300
      FROM generate_series(0, ${RETURN_LOAD_TRUCKS - 1}::int) g
      ON CONFLICT (company_id, registration_number) DO NOTHING`);
    // The bench trips were written with the triggers off: the trips the trucks go on are placed as the
    // API's writes are, by touching their delivery place.
    await tx.execute(sql`
      UPDATE trips SET recipient_address = recipient_address
      WHERE id IN (
        SELECT id FROM trips
        WHERE transporter_company_id = ${transporterId} AND completed = false AND cancelled_at IS NULL
          AND truck_id IS NULL AND delivery_latitude IS NULL
        ORDER BY id LIMIT ${RETURN_LOAD_TRUCKS})`);
    // Each bench truck without a live trip goes on a live bench trip without a truck.
    await tx.execute(sql`
      WITH idle AS (
        SELECT tk.id, row_number() OVER (ORDER BY tk.registration_number) AS n FROM trucks tk
        WHERE tk.company_id = ${transporterId} AND tk.registration_number LIKE ${PLATE_PREFIX + ' %'}
          AND NOT EXISTS (SELECT 1 FROM trips t WHERE t.truck_id = tk.id
                            AND t.completed = false AND t.cancelled_at IS NULL)),
      free AS (
        SELECT t.id, row_number() OVER (ORDER BY t.id) AS n FROM trips t
        WHERE t.transporter_company_id = ${transporterId} AND t.completed = false
          AND t.cancelled_at IS NULL AND t.truck_id IS NULL AND t.delivery_latitude IS NOT NULL
        LIMIT ${RETURN_LOAD_TRUCKS})
      UPDATE trips SET truck_id = idle.id FROM idle JOIN free USING (n) WHERE trips.id = free.id`);
    await tx.execute(sql`DELETE FROM return_load_queue`);
  });
  await db.execute(sql`VACUUM (ANALYZE) orders, trips, trucks`);
  const [counts] = await rows<{ orders: number | string; trucks: number | string }>(
    db,
    sql`SELECT
      (SELECT count(*) FROM orders WHERE status = 'OPEN' AND bidding_closes_at > now()) AS orders,
      (SELECT count(*) FROM trips t JOIN trucks tk ON tk.id = t.truck_id
        WHERE tk.registration_number LIKE ${PLATE_PREFIX + ' %'}
          AND t.completed = false AND t.cancelled_at IS NULL) AS trucks`,
  );
  return {
    openOrders: Number(counts?.orders ?? 0),
    trucks: Number(counts?.trucks ?? 0),
    seconds: (performance.now() - started) / 1000,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(url: string, token: string): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  const body: unknown = await res.json();
  return { ms: performance.now() - started, status: res.status, body };
}

export interface ReturnLoadFigures {
  seed: ReturnLoadSeed;
  trips: number;
  /** A signed-in read of the return-load settings (one row), timed before each truck's. */
  baseline: { p50Ms: number };
  truck: { p50Ms: number; maxMs: number; samples: number; status: number; meanMatches: number };
  page: { p50Ms: number; maxMs: number; samples: number; status: number; trucksOnPage: number };
  targets: typeof RETURN_LOAD_TARGETS;
}

/** A truck's matches over sampled bench trucks, then pages of the Return loads page, each timed alone. */
export async function runReturnLoads(
  database: Database,
  options: { apiOrigin: string; transporterToken: string },
): Promise<ReturnLoadFigures> {
  const seed = await seedReturnLoads(database);
  const [{ n: trips } = { n: 0 }] = await rows<{ n: number | string }>(
    database.db,
    sql`SELECT count(*) AS n FROM trips`,
  );
  const sample = await rows<{ id: string }>(
    database.db,
    sql`SELECT t.id FROM trips t JOIN trucks tk ON tk.id = t.truck_id
      WHERE tk.registration_number LIKE ${PLATE_PREFIX + ' %'} AND t.completed = false AND t.cancelled_at IS NULL
      ORDER BY md5(t.id::text) LIMIT ${TRUCK_SAMPLES}`,
  );
  const { apiOrigin, transporterToken: token } = options;
  // One untimed request of each kind: the statements are planned and the pages read into the cache once.
  await timed(`${apiOrigin}/api/v1/trips/${sample[0]!.id}/return-loads`, token);
  await timed(`${apiOrigin}/api/v1/return-loads`, token);

  const truckTimes: number[] = [];
  // A signed-in one-row read just before each truck's: the same trip through auth, the pool and JSON, so
  // the figures say how much of a truck's time is the search itself on a machine shared with others.
  const baselineTimes: number[] = [];
  let matches = 0;
  let truckStatus = 200;
  for (const { id } of sample) {
    baselineTimes.push((await timed(`${apiOrigin}/api/v1/return-loads/settings`, token)).ms);
    const answer = await timed(`${apiOrigin}/api/v1/trips/${id}/return-loads`, token);
    truckTimes.push(answer.ms);
    if (answer.status !== 200) truckStatus = answer.status;
    matches += (answer.body as { trip?: { matchCount?: number } | null }).trip?.matchCount ?? 0;
  }
  const pageTimes: number[] = [];
  let pageStatus = 200;
  let trucksOnPage = 0;
  for (let page = 0; page < PAGE_SAMPLES; page++) {
    const answer = await timed(`${apiOrigin}/api/v1/return-loads?page=${page}`, token);
    pageTimes.push(answer.ms);
    if (answer.status !== 200) pageStatus = answer.status;
    trucksOnPage = Math.max(trucksOnPage, (answer.body as { content?: unknown[] }).content?.length ?? 0);
  }
  return {
    seed,
    trips: Number(trips),
    baseline: { p50Ms: +median(baselineTimes).toFixed(1) },
    truck: {
      p50Ms: +median(truckTimes).toFixed(1),
      maxMs: Math.round(Math.max(...truckTimes)),
      samples: truckTimes.length,
      status: truckStatus,
      meanMatches: Math.round(matches / Math.max(1, sample.length)),
    },
    page: {
      p50Ms: +median(pageTimes).toFixed(1),
      maxMs: Math.round(Math.max(...pageTimes)),
      samples: pageTimes.length,
      status: pageStatus,
      trucksOnPage,
    },
    targets: RETURN_LOAD_TARGETS,
  };
}

export function returnLoadFigures(result: ReturnLoadFigures): Figure[] {
  const failed = (status: number) => (status === 200 ? undefined : `answered ${status}`);
  return [
    reported(SCENARIO, 'trips in the database', result.trips, 'trips'),
    reported(SCENARIO, 'open orders', result.seed.openOrders, 'orders'),
    reported(SCENARIO, 'matches per truck (mean)', result.truck.meanMatches, 'orders'),
    reported(SCENARIO, 'a signed-in one-row read p50 (baseline)', result.baseline.p50Ms, 'ms'),
    atMost(
      SCENARIO,
      "one truck's matches p50",
      result.truck.status === 200 ? result.truck.p50Ms : null,
      'ms',
      RETURN_LOAD_TARGETS.truckP50Ms,
      failed(result.truck.status),
    ),
    atMost(
      SCENARIO,
      `Return loads page (${result.page.trucksOnPage} trucks) p50`,
      result.page.status === 200 ? result.page.p50Ms : null,
      'ms',
      RETURN_LOAD_TARGETS.pageP50Ms,
      failed(result.page.status),
    ),
  ];
}
