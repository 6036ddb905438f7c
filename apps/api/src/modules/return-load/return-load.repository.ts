import { eq, sql, type SQL } from 'drizzle-orm';
import type { CargoType } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';

// The return-load search (docs/decisions/036-return-loads.md). An order's pickup point and a trip's delivery
// point are kept by the triggers of migration 0027; each search narrows by a latitude and longitude box the
// partial indexes orders_open_pickup_point_idx and trips_live_delivery_point_idx serve, then keeps what lies
// within the radius by the equirectangular distance (`kmFrom`).

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Kilometres per degree of latitude (the earth's mean radius, 6,371 km). */
const KM_PER_DEGREE = 111.195;

/** A search's centre, with the kilometres a degree of longitude spans there. */
interface Centre {
  latitude: number;
  longitude: number;
}
const kmPerLongitude = (c: Centre) => KM_PER_DEGREE * Math.cos((c.latitude * Math.PI) / 180);

/**
 * Kilometres from the centre to a point (its latitude and longitude columns), on the plane tangent at the
 * centre: within 0.5% of the great circle up to 200 km at Nigeria's latitudes, and free of trigonometry per
 * row, which a truck back in Lagos, with thousands of orders around it, would otherwise pay thousands of
 * times.
 */
const squaredKmFrom = (c: Centre, latitude: SQL, longitude: SQL) => sql`(
  ((${latitude} - ${c.latitude}::float8) * ${KM_PER_DEGREE}::float8)
    * ((${latitude} - ${c.latitude}::float8) * ${KM_PER_DEGREE}::float8)
  + ((${longitude} - ${c.longitude}::float8) * ${kmPerLongitude(c)}::float8)
    * ((${longitude} - ${c.longitude}::float8) * ${kmPerLongitude(c)}::float8))`;
const kmFrom = (c: Centre, latitude: SQL, longitude: SQL) =>
  sql`sqrt(${squaredKmFrom(c, latitude, longitude)})`;
/** Within `radiusKm` of the centre, compared squared so the filter takes no square root per row. */
const withinKm = (c: Centre, radiusKm: number, latitude: SQL, longitude: SQL) =>
  sql`${squaredKmFrom(c, latitude, longitude)} <= ${radiusKm * radiusKm}::float8`;

/** The point lies in the box around the centre that holds the `radiusKm` circle (the index's range). */
const inBox = (c: Centre, radiusKm: number, latitude: SQL, longitude: SQL) => sql`${latitude}
    BETWEEN ${c.latitude - radiusKm / KM_PER_DEGREE}::float8 AND ${c.latitude + radiusKm / KM_PER_DEGREE}::float8
  AND ${longitude}
    BETWEEN ${c.longitude - radiusKm / kmPerLongitude(c)}::float8 AND ${c.longitude + radiusKm / kmPerLongitude(c)}::float8`;

/** The dates a search counts from. */
export interface SearchLimits {
  /** Lagos date of today: a truck already free is free from today. */
  today: string;
  windowDays: number;
}

/**
 * The day a trip's truck is expected free at its delivery (Lagos date): the arrival when it has arrived, else
 * the transporter's expected date, else the ETA from the lane's history, else the pickup date; never before
 * today. `t` is the trips alias.
 */
const freeOnSql = (today: string) => sql`greatest(
  coalesce(
    (t.arrived_delivery_at AT TIME ZONE 'Africa/Lagos')::date,
    t.expected_delivery_date,
    (t.eta_typical_at AT TIME ZONE 'Africa/Lagos')::date,
    t.pickup_date),
  ${today}::date)`;

/** A trip on which a truck is out and whose delivery place is known. `t` is the trips alias. */
const liveTruckSql = sql`t.completed = false AND t.cancelled_at IS NULL AND t.truck_id IS NOT NULL
  AND t.delivery_latitude IS NOT NULL`;

/** `o` (orders) is open for bids and may be seen by the transporter `company` (decision 007). */
const biddableBySql = (company: SQL) => sql`o.status = 'OPEN' AND o.bidding_closes_at > now()
  AND (NOT o.preferred_partners_only OR EXISTS (
    SELECT 1 FROM preferred_partners pp
    WHERE pp.customer_company_id = o.customer_company_id AND pp.transporter_company_id = ${company}))`;

const pickupLat = sql`o.pickup_latitude`;
const pickupLon = sql`o.pickup_longitude`;

/** The order's pickup lies within `radiusKm` of the centre: the box first, for the index, then the circle. */
const pickupNearSql = (c: Centre, radiusKm: number) => sql`o.pickup_latitude IS NOT NULL
  AND ${inBox(c, radiusKm, pickupLat, pickupLon)}
  AND ${withinKm(c, radiusKm, pickupLat, pickupLon)}`;

export interface TruckRow {
  trip_id: string;
  trip_number: string;
  transporter_company_id: string;
  truck_registration: string;
  delivery_name: string;
  delivery_state: string;
  free_on: string;
  latitude: number;
  longitude: number;
}

const truckColumns = (today: string) => sql`t.id AS trip_id, t.trip_number, t.transporter_company_id,
  tk.registration_number AS truck_registration,
  coalesce(rt.name, t.recipient_address->>'lga', '') AS delivery_name,
  coalesce(rt.state, t.recipient_address->>'state', '') AS delivery_state,
  to_char(${freeOnSql(today)}, 'YYYY-MM-DD') AS free_on,
  t.delivery_latitude AS latitude, t.delivery_longitude AS longitude`;

const truckJoins = sql`JOIN trucks tk ON tk.id = t.truck_id
  LEFT JOIN terminals rt ON rt.id = t.recipient_terminal_id`;

/** The trip's truck when it is out on the live trip and its delivery place is known. */
export async function findTruckOfTrip(db: Executor, tripId: string, today: string): Promise<TruckRow | null> {
  const rows = rowsOf<TruckRow>(
    await db.execute(sql`SELECT ${truckColumns(today)} FROM trips t ${truckJoins}
      WHERE t.id = ${tripId} AND ${liveTruckSql}`),
  );
  return rows[0] ?? null;
}

/** A transporter's trucks on live trips, soonest free first, a page at a time, and how many there are. */
export async function listTrucksOf(
  db: Executor,
  companyId: string,
  today: string,
  page: { offset: number; limit: number },
): Promise<{ rows: TruckRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db.execute(sql`SELECT ${truckColumns(today)} FROM trips t ${truckJoins}
      WHERE t.transporter_company_id = ${companyId} AND ${liveTruckSql}
      ORDER BY free_on, t.trip_number
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute(sql`SELECT count(*)::int AS n FROM trips t
      WHERE t.transporter_company_id = ${companyId} AND ${liveTruckSql}`),
  ]);
  return { rows: rowsOf<TruckRow>(rows), total: Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0) };
}

export interface MatchRow {
  order_id: string;
  order_number: string;
  cargo_type: CargoType;
  item_count: number;
  customer_name: string;
  pickup_name: string;
  pickup_state: string;
  delivery_name: string;
  delivery_state: string;
  pickup_date: string;
  bidding_closes_at: Date | string;
  distance_km: number;
  return_loads_welcome: boolean;
  already_bid: boolean;
  total: number;
}

export interface MatchSearch {
  transporterCompanyId: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** The first pickup date that fits (the truck's free day) and the last. */
  from: string;
  to: string;
  limit: number;
}

/**
 * The open orders the transporter may bid on whose pickup lies within the radius of the point, with a pickup
 * date in [from, to]: orders welcoming return loads first, then the nearest, then the soonest; each row
 * carries how many matched in all.
 */
export async function findMatches(db: Executor, search: MatchSearch): Promise<MatchRow[]> {
  const centre = { latitude: search.latitude, longitude: search.longitude };
  const company = sql`${search.transporterCompanyId}::uuid`;
  const matching = sql`${pickupNearSql(centre, search.radiusKm)}
    AND o.pickup_date BETWEEN ${search.from}::date AND ${search.to}::date
    AND ${biddableBySql(company)}`;
  // A truck back in Lagos has thousands of matches. They are ranked and counted from the pickup-point index
  // alone (it carries every column both read), ranked by the squared distance (the same order, no square
  // root per row) and counted once apart (a count over the ranked rows would hold them all); only the listed
  // ones are then named (customer, terminals, the caller's bid).
  return rowsOf<MatchRow>(
    await db.execute(sql`
      WITH ranked AS (
        SELECT o.id, o.return_loads_welcome, o.pickup_date, o.order_number,
          ${squaredKmFrom(centre, pickupLat, pickupLon)} AS km2
        FROM orders o
        WHERE ${matching}
        ORDER BY o.return_loads_welcome DESC, km2, o.pickup_date, o.order_number
        LIMIT ${search.limit})
      SELECT o.id AS order_id, o.order_number, o.cargo_type, o.item_count, c.name AS customer_name,
        coalesce(pt.name, o.pickup_address->>'lga', '') AS pickup_name, o.pickup_state,
        coalesce(dt.name, o.recipient_address->>'lga', '') AS delivery_name,
        coalesce(dt.state, o.recipient_address->>'state', '') AS delivery_state,
        to_char(o.pickup_date, 'YYYY-MM-DD') AS pickup_date, o.bidding_closes_at,
        round(sqrt(r.km2))::int AS distance_km, o.return_loads_welcome,
        EXISTS (SELECT 1 FROM bids b WHERE b.order_id = o.id AND b.transporter_company_id = ${company}
          AND b.status = 'ACTIVE') AS already_bid,
        (SELECT count(*)::int FROM orders o WHERE ${matching}) AS total
      FROM ranked r
      JOIN orders o ON o.id = r.id
      JOIN companies c ON c.id = o.customer_company_id
      LEFT JOIN terminals pt ON pt.id = o.pickup_terminal_id
      LEFT JOIN terminals dt ON dt.id = o.recipient_terminal_id
      ORDER BY r.return_loads_welcome DESC, r.km2, r.pickup_date, r.order_number`),
  );
}

export interface OrderPoint {
  id: string;
  customerCompanyId: string;
  latitude: number;
  longitude: number;
  pickupDate: string;
}

/**
 * The trucks on live trips of verified, active transporters for which the order is a return load: their
 * delivery within their company's radius of its pickup, free on or before its pickup date and no more than
 * `windowDays` before it, and the order theirs to see. `maxRadiusKm` bounds the box.
 */
export async function findTrucksForOrder(
  db: Executor,
  order: OrderPoint,
  limits: SearchLimits & { maxRadiusKm: number },
): Promise<{ trip_id: string; transporter_company_id: string; truck_id: string }[]> {
  const deliveryLat = sql`t.delivery_latitude`;
  const deliveryLon = sql`t.delivery_longitude`;
  return rowsOf(
    await db.execute(sql`
      SELECT t.id AS trip_id, t.transporter_company_id, t.truck_id
      FROM trips t
      JOIN companies tc ON tc.id = t.transporter_company_id
      WHERE ${liveTruckSql}
        AND ${inBox(order, limits.maxRadiusKm, deliveryLat, deliveryLon)}
        AND ${kmFrom(order, deliveryLat, deliveryLon)} <= tc.return_load_radius_km
        AND tc.verification_status = 'VERIFIED' AND tc.suspended_at IS NULL
        AND ${order.pickupDate}::date BETWEEN ${freeOnSql(limits.today)}
                                          AND ${freeOnSql(limits.today)} + ${limits.windowDays}::int
        AND EXISTS (SELECT 1 FROM orders o WHERE o.id = ${order.id}
          AND ${biddableBySql(sql`t.transporter_company_id`)})`),
  );
}

/** An open order's pickup point and date; null when it is not open or its pickup has no known position. */
export async function findOpenOrderPoint(db: Executor, orderId: string): Promise<OrderPoint | null> {
  const rows = rowsOf<{
    id: string;
    customer_company_id: string;
    latitude: number;
    longitude: number;
    pickup_date: string;
  }>(
    await db.execute(sql`SELECT id, customer_company_id, pickup_latitude AS latitude,
        pickup_longitude AS longitude, to_char(pickup_date, 'YYYY-MM-DD') AS pickup_date
      FROM orders WHERE id = ${orderId} AND status = 'OPEN' AND pickup_latitude IS NOT NULL`),
  );
  const row = rows[0];
  return row
    ? {
        id: row.id,
        customerCompanyId: row.customer_company_id,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        pickupDate: row.pickup_date,
      }
    : null;
}

export async function findRadiusOf(db: Executor, companyId: string): Promise<number | null> {
  const [row] = await db
    .select({ radiusKm: companies.returnLoadRadiusKm })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.radiusKm ?? null;
}

export async function updateRadiusOf(db: Executor, companyId: string, radiusKm: number): Promise<void> {
  await db
    .update(companies)
    .set({ returnLoadRadiusKm: radiusKm, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** Takes up to `limit` noted trips and orders off the queue (each once however often it was noted). */
export async function takeQueued(
  db: Executor,
  limit: number,
): Promise<{ tripIds: string[]; orderIds: string[] }> {
  const taken = rowsOf<{ trip_id: string | null; order_id: string | null }>(
    await db.execute(sql`
      DELETE FROM return_load_queue
      WHERE id IN (SELECT id FROM return_load_queue ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING trip_id, order_id`),
  );
  const ids = (pick: (row: (typeof taken)[number]) => string | null) => [
    ...new Set(taken.map(pick).filter((id): id is string => id !== null)),
  ];
  return { tripIds: ids((r) => r.trip_id), orderIds: ids((r) => r.order_id) };
}

/** Notes the pairs told of; answers the ones not told before. */
export async function recordNotices(
  db: Executor,
  pairs: { tripId: string; orderId: string }[],
): Promise<{ tripId: string; orderId: string }[]> {
  if (pairs.length === 0) return [];
  const values = sql.join(
    pairs.map((p) => sql`(${p.tripId}::uuid, ${p.orderId}::uuid)`),
    sql`, `,
  );
  const rows = rowsOf<{ trip_id: string; order_id: string }>(
    await db.execute(sql`INSERT INTO return_load_notices (trip_id, order_id) VALUES ${values}
      ON CONFLICT DO NOTHING RETURNING trip_id, order_id`),
  );
  return rows.map((r) => ({ tripId: r.trip_id, orderId: r.order_id }));
}

/** What a notice names: the trip's number and delivery place, and the orders' numbers. */
export async function findNoticeFacts(db: Executor, tripId: string, orderIds: string[], today: string) {
  const truck = await findTruckOfTrip(db, tripId, today);
  const orderNumbers = rowsOf<{ order_number: string }>(
    await db.execute(sql`SELECT order_number FROM orders
      WHERE id IN (${sql.join(
        orderIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) ORDER BY order_number`),
  ).map((r) => r.order_number);
  return { truck, orderNumbers };
}
