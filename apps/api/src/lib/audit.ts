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
