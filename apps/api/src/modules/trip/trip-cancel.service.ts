import type { CancelTripsRequest, NoteSide } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { renderEmail } from '../../lib/mail-layout';
import { MAIL_JOB } from '../../plugins/mail';
import type { Principal } from '../../plugins/auth';
import { auditTrip } from './audit-trip';
import { loadTripFor, type TripRecord } from './trip-access';
import { assertTripAction } from './trip-actions';
import { findCompany } from '../../queries/company.repository';
import { listActiveUsersOfCompanies } from '../../queries/user.repository';
import { markTripsCancelled, voidPendingInvoices } from './trip.repository';

export function tripsCancelledEmail(
  firstName: string,
  cancellation: { tripNumbers: string[]; cancelledBy: string; reason: string },
  url: string,
) {
  const { tripNumbers, cancelledBy, reason } = cancellation;
  const one = tripNumbers.length === 1;
  const trips = `${one ? 'trip' : 'trips'} ${tripNumbers.join(', ')}`;
  return renderEmail({
    subject: `${one ? 'Trip' : 'Trips'} ${tripNumbers.join(', ')} ${one ? 'was' : 'were'} cancelled`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `${cancelledBy} has cancelled ${trips}. No more work is due on ${one ? 'it' : 'them'}, and an unpaid invoice for ${one ? 'it' : 'them'} is void.`,
      `Reason given: ${reason}`,
    ],
    action: { label: 'See your trips', url },
  });
}

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

    const tripNumbersOf = new Map<string, string[]>();
    for (const { trip, side } of locked) {
      for (const companyId of companiesToTell(side, trip)) {
        tripNumbersOf.set(companyId, [...(tripNumbersOf.get(companyId) ?? []), trip.tripNumber]);
      }
    }
    const cancelledBy =
      principal.role === 'role_admin'
        ? 'A Freightlane admin'
        : ((await findCompany(tx, principal.companyId))?.name ?? 'The other party');
    for (const user of await listActiveUsersOfCompanies(tx, [...tripNumbersOf.keys()])) {
      const mail = tripsCancelledEmail(
        user.firstName,
        { tripNumbers: tripNumbersOf.get(user.companyId) ?? [], cancelledBy, reason: input.reason },
        `${ctx.env.appUrl}/trips`,
      );
      await ctx.jobs.enqueue(tx, MAIL_JOB, { to: user.email, ...mail });
    }
  });
  ctx.jobs.kick();
  return { cancelled: input.tripIds };
}
