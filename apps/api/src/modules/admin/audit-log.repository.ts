import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, companies, drivers, users } from '../../db/schema';
import { containsPattern } from '../../lib/search';

export interface AuditLogFilter {
  q?: string | undefined;
  actorUserId?: string | undefined;
  companyId?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** Rows at or after this instant. */
  fromAt?: Date | undefined;
  /** Rows before this instant. */
  toAt?: Date | undefined;
}

function filterOf(filter: AuditLogFilter): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return and(
    filter.actorUserId ? eq(auditLog.actorUserId, filter.actorUserId) : undefined,
    filter.companyId ? eq(auditLog.companyId, filter.companyId) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.fromAt ? gte(auditLog.createdAt, filter.fromAt) : undefined,
    filter.toAt ? lt(auditLog.createdAt, filter.toAt) : undefined,
    pattern
      ? or(
          ilike(auditLog.action, pattern),
          ilike(auditLog.entityType, pattern),
          ilike(auditLog.entityId, pattern),
        )
      : undefined,
  );
}

/**
 * One page of the log, newest first, with the names of who acted and for which company. A driver has no
 * user account: a change from a driver's phone names the driver in its data, which is joined here.
 */
export async function listAuditRows(
  db: Executor,
  filter: AuditLogFilter,
  page: { offset: number; limit: number },
) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorUserId: auditLog.actorUserId,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
      companyId: auditLog.companyId,
      companyName: companies.name,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      data: auditLog.data,
      ipAddress: auditLog.ipAddress,
      driverId: drivers.id,
      driverFirstName: drivers.firstName,
      driverLastName: drivers.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .leftJoin(
      drivers,
      and(
        sql`${auditLog.data}->>'recordedBy' = 'DRIVER_PHONE'`,
        sql`${drivers.id}::text = ${auditLog.data}->>'driverId'`,
      ),
    )
    .where(filterOf(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .offset(page.offset)
    .limit(page.limit);
}

export type AuditRowView = Awaited<ReturnType<typeof listAuditRows>>[number];

export async function countAuditRows(db: Executor, filter: AuditLogFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(filterOf(filter));
  return row?.count ?? 0;
}

/** One maker of audit-log partitions at a time across instances (pg_advisory_xact_lock). */
const AUDIT_PARTITIONS_LOCK = 340044;

/**
 * Makes the audit log's month partitions missing for the months of `from`..`to` (YYYY-MM-DD, UTC), under a
 * lock so two instances starting together make a month once. Answers how many it made.
 */
export async function ensureAuditLogPartitions(db: Executor, from: string, to: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_PARTITIONS_LOCK})`);
    const { rows } = (await tx.execute(
      sql`SELECT ensure_audit_log_partitions(${from}::date, ${to}::date) AS made`,
    )) as unknown as { rows: { made: number }[] };
    return Number(rows[0]?.made ?? 0);
  });
}

/** The audit log's partitions, the default one included, and how many rows each holds. */
export async function auditLogPartitions(db: Executor): Promise<{ name: string; rows: number }[]> {
  const { rows } = (await db.execute(sql`
    SELECT c.relname AS name, (SELECT count(*) FROM audit_log a WHERE a.tableoid = c.oid) AS rows
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'audit_log'::regclass ORDER BY c.relname`)) as unknown as {
    rows: { name: string; rows: number | string }[];
  };
  return rows.map((r) => ({ name: r.name, rows: Number(r.rows) }));
}
