import {
  AUTOMATIC_ACTOR_NAME,
  endOfLagosDay,
  LAGOS_OFFSET_MS,
  toPage,
  type AuditLogActor,
  type AuditLogEntry,
  type AuditLogQuery,
  type Page,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { readAll } from '../../db/read-all';
import type { Principal } from '../../plugins/auth';
import { AppError } from '../../errors';
import {
  countAuditRows,
  ensureAuditLogPartitions,
  listAuditRows,
  type AuditRowView,
} from './audit-log.repository';

function fullName(first: string | null, last: string | null): string {
  return `${first ?? ''} ${last ?? ''}`.trim();
}

function actorOf(row: AuditRowView): AuditLogActor {
  if (row.actorUserId) {
    return {
      kind: 'USER',
      userId: row.actorUserId,
      driverId: null,
      // A user row is never deleted (erasure anonymises it), so a missing one is a log older than its user.
      name: fullName(row.actorFirstName, row.actorLastName) || 'Unknown user',
      email: row.actorEmail,
    };
  }
  if (row.driverId) {
    return {
      kind: 'DRIVER',
      userId: null,
      driverId: row.driverId,
      name: `${fullName(row.driverFirstName, row.driverLastName)} (driver)`,
      email: null,
    };
  }
  return { kind: 'SYSTEM', userId: null, driverId: null, name: AUTOMATIC_ACTOR_NAME, email: null };
}

/** The log stores what each change recorded; anything but an object is shown under `value`. */
function dataOf(data: unknown): Record<string, unknown> | null {
  if (data === null || data === undefined) return null;
  if (typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
  return { value: data };
}

function toEntry(row: AuditRowView): AuditLogEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: actorOf(row),
    company: row.companyId ? { id: row.companyId, name: row.companyName ?? 'Unknown company' } : null,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    data: dataOf(row.data),
    ipAddress: row.ipAddress,
  };
}

/** The audit log, newest first, for the back office. Read only: nothing in the API changes a row of it. */
export async function listAuditLog(
  ctx: AppContext,
  principal: Principal,
  query: AuditLogQuery,
): Promise<Page<AuditLogEntry>> {
  if (principal.role !== 'role_admin') throw new AppError('FORBIDDEN', 'Your account type cannot do this.');
  const filter = {
    q: query.q,
    actorUserId: query.actorUserId,
    companyId: query.companyId,
    entityType: query.entityType,
    entityId: query.entityId,
    action: query.action,
    fromAt: query.from ? new Date(Date.parse(`${query.from}T00:00:00Z`) - LAGOS_OFFSET_MS) : undefined,
    toAt: query.to ? endOfLagosDay(query.to) : undefined,
  };
  const [rows, total] = await readAll(ctx.db, [
    () => listAuditRows(ctx.db, filter, { offset: query.page * query.size, limit: query.size }),
    () => countAuditRows(ctx.db, filter),
  ]);
  return toPage(rows.map(toEntry), total, query);
}

/** Months made ahead of the current one: a quarter, so a month of stopped jobs still finds its partition. */
export const AUDIT_MONTHS_AHEAD = 3;

/** YYYY-MM-DD of the first day of the UTC month `months` after `at`'s. */
function monthStart(at: Date, months: number): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}

/** Makes this month's audit-log partition and the next AUDIT_MONTHS_AHEAD; answers how many were missing. */
export function prepareAuditLog(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  return ensureAuditLogPartitions(ctx.db, monthStart(now, 0), monthStart(now, AUDIT_MONTHS_AHEAD));
}
