import { tripSideOf, type NoteSide } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { findConsignment } from './trip-consignment.repository';
import { findTrip, type TripRecord } from './trip.repository';

export type { TripRecord } from './trip.repository';

/**
 * A trip's driver acting through the private phone link. A driver has no user account, so there is no
 * Principal: the driver acts on the transporter's side, for the transporter's company, and only on the trip
 * the driver is assigned to. `userId` is null so the audit row has no user; `driverId` names the driver.
 */
export interface DriverActor {
  driverId: string;
  companyId: string;
  userId: null;
}

/** Who changes a trip: a signed-in user, or the trip's driver from the phone link. */
export type TripActor = Principal | DriverActor;

export function isDriverActor(actor: TripActor): actor is DriverActor {
  return 'driverId' in actor;
}

/**
 * Which side of a trip the caller is on; null when the trip is none of the caller's business. A user's
 * side is the domain's rule (tripSideOf); a driver is on the transporter's side of the one trip they drive.
 */
export function sideOf(principal: TripActor, trip: TripRecord): NoteSide | null {
  if (isDriverActor(principal)) {
    const drivesIt =
      trip.driverId === principal.driverId && trip.transporterCompanyId === principal.companyId;
    return drivesIt ? 'TRANSPORTER' : null;
  }
  return tripSideOf(principal, trip);
}

export interface TripAccessOptions {
  /** Locks the trip row for the rest of the transaction. */
  forUpdate?: boolean;
  /**
   * What a 404 names. A trip reached through its consignment, issue or document answers as that thing
   * not found, so the answer says nothing about another company's trip.
   */
  notFoundAs?: string;
}

/**
 * The trip when the caller is one of its parties (or an admin); 404 otherwise, so another company cannot
 * learn that the id exists. `forUpdate` locks the row for the rest of the transaction: every change to a
 * trip takes this lock first, which is what keeps racing changes from skipping or repeating a step.
 */
export async function loadTripFor(
  db: Executor,
  principal: TripActor,
  tripId: string,
  options: TripAccessOptions = {},
): Promise<{ trip: TripRecord; side: NoteSide }> {
  const trip = await findTrip(db, tripId, options);
  const side = trip ? sideOf(principal, trip) : null;
  if (!trip || !side) throw notFound(options.notFoundAs ?? 'Trip');
  return { trip, side };
}

/**
 * The trip, locked, for the trip watch acting on the truck's reports for the trip's transporter: the one
 * caller without a principal. Null when the trip is gone.
 */
export async function loadTripForTracking(tx: Executor, tripId: string): Promise<TripRecord | null> {
  return findTrip(tx, tripId, { forUpdate: true });
}

/**
 * The trip a consignment belongs to, locked, when the caller is one of its parties; 404 "Consignment not
 * found" otherwise, so the answer says nothing about another company's consignments.
 */
export async function loadConsignmentTripFor(tx: Executor, principal: Principal, consignmentId: string) {
  const consignment = await findConsignment(tx, consignmentId);
  if (!consignment) throw notFound('Consignment');
  const { trip, side } = await loadTripFor(tx, principal, consignment.tripId, {
    forUpdate: true,
    notFoundAs: 'Consignment',
  });
  return { consignment, trip, side };
}

/** Cancelled trips take no further change. */
export function assertNotCancelled(trip: TripRecord): void {
  if (trip.cancelledAt) throw new AppError('CONFLICT', 'This trip was cancelled; it takes no further change');
}
