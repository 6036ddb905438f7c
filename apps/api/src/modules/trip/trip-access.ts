import { eq } from 'drizzle-orm';
import type { NoteSide } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { trips } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';

export type TripRecord = typeof trips.$inferSelect;

/** Which side of a trip the caller is on; null when the trip is none of the caller's business. */
export function sideOf(principal: Principal, trip: TripRecord): NoteSide | null {
  if (principal.role === 'role_admin') return 'ADMIN';
  if (principal.role === 'role_customer') {
    return trip.customerCompanyId === principal.companyId ? 'CUSTOMER' : null;
  }
  return trip.transporterCompanyId === principal.companyId ? 'TRANSPORTER' : null;
}

/**
 * The trip when the caller is one of its parties (or an admin); 404 otherwise, so another company cannot
 * learn that the id exists. `forUpdate` locks the row for the rest of the transaction: every change to a
 * trip takes this lock first, which is what keeps racing changes from skipping or repeating a step.
 */
export async function loadTripFor(
  db: Executor,
  principal: Principal,
  tripId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ trip: TripRecord; side: NoteSide }> {
  const query = db.select().from(trips).where(eq(trips.id, tripId)).limit(1);
  const [trip] = options.forUpdate ? await query.for('update') : await query;
  const side = trip ? sideOf(principal, trip) : null;
  if (!trip || !side) throw notFound('Trip');
  return { trip, side };
}

/** Cancelled trips take no further change. */
export function assertNotCancelled(trip: TripRecord): void {
  if (trip.cancelledAt) throw new AppError('CONFLICT', 'This trip was cancelled; it takes no further change');
}

/** The transporter side runs the trip; the customer follows it. */
export function assertRunsTrip(side: NoteSide, action: string): void {
  if (side === 'CUSTOMER') throw new AppError('FORBIDDEN', `Only the transporter can ${action}`);
}
