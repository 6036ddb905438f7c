import type { Executor } from '../db/client';
import { insertAuditRow } from '../queries/audit.repository';

/**
 * Who made a change: a signed-in caller (a `Principal` fits), a user acting without a session
 * (activation, password reset), a trip's driver from the phone link (no user account: `driverId`), or
 * nobody known (userId null).
 */
export interface AuditActor {
  userId: string | null;
  companyId: string | null;
  driverId?: string;
}

/** Where the change came from. A Fastify request fits; the IP is required so every row has one. */
export interface RequestOrigin {
  ip: string;
}

/** The origin of a change the platform's own background work makes (the trip watch): no caller, no IP. */
export const BACKGROUND_ORIGIN: RequestOrigin = { ip: 'internal' };

export interface AuditEvent {
  action: string;
  entityType: string;
  entityId: string;
  /** What changed, e.g. `{ before, after }`, or the reason given. */
  data?: Record<string, unknown>;
}

/** The one way to write the audit log, inside the transaction of the change it describes. */
export async function audit(
  tx: Executor,
  actor: AuditActor,
  request: RequestOrigin,
  event: AuditEvent,
): Promise<void> {
  await insertAuditRow(tx, {
    actorUserId: actor.userId,
    companyId: actor.companyId,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    // The log has no driver column; a driver's change names the driver and the phone in its data.
    data: actor.driverId
      ? { ...event.data, driverId: actor.driverId, recordedBy: 'DRIVER_PHONE' }
      : event.data,
    ipAddress: request.ip,
  });
}

/** A value as the log stores it: dates as ISO text, big integers as text, absent as null. */
function logged(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value === undefined ? null : value;
}

/** JSON with object keys in order, so two objects equal in content compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/**
 * The fields of `change` whose value differs from `current`, as `{ before, after }` for an audit row's
 * data: what a reader of the log needs to see what an edit did. Fields the change leaves as they were
 * are left out; values compare by their content, so an address object equal field by field is unchanged.
 */
export function changeOf(
  current: object,
  change: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, next] of Object.entries(change)) {
    if (next === undefined) continue;
    const previous = logged((current as Record<string, unknown>)[field]);
    if (canonical(previous) === canonical(logged(next))) continue;
    before[field] = previous;
    after[field] = logged(next);
  }
  return { before, after };
}
