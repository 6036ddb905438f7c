import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { consignments, shippingLines } from '../../db/schema';

export type ConsignmentRecord = typeof consignments.$inferSelect;

export async function findConsignment(
  db: Executor,
  consignmentId: string,
): Promise<ConsignmentRecord | null> {
  const [consignment] = await db
    .select()
    .from(consignments)
    .where(eq(consignments.id, consignmentId))
    .limit(1);
  return consignment ?? null;
}

export async function updateConsignmentRow(
  db: Executor,
  consignmentId: string,
  values: Partial<typeof consignments.$inferInsert>,
): Promise<void> {
  await db.update(consignments).set(values).where(eq(consignments.id, consignmentId));
}

export async function shippingLineExists(db: Executor, linerId: string): Promise<boolean> {
  const [liner] = await db
    .select({ id: shippingLines.id })
    .from(shippingLines)
    .where(eq(shippingLines.id, linerId))
    .limit(1);
  return liner !== undefined;
}
