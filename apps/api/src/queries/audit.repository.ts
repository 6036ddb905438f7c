import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: Executor, row: AuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}
