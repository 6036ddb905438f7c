/**
 * Fills the bench database with many complete, awarded trips, the way a busy installation would hold
 * them, so the public tracking endpoint is measured against a realistic table and index size.
 *
 * Set-based: each batch is a handful of INSERT … SELECT over generate_series in one transaction, with
 * the trip_changed triggers (and the foreign-key triggers, whose checks the statements satisfy by
 * construction) switched off for that transaction only. Every row is what the API itself would have
 * written at award and on each status move: an order of up to 20 items with its winning bid, one item,
 * trip and consignment per container or truck load, terminals or addresses by cargo type, and the
 * status logs of the steps done so far, with locations.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CARGO_TYPES,
  CONTAINER_SIZES,
  addressSchema,
  lagosYear,
  tripLocationInput,
  tripTimeline,
  type Address,
  type TripLocation,
} from '@freightlane/domain';
import type { Database, Executor } from '../apps/api/src/db/client';
import {
  ABA_MARKET,
  AGBARA_FACTORY,
  IKEJA_WAREHOUSE,
  KANO_DEPOT,
  containerNumber,
} from '../apps/api/src/db/seed/demo-kit';
import { reserveNumbers } from '../apps/api/src/lib/counter';
import { randomToken } from '../apps/api/src/lib/secure-token';
import { TRACKED_AFTER_ENDING_DAYS } from '../apps/api/src/modules/public-tracking/public-tracking-cache.service';

/**
 * The demo companies the bench trips belong to. Not the demo customer and transporter the other
 * scenarios and the ongoing page sign in as: a million trips there would change what those measure.
 */
export const BENCH_CUSTOMER_EMAIL = 'unverified.customer@example.com';
export const BENCH_TRANSPORTER_EMAIL = 'transporter2@example.com';

const BATCH_SIZE = 100_000;
const ITEMS_PER_ORDER = 20;
/** Minutes between two steps of a trip; each step also gets up to 39 minutes of jitter. */
const STEP_MINUTES = 150;

/** An even count, so the pickup and delivery address picks (g and 3g+1 modulo it) never coincide. */
const ADDRESSES: Address[] = [
  IKEJA_WAREHOUSE,
  AGBARA_FACTORY,
  KANO_DEPOT,
  ABA_MARKET,
  { street: '7 Creek Road', neighborhood: 'Apapa', lga: 'Apapa', city: 'Lagos', state: 'Lagos' },
  {
    street: '25 Trans-Amadi Road',
    neighborhood: 'Trans-Amadi',
    lga: 'Port Harcourt',
    city: 'Port Harcourt',
    state: 'Rivers',
  },
].map((a) => addressSchema.parse(a));

/** Where a truck reports each step from, by step position. */
const ROUTE: TripLocation[] = [
  { state: 'Lagos', lga: 'Apapa', description: 'Apapa port access road' },
  { state: 'Lagos', lga: 'Apapa', description: 'Terminal gate, Apapa' },
  { state: 'Lagos', lga: 'Amuwo-Odofin', description: 'Mile 2, Oshodi-Apapa Expressway' },
  { state: 'Lagos', lga: 'Ikeja', description: 'Oba Akran Avenue' },
  { state: 'Lagos', lga: 'Ikeja', description: 'Consignee warehouse' },
  { state: 'Lagos', lga: 'Amuwo-Odofin', description: 'Empty container holding bay' },
].map((l) => {
  const valid = tripLocationInput.parse(l);
  return { state: valid.state, lga: valid.lga, description: valid.description ?? null };
});

const GENERAL_CARGO = [
  { description: 'Bagged rice, 50 kg bags', quantity: 600, weightKg: 30_000, truckType: 'FLATBED' },
  { description: 'Cement, 50 kg bags', quantity: 700, weightKg: 35_000, truckType: 'FLATBED' },
  { description: 'Cartons of noodles', quantity: 1_800, weightKg: 14_000, truckType: 'BOX' },
  { description: 'Steel rods, 12 mm', quantity: 250, weightKg: 28_000, truckType: 'FLATBED' },
];
const CLIENTS = ['Chisco Agro Allied', 'Dangote Sugar', 'Honeywell Flour Mills', 'Kolo Foods', 'Ajasa Steel'];

