import type { Executor } from '../../db/client';
import { audit, type AuditActor, type RequestOrigin } from '../../lib/audit';
import type { TripRecord } from './trip.repository';

/** Writes the audit row of a change to a trip, naming the trip by its number so the log reads on its own. */
export async function auditTrip(
  tx: Executor,
  actor: AuditActor,
  request: RequestOrigin,
  trip: Pick<TripRecord, 'id' | 'tripNumber'>,
  action: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await audit(tx, actor, request, {
    action,
    entityType: 'trip',
    entityId: trip.id,
    data: { tripNumber: trip.tripNumber, ...data },
  });
}
