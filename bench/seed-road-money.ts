/**
 * The bench transporter's cash on the road (issue 35), for the road money reports to be timed over a
 * realistic book: each completed bench trip got a ₦200,000 advance to one of the bench fleet's drivers
 * (in turn), and 300 litres of diesel at ₦1,250, a ₦5,000 toll and a ₦2,000 road payment, all approved;
 * trips completed more than a week ago are settled. Bench trips carry no driver (a driver holds one live
 * trip), so the cash goes to the fleet's drivers, which the fleet seed makes first.
 *
 * Set-based with the triggers off, then the kept sums (the trips' approved expenses, the drivers' daily
 * cash) worked out by the migration's own functions. Idempotent: trips with an advance are left alone.
 */
import { sql } from 'drizzle-orm';
import { dieselAmountKobo } from '@freightlane/domain';
import type { Database } from '../apps/api/src/db/client';
import { BENCH_TRANSPORTER_EMAIL, companyOf } from './seed-many-trips';

const ADVANCE_KOBO = 20_000_000;
const LITRES = 300;
const PRICE_PER_LITRE_KOBO = 125_000;
const TOLL_KOBO = 500_000;
const ROAD_PAYMENT_KOBO = 200_000;
const SETTLED_AFTER_DAYS = 7;

export async function seedBenchRoadMoney(database: Database): Promise<{ inserted: number; seconds: number }> {
  const { db } = database;
  const transporterId = await companyOf(db, BENCH_TRANSPORTER_EMAIL);
  const started = performance.now();
  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await db.execute(query)) as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
  const missing = sql`FROM trips t WHERE t.transporter_company_id = ${transporterId}::uuid AND t.completed
    AND NOT EXISTS (SELECT 1 FROM trip_advances a WHERE a.trip_id = t.id)`;
  const trips = await count(sql`SELECT count(*) AS n ${missing}`);
  const drivers = await count(
    sql`SELECT count(*) AS n FROM drivers WHERE company_id = ${transporterId}::uuid`,
  );
  if (trips === 0 || drivers === 0) return { inserted: 0, seconds: 0 };
  console.info(`Seeding the road money of ${trips} completed bench trips over ${drivers} drivers…`);
  const diesel = dieselAmountKobo(LITRES, PRICE_PER_LITRE_KOBO);
  const approved = diesel + TOLL_KOBO + ROAD_PAYMENT_KOBO;
  const kobo = (value: number) => sql.raw(String(value));
  await db.transaction(async (tx) => {
    // This transaction only: no per-row triggers or FK checks for a million rows; the sums follow below.
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`
      CREATE TEMP TABLE bench_drivers ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id FROM drivers
      WHERE company_id = ${transporterId}::uuid`);
    await tx.execute(sql`
      CREATE TEMP TABLE bench_cash ON COMMIT DROP AS
      SELECT t.id, d.id AS driver_id, t.latest_status_at,
        coalesce(t.started_at, t.latest_status_at - interval '8 hours') AS set_off
      FROM (SELECT t.*, row_number() OVER (ORDER BY t.id) AS n ${missing}) t
      JOIN bench_drivers d ON d.k = t.n % ${kobo(drivers)}`);
    await tx.execute(sql`
      INSERT INTO trip_advances (trip_id, transporter_company_id, driver_id, method, amount_kobo, given_at)
      SELECT id, ${transporterId}::uuid, driver_id, 'CASH', ${kobo(ADVANCE_KOBO)}, set_off - interval '1 hour'
      FROM bench_cash`);
    await tx.execute(sql`
      INSERT INTO trip_expenses (trip_id, transporter_company_id, driver_id, kind, amount_kobo, litres,
        price_per_litre_kobo, place, spent_at, status, recorded_by_driver_id, reviewed_at)
      SELECT c.id, ${transporterId}::uuid, c.driver_id, k.kind, k.amount, k.litres, k.price, k.place,
        c.set_off + k.after, 'APPROVED', c.driver_id, c.latest_status_at
      FROM bench_cash c
      CROSS JOIN (VALUES
        ('DIESEL', ${kobo(diesel)}::bigint, ${kobo(LITRES)}::numeric, ${kobo(PRICE_PER_LITRE_KOBO)}::bigint,
          'Mile 2, Lagos', interval '1 hour'),
        ('TOLL', ${kobo(TOLL_KOBO)}, NULL, NULL, 'Lagos-Ibadan Expressway', interval '2 hours'),
        ('ROAD_PAYMENT', ${kobo(ROAD_PAYMENT_KOBO)}, NULL, NULL, 'Ogere, Ogun', interval '3 hours')
      ) AS k(kind, amount, litres, price, place, after)`);
    await tx.execute(sql`
      INSERT INTO trip_settlements (trip_id, transporter_company_id, driver_id, balance_kobo, paid_kobo, method,
        reference, settled_at)
      SELECT id, ${transporterId}::uuid, driver_id, ${kobo(approved - ADVANCE_KOBO)},
        ${kobo(approved - ADVANCE_KOBO)}, 'TRANSFER', 'BENCH-' || left(id::text, 8),
        latest_status_at + interval '1 day'
      FROM bench_cash WHERE latest_status_at < now() - ${kobo(SETTLED_AFTER_DAYS)} * interval '1 day'`);
    await tx.execute(sql`SELECT refresh_trip_approved_expenses(ARRAY(SELECT id FROM bench_cash))`);
    await tx.execute(sql`SELECT refresh_driver_cash(ARRAY[${transporterId}::uuid])`);
  });
  await db.execute(
    sql`VACUUM (ANALYZE) trips, trip_advances, trip_expenses, trip_settlements, driver_cash_days`,
  );
  return { inserted: trips, seconds: (performance.now() - started) / 1000 };
}