export interface SeedOutcome {
  /** Bench trips in the database after seeding. */
  trips: number;
  inserted: number;
  seconds: number;
}

interface Plan {
  customerId: string;
  transporterId: string;
  /** Index of the first trip of this batch among all bench trips: spreads cargo types and places. */
  start: number;
  size: number;
  terminalCount: number;
  linerCount: number;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export async function companyOf(db: Executor, email: string): Promise<string> {
  const [row] = await rows<{ company_id: string }>(
    db,
    sql`SELECT company_id FROM users WHERE email = ${email}`,
  );
  if (!row) throw new Error(`The demo seed has no ${email}; seed the demo first`);
  return row.company_id;
}

/** Bench trips now in the database (those of the bench customer). */
export async function countBenchTrips(db: Executor): Promise<number> {
  const customerId = await companyOf(db, BENCH_CUSTOMER_EMAIL);
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM trips WHERE customer_company_id = ${customerId}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Tops the bench customer up to `target` trips, in batches. Kept between runs: a database that already
 * holds them is left alone, and a run cut short resumes where the last committed batch ended.
 */
export async function seedManyTrips(database: Database, target: number): Promise<SeedOutcome> {
  const { db } = database;
  const customerId = await companyOf(db, BENCH_CUSTOMER_EMAIL);
  const transporterId = await companyOf(db, BENCH_TRANSPORTER_EMAIL);
  const existing = await countBenchTrips(db);
  if (existing >= target) return { trips: existing, inserted: 0, seconds: 0 };

  const [terminalRow] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM terminals`);
  const [linerRow] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM shipping_lines`);
  const terminalCount = Number(terminalRow?.n ?? 0);
  const linerCount = Number(linerRow?.n ?? 0);
  if (terminalCount === 0 || linerCount === 0) throw new Error('Seed the reference data first');

  const started = performance.now();
  let done = existing;
  console.info(`Seeding ${target - existing} trips (${existing} already there) in batches of ${BATCH_SIZE}…`);
  while (done < target) {
    const size = Math.min(BATCH_SIZE, target - done);
    await db.transaction((tx) =>
      seedBatch(tx, { customerId, transporterId, start: done, size, terminalCount, linerCount }),
    );
    done += size;
    const seconds = (performance.now() - started) / 1000;
    console.info(`  ${done} / ${target} trips, ${seconds.toFixed(0)} s`);
  }
  // The statistics the planner needs for a million-row table, and the visibility map a steady-state
  // table has (autovacuum would have set it in production), so the first reads do not write hint bits.
  await db.execute(
    sql`VACUUM (ANALYZE) orders, bids, order_items, trips, consignments, trip_status_logs, trip_search, order_search, counters`,
  );
  return { trips: done, inserted: done - existing, seconds: (performance.now() - started) / 1000 };
}

/** When step `p` (0-based) of a batch trip `b` happened: steps 150 minutes apart from the start, with jitter. */
function stepAt(p: string): SQL {
  return sql.raw(
    `(b.first_at + ((${p}) * ${STEP_MINUTES} + ((b.i * 13 + (${p}) * 7) % 40)) * interval '1 minute')`,
  );
}

/** A whole number written into the statement: the planner then knows its type, as with a literal. */
function int(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return sql.raw(String(value));
}

const lagosToday = sql.raw(`(now() AT TIME ZONE 'Africa/Lagos')::date`);

async function seedBatch(tx: Executor, plan: Plan): Promise<void> {
  const { customerId, transporterId, start, size, terminalCount, linerCount } = plan;
  const K = ITEMS_PER_ORDER;
  // This transaction only: no trip_changed notifications for rows nobody watches, no per-row FK checks.
  await tx.execute(sql`SET LOCAL session_replication_role = replica`);

  const orderCount = Math.ceil(size / K);
  const year = lagosYear(new Date());
  const firstOrder = await reserveNumbers(tx, `order:${year}`, orderCount);
  const firstTrip = await reserveNumbers(tx, `trip:${year}`, size);
  const firstOrderIndex = Math.floor(start / K);

  const cargo = CARGO_TYPES.map((cargoType, k) => ({
    k,
    cargo_type: cargoType,
    steps: tripTimeline(cargoType).length,
  }));
  const timeline = CARGO_TYPES.flatMap((cargoType) =>
    tripTimeline(cargoType).map((status, position) => ({ cargo_type: cargoType, position, status })),
  );
  // The same generators the API uses: 128-bit base64url tracking ids, ISO 6346 container numbers.
  const trackingIds = Array.from({ length: size }, () => randomToken(16));
  const containers = Array.from({ length: size }, (_, i) => containerNumber('FLBU', (start + i) % 1_000_000));

  await tx.execute(sql`
    CREATE TEMP TABLE bench_cargo ON COMMIT DROP AS
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(cargo)}::jsonb) AS x(k int, cargo_type text, steps int)`);
  await tx.execute(sql`
    CREATE TEMP TABLE bench_timeline ON COMMIT DROP AS
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(timeline)}::jsonb)
      AS x(cargo_type text, position int, status text)`);
  await tx.execute(sql`
    CREATE TEMP TABLE bench_addresses ON COMMIT DROP AS
    SELECT (ord - 1)::int AS k, value AS address, value ->> 'state' AS state
    FROM jsonb_array_elements(${JSON.stringify(ADDRESSES)}::jsonb) WITH ORDINALITY AS x(value, ord)`);
  await tx.execute(sql`
    CREATE TEMP TABLE bench_route ON COMMIT DROP AS
    SELECT (ord - 1)::int AS k, value AS location
    FROM jsonb_array_elements(${JSON.stringify(ROUTE)}::jsonb) WITH ORDINALITY AS x(value, ord)`);
  await tx.execute(sql`
    CREATE TEMP TABLE bench_general ON COMMIT DROP AS
    SELECT (ord - 1)::int AS k, value ->> 'description' AS description, (value ->> 'quantity')::int AS quantity,
      (value ->> 'weightKg')::int AS weight_kg, value ->> 'truckType' AS truck_type
    FROM jsonb_array_elements(${JSON.stringify(GENERAL_CARGO)}::jsonb) WITH ORDINALITY AS x(value, ord)`);
  await tx.execute(sql`
    CREATE TEMP TABLE bench_terminals ON COMMIT DROP AS
    SELECT (row_number() OVER (ORDER BY code) - 1)::int AS k, id, state FROM terminals`);
  await tx.execute(sql`
    CREATE TEMP TABLE bench_liners ON COMMIT DROP AS
    SELECT (row_number() OVER (ORDER BY code) - 1)::int AS k, id FROM shipping_lines`);
  await tx.execute(sql`
    CREATE TEMP TABLE bench_ids ON COMMIT DROP AS
    SELECT (ids.ord - 1)::int AS i, ids.value AS tracking_id, cn.value AS container_number
    FROM jsonb_array_elements_text(${JSON.stringify(trackingIds)}::jsonb) WITH ORDINALITY AS ids(value, ord)
    JOIN jsonb_array_elements_text(${JSON.stringify(containers)}::jsonb) WITH ORDINALITY AS cn(value, ord)
      ON cn.ord = ids.ord`);

  // Orders: 60 % long delivered, 30 % on the road since yesterday or the day before (their trips at
  // every step, some not started), 10 % booked for the coming two weeks. Pickup and delivery follow the
  // cargo type: imports leave a terminal for an address, exports the reverse, empties go terminal to
  // terminal, general cargo address to address.
  await tx.execute(sql`
    CREATE TEMP TABLE bench_orders ON COMMIT DROP AS
    SELECT o.n, gen_random_uuid() AS order_id, gen_random_uuid() AS bid_id,
      ${int(firstOrder)}::bigint + o.n AS order_no,
      LEAST(${int(K)}, ${int(size)} - o.n * ${int(K)})::int AS item_count,
      c.cargo_type, c.steps AS timeline_steps, p.phase,
      ${lagosToday} - CASE p.phase WHEN 'DONE' THEN 2 + (o.g % 360)::int
        WHEN 'MOVING' THEN 1 + (o.g % 2)::int ELSE -(1 + (o.g % 14)::int) END AS pickup_date,
      CASE WHEN c.cargo_type IN ('EXPORT', 'GENERAL_CARGO') THEN NULL ELSE pt.id END AS pickup_terminal_id,
      CASE WHEN c.cargo_type IN ('EXPORT', 'GENERAL_CARGO') THEN pa.address END AS pickup_address,
      CASE WHEN c.cargo_type IN ('EMPTY_CONTAINER', 'EXPORT') THEN rt.id END AS recipient_terminal_id,
      CASE WHEN c.cargo_type IN ('EMPTY_CONTAINER', 'EXPORT') THEN NULL ELSE ra.address END AS recipient_address,
      CASE WHEN c.cargo_type IN ('EXPORT', 'GENERAL_CARGO') THEN pa.state ELSE pt.state END AS pickup_state,
      (35000000 + ((o.g * 7919) % 86) * 1000000)::bigint AS amount_kobo,
      ${JSON.stringify(CLIENTS)}::jsonb ->> (o.g % ${int(CLIENTS.length)})::int AS client_name,
      'BL-' || upper(substr(md5(o.g::text), 1, 8)) AS reference
    FROM (SELECT s.n, ${int(firstOrderIndex)}::bigint + s.n AS g FROM generate_series(0, ${int(orderCount - 1)}) AS s(n)) o
    CROSS JOIN LATERAL (SELECT CASE WHEN (o.g * 2654435761) % 100 < 60 THEN 'DONE'
      WHEN (o.g * 2654435761) % 100 < 90 THEN 'MOVING' ELSE 'BOOKED' END AS phase) p
    JOIN bench_cargo c ON c.k = o.g % ${int(CARGO_TYPES.length)}
    JOIN bench_terminals pt ON pt.k = o.g % ${int(terminalCount)}
    JOIN bench_terminals rt ON rt.k = (o.g * 7 + 3) % ${int(terminalCount)}
    JOIN bench_addresses pa ON pa.k = o.g % ${int(ADDRESSES.length)}
    JOIN bench_addresses ra ON ra.k = (o.g * 3 + 1) % ${int(ADDRESSES.length)}`);

  await tx.execute(sql`
    CREATE TEMP TABLE bench_batch ON COMMIT DROP AS
    SELECT b.i, o.order_id, o.bid_id, o.cargo_type, o.timeline_steps, o.pickup_date, o.amount_kobo,
      o.pickup_terminal_id, o.pickup_address, o.recipient_terminal_id, o.recipient_address,
      (b.i % ${int(K)})::int AS position, gen_random_uuid() AS item_id, gen_random_uuid() AS trip_id,
      ${int(firstTrip)}::bigint + b.i AS trip_no, ids.tracking_id,
      CASE o.phase WHEN 'DONE' THEN o.timeline_steps
        WHEN 'MOVING' THEN floor(random() * o.timeline_steps)::int ELSE 0 END AS steps,
      ((o.pickup_date::timestamp + interval '5 hours' + (b.i % ${int(K)}) * interval '10 minutes')
        AT TIME ZONE 'Africa/Lagos') AS first_at,
      (((o.pickup_date - 2)::timestamp + interval '10 hours') AT TIME ZONE 'Africa/Lagos') AS awarded_at,
      CASE WHEN o.cargo_type <> 'GENERAL_CARGO' THEN ids.container_number END AS container_number,
      CASE WHEN o.cargo_type <> 'GENERAL_CARGO'
        THEN ${JSON.stringify(CONTAINER_SIZES)}::jsonb ->> (b.i % ${int(CONTAINER_SIZES.length)})::int END AS container_size,
      CASE WHEN o.cargo_type <> 'GENERAL_CARGO' THEN l.id END AS liner_id,
      CASE WHEN o.cargo_type <> 'GENERAL_CARGO' THEN o.pickup_date + 7 END AS delivery_order_validity_date,
      CASE WHEN o.cargo_type = 'GENERAL_CARGO' THEN gc.description END AS description,
      CASE WHEN o.cargo_type = 'GENERAL_CARGO' THEN gc.quantity END AS quantity,
      CASE WHEN o.cargo_type = 'GENERAL_CARGO' THEN gc.weight_kg END AS weight_kg,
      CASE WHEN o.cargo_type = 'GENERAL_CARGO' THEN gc.truck_type END AS truck_type
    FROM generate_series(0, ${int(size - 1)}) AS b(i)
    JOIN bench_orders o ON o.n = b.i / ${int(K)}
    JOIN bench_ids ids ON ids.i = b.i
    JOIN bench_liners l ON l.k = b.i % ${int(linerCount)}
    JOIN bench_general gc ON gc.k = b.i % ${int(GENERAL_CARGO.length)}`);

  await tx.execute(sql`
    INSERT INTO orders (id, order_number, customer_company_id, cargo_type, status, client_name, reference,
      pickup_terminal_id, pickup_address, recipient_terminal_id, recipient_address, pickup_state, pickup_date,
      bidding_closes_at, target_amount_kobo, item_count, awarded_at, created_at, updated_at)
    SELECT order_id, 'ORD-' || ${int(year)} || '-' || lpad(order_no::text, greatest(6, length(order_no::text)), '0'),
      ${customerId}::uuid, cargo_type, 'AWARDED', client_name, reference,
      pickup_terminal_id, pickup_address, recipient_terminal_id, recipient_address, pickup_state, pickup_date,
      ((pickup_date - 3)::timestamp + interval '17 hours') AT TIME ZONE 'Africa/Lagos', amount_kobo, item_count,
      ((pickup_date - 2)::timestamp + interval '10 hours') AT TIME ZONE 'Africa/Lagos',
      ((pickup_date - 4)::timestamp + interval '9 hours') AT TIME ZONE 'Africa/Lagos',
      ((pickup_date - 2)::timestamp + interval '10 hours') AT TIME ZONE 'Africa/Lagos'
    FROM bench_orders`);
  await tx.execute(sql`
    INSERT INTO bids (id, order_id, transporter_company_id, amount_kobo, trucks_available, note, status,
      decided_at, created_at, updated_at)
    SELECT bid_id, order_id, ${transporterId}::uuid, amount_kobo, item_count, '', 'WON',
      ((pickup_date - 2)::timestamp + interval '10 hours') AT TIME ZONE 'Africa/Lagos',
      ((pickup_date - 3)::timestamp + interval '11 hours') AT TIME ZONE 'Africa/Lagos',
      ((pickup_date - 2)::timestamp + interval '10 hours') AT TIME ZONE 'Africa/Lagos'
    FROM bench_orders`);
  await tx.execute(sql`
    INSERT INTO order_items (id, order_id, position, container_number, container_size, liner_id,
      delivery_order_validity_date, description, quantity, weight_kg, truck_type, awarded_bid_id)
    SELECT item_id, order_id, position, container_number, container_size, liner_id,
      delivery_order_validity_date, description, quantity, weight_kg, truck_type, bid_id
    FROM bench_batch`);
  // No truck or driver: a truck may hold one live trip only, and the public pages never show them.
  await tx.execute(sql`
    INSERT INTO trips (id, trip_number, tracking_id, order_id, order_item_id, bid_id, customer_company_id,
      transporter_company_id, cargo_type, pickup_terminal_id, pickup_address, recipient_terminal_id,
      recipient_address, pickup_date, amount_kobo, latest_status, latest_status_at, completed, current_location,
      expected_delivery_date, handover_code, created_at, updated_at)
    SELECT b.trip_id, 'TRP-' || ${int(year)} || '-' || lpad(b.trip_no::text, greatest(6, length(b.trip_no::text)), '0'),
      b.tracking_id, b.order_id, b.item_id, b.bid_id, ${customerId}::uuid, ${transporterId}::uuid, b.cargo_type,
      b.pickup_terminal_id, b.pickup_address, b.recipient_terminal_id, b.recipient_address, b.pickup_date,
      b.amount_kobo, tl.status, CASE WHEN b.steps > 0 THEN ${stepAt('b.steps - 1')} END,
      b.steps = b.timeline_steps, r.location, b.pickup_date + 1,
      lpad(floor(random() * 1000000)::int::text, 6, '0'), b.awarded_at,
      CASE WHEN b.steps > 0 THEN ${stepAt('b.steps - 1')} ELSE b.awarded_at END
    FROM bench_batch b
    LEFT JOIN bench_timeline tl ON tl.cargo_type = b.cargo_type AND tl.position = b.steps - 1
    LEFT JOIN bench_route r ON r.k = b.steps - 1`);
  await tx.execute(sql`
    INSERT INTO consignments (trip_id, container_number, container_size, liner_id, delivery_order_validity_date,
      description, quantity, weight_kg, truck_type)
    SELECT trip_id, container_number, container_size, liner_id, delivery_order_validity_date,
      description, quantity, weight_kg, truck_type
    FROM bench_batch`);
  await tx.execute(sql`
    INSERT INTO trip_status_logs (trip_id, status, at, location)
    SELECT b.trip_id, tl.status, ${stepAt('tl.position')}, r.location
    FROM bench_batch b
    JOIN bench_timeline tl ON tl.cargo_type = b.cargo_type AND tl.position < b.steps
    JOIN bench_route r ON r.k = tl.position`);
  // The report facts and the search texts the triggers keep (migrations 0016, 0029 and 0031), which this
  // transaction switched off.
  await tx.execute(sql`SELECT refresh_trip_report_facts(ARRAY(SELECT trip_id FROM bench_batch))`);
  await tx.execute(sql`SELECT refresh_trip_search(ARRAY(SELECT trip_id FROM bench_batch))`);
  await tx.execute(sql`SELECT refresh_order_search(ARRAY(SELECT DISTINCT order_id FROM bench_batch))`);
}

/** Which trips to sample: those the warm read model holds, or those it leaves to demand. */
export type TripSample = 'tracked' | 'endedLongAgo';

/** The trips of a sample, as the read model tells them apart (public-tracking-cache.service.ts, findPublicTripsPage). */
function sampleFilter(which: TripSample): SQL {
  const endedBefore = sql.raw(`now() - interval '${TRACKED_AFTER_ENDING_DAYS} days'`);
  return which === 'tracked'
    ? sql`(completed = false OR latest_status_at IS NULL OR latest_status_at >= ${endedBefore})
        AND (cancelled_at IS NULL OR cancelled_at >= ${endedBefore})`
    : sql`((completed AND latest_status_at < ${endedBefore}) OR cancelled_at < ${endedBefore})`;
}

/**
 * `count` tracking ids picked uniformly at random among the trips of `which` that the public endpoint
 * serves (link not expired), in random order. BERNOULLI samples rows across the whole table, not whole
 * pages, so ids of one order (inserted together) are not over-represented.
 */
export async function sampleTrackingIds(db: Executor, count: number, which: TripSample): Promise<string[]> {
  const [total] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM trips`);
  let percent = Math.min(100, ((count * 1.3) / Math.max(1, Number(total?.n ?? 0))) * 100);
  for (;;) {
    const sampled = await rows<{ tracking_id: string }>(
      db,
      sql`SELECT tracking_id FROM trips TABLESAMPLE BERNOULLI (${sql.raw(percent.toFixed(4))})
        WHERE ${sampleFilter(which)} AND (tracking_expires_at IS NULL OR tracking_expires_at > now())
        ORDER BY random() LIMIT ${count}`,
    );
    // A sample a little short (chance, or few trips of that kind) is drawn again with a wider net.
    if (sampled.length >= count || percent >= 100) return sampled.map((r) => r.tracking_id);
    percent = Math.min(100, percent * 2);
  }
}
