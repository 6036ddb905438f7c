import type { CancelTripsRequest, NoteSide } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { auditTrip } from './audit-trip';
import { loadTripFor, type TripRecord } from './trip-access.service';
import { assertTripAction } from './trip-actions';
import { findCompany } from '../../queries/company.repository';
import { markTripsCancelled, voidPendingInvoices } from './trip.repository';
import { queueNotification } from '../notification';
import { tripsCancelledNotification, type CancelledBy } from './trip-notifications';

/** Who hears of a cancellation: the other party, or both parties when an admin cancels. */
function companiesToTell(side: NoteSide, trip: TripRecord): string[] {
  if (side === 'CUSTOMER') return [trip.transporterCompanyId];
  if (side === 'TRANSPORTER') return [trip.customerCompanyId];
  return [trip.customerCompanyId, trip.transporterCompanyId];
}

/**
 * Cancels trips all together or not at all. The trips are locked in id order, the same order every
 * multi-trip change takes, so two overlapping cancellations cannot deadlock; each trip must be the
 * caller's (404 otherwise) and cancellable by the caller's side now.
 */
export async function cancelTrips(
  ctx: AppContext,
  principal: Principal,
  input: CancelTripsRequest,
  ip: string,
): Promise<{ cancelled: string[] }> {
  const ids = [...input.tripIds].sort();
  await ctx.db.transaction(async (tx) => {
    const locked: { trip: TripRecord; side: NoteSide }[] = [];
    for (const id of ids) locked.push(await loadTripFor(tx, principal, id, { forUpdate: true }));
    for (const { trip, side } of locked) assertTripAction(side, trip, 'CANCEL');

    const now = new Date();
    await markTripsCancelled(tx, ids, {
      cancelledAt: now,
      cancellationReason: input.reason,
      cancelledByUserId: principal.userId,
    });
    await voidPendingInvoices(tx, ids);
    for (const { trip, side } of locked) {
      await auditTrip(tx, principal, { ip }, trip, 'trip.cancelled', {
        side,
        latestStatus: trip.latestStatus,
        reason: input.reason,
      });
    }

    const tripsOf = new Map<string, TripRecord[]>();
    for (const { trip, side } of locked) {
      for (const companyId of companiesToTell(side, trip)) {
        tripsOf.set(companyId, [...(tripsOf.get(companyId) ?? []), trip]);
      }
    }
    const company = principal.role === 'role_admin' ? null : await findCompany(tx, principal.companyId);
    const cancelledBy: CancelledBy =
      principal.role === 'role_admin'
        ? { by: 'admin' }
        : company
          ? { by: 'company', name: company.name }
          : { by: 'unknown' };
    for (const [companyId, cancelled] of tripsOf) {
      await queueNotification(
        ctx,
        tx,
        tripsCancelledNotification(
          companyId,
          {
            tripIds: cancelled.map((t) => t.id),
            tripNumbers: cancelled.map((t) => t.tripNumber),
            cancelledBy,
            reason: input.reason,
          },
          principal.userId,
        ),
      );
    }
  });
  ctx.jobs.kick();
  return { cancelled: input.tripIds };
}
