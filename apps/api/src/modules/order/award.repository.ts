import type { Executor } from '../../db/client';
import { consignments, invoices, trips } from '../../db/schema';

/** The trips an award creates, one per order item, as their rows. */
export async function insertTrips(db: Executor, values: (typeof trips.$inferInsert)[]) {
  return db.insert(trips).values(values).returning();
}

/** What each awarded item carries, copied onto its trip. */
export async function insertConsignments(
  db: Executor,
  values: (typeof consignments.$inferInsert)[],
): Promise<void> {
  await db.insert(consignments).values(values);
}

/** The invoice raised with each trip at award. */
export async function insertInvoices(db: Executor, values: (typeof invoices.$inferInsert)[]): Promise<void> {
  await db.insert(invoices).values(values);
}
