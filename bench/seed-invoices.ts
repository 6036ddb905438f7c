/**
 * The invoice the award raises with each bench trip: one per trip, the trip's price as its haulage with VAT
 * on top (rounded half up to the kobo, as invoice-amounts.ts does), due 14 days after award; four in five completed trips paid some days after they ended (never after now), the rest pending.
 * Set-based and idempotent, so a database seeded before invoices were part of the bench is topped up.
 */
import { sql } from 'drizzle-orm';
import {
  BASIS_POINTS_PER_WHOLE,
  DEFAULT_PAYMENT_TERMS_DAYS,
  VAT_BASIS_POINTS,
  lagosYear,
} from '@freightlane/domain';
import type { Database } from '../apps/api/src/db/client';
import { reserveNumbers } from '../apps/api/src/lib/counter';
import { BENCH_CUSTOMER_EMAIL, companyOf } from './seed-many-trips';

export async function seedBenchInvoices(database: Database): Promise<{ inserted: number; seconds: number }> {
  const { db } = database;
  const customerId = await companyOf(db, BENCH_CUSTOMER_EMAIL);
  const started = performance.now();
  const missing = sql`FROM trips t WHERE t.customer_company_id = ${customerId}::uuid
    AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.trip_id = t.id)`;
  const counted = (await db.execute(sql`SELECT count(*) AS n ${missing}`)) as unknown as {
    rows: { n: string | number }[];
  };
  const count = Number(counted.rows[0]?.n ?? 0);
  if (count === 0) return { inserted: 0, seconds: 0 };
  console.info(`Seeding ${count} invoices of the bench trips…`);
  const year = lagosYear(new Date());
  await db.transaction(async (tx) => {
    // This transaction only: no change notifications for rows nobody watches, no per-row FK checks.
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    const first = await reserveNumbers(tx, `invoice:${year}`, count);
    await tx.execute(sql`
      INSERT INTO invoices (invoice_number, trip_id, customer_company_id, transporter_company_id, haulage_kobo,
        charges_kobo, vat_basis_points, vat_kobo, amount_kobo, cargo_type, status, due_at, paid_at, created_at)
      SELECT 'INV-' || ${sql.raw(String(year))} || '-' || lpad(n::text, greatest(6, length(n::text)), '0'),
        id, customer_company_id, transporter_company_id, amount_kobo, 0, ${sql.raw(String(VAT_BASIS_POINTS))},
        vat, amount_kobo + vat, cargo_type,
        CASE WHEN paid THEN 'PAID' ELSE 'PENDING_PAYMENT' END,
        created_at + ${sql.raw(String(DEFAULT_PAYMENT_TERMS_DAYS))} * interval '1 day',
        CASE WHEN paid THEN least(now(), latest_status_at + (h % 20) * interval '1 day' + interval '3 hours') END,
        created_at
      FROM (
        SELECT t.*, ${sql.raw(String(first))}::bigint - 1 + row_number() OVER (ORDER BY t.created_at, t.id) AS n,
          (t.amount_kobo * ${sql.raw(String(2 * VAT_BASIS_POINTS))} + ${sql.raw(String(BASIS_POINTS_PER_WHOLE))})
            / ${sql.raw(String(2 * BASIS_POINTS_PER_WHOLE))} AS vat,
          abs(hashtext(t.id::text)) AS h,
          t.completed AND abs(hashtext(t.id::text)) % 5 < 4 AS paid
        ${missing}
      ) t`);
    // The trips' search texts now hold their invoice numbers (migration 0029); the triggers are off here.
    await tx.execute(sql`SELECT refresh_trip_search(ARRAY(
      SELECT trip_id FROM invoices WHERE customer_company_id = ${customerId}::uuid))`);
    // What is owed on each trip, a report fact the invoices' triggers keep (migration 0016), switched off here.
    await tx.execute(sql`SELECT refresh_trip_report_facts(ARRAY(
      SELECT trip_id FROM invoices WHERE customer_company_id = ${customerId}::uuid AND status = 'PENDING_PAYMENT'))`);
  });
  await db.execute(sql`VACUUM (ANALYZE) invoices, trips`);
  return { inserted: count, seconds: (performance.now() - started) / 1000 };
}
