import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { auditLog } from '../db/schema';

export type AuditRow = Omit<typeof auditLog.$inferInsert, 'id'>;

/**
 * One row of the audit log, written by every change: a kept statement, so its SQL is written and planned
 * once rather than on each write. The data goes as JSON text, as drizzle's jsonb column would send it.
 */
export async function insertAuditRow(db: Executor, row: AuditRow): Promise<void> {
  await prepared(db, 'audit_row_insert', (d) =>
    d.insert(auditLog).values({
      actorUserId: sql.placeholder('actorUserId'),
      companyId: sql.placeholder('companyId'),
      action: sql.placeholder('action'),
      entityType: sql.placeholder('entityType'),
      entityId: sql.placeholder('entityId'),
      data: sql`${sql.placeholder('data')}::jsonb`,
      ipAddress: sql.placeholder('ipAddress'),
      createdAt: sql`coalesce(${sql.placeholder('createdAt')}::timestamptz, now())`,
    }),
  ).execute({
    actorUserId: row.actorUserId ?? null,
    companyId: row.companyId ?? null,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    data: row.data === undefined || row.data === null ? null : JSON.stringify(row.data),
    ipAddress: row.ipAddress ?? null,
    createdAt: row.createdAt?.toISOString() ?? null,
  });
}
