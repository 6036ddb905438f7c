import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { routeSpanColumns } from './position-history.repository';
import { positionsInSpan } from './truck-position.repository';
import {
  driverActions,
  driverPhoneLinks,
  drivers,
  tripRoutes,
  tripRoutesPending,
  trips,
  truckPositions,
} from '../../db/schema';

/** The trips a driver drove (is the trip's driver of), oldest first, with what bounds each one's route. */
export async function tripsDrivenBy(db: Executor, driverId: string) {
  return db
    .select({
      id: trips.id,
      tripNumber: trips.tripNumber,
      latestStatus: trips.latestStatus,
      ...routeSpanColumns(),
    })
    .from(trips)
    .where(eq(trips.driverId, driverId))
    .orderBy(asc(trips.createdAt), asc(trips.id));
}

/** What the driver's record holds beyond the fleet page's fields. */
export async function driverRecordExtras(db: Executor, driverId: string) {
  const [row] = await db
    .select({ phoneVerifiedAt: drivers.phoneVerifiedAt, ussdPinSetAt: drivers.ussdPinSetAt })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  return row ?? { phoneVerifiedAt: null, ussdPinSetAt: null };
}

/** The driver's reports from their phone or USSD, oldest first, with their trip's number. */
export async function actionsOfDriver(db: Executor, driverId: string) {
  return db
    .select({ tripNumber: trips.tripNumber, action: driverActions.action, at: driverActions.createdAt })
    .from(driverActions)
    .innerJoin(trips, eq(trips.id, driverActions.tripId))
    .where(eq(driverActions.driverId, driverId))
    .orderBy(asc(driverActions.createdAt));
}

/** Deletes a truck's positions in a span; returns how many. */
export async function deletePositionsInSpan(
  db: Executor,
  truckId: string,
  from: Date,
  until: Date,
): Promise<number> {
  const rows = await db
    .delete(truckPositions)
    .where(positionsInSpan(truckId, from, until))
    .returning({ at: truckPositions.recordedAt });
  return rows.length;
}

/**
 * Empties the kept routes of the trips and takes them off the keeper's list: where the truck went is
 * erased, the length the reports use stays. Returns the trips whose kept route had points.
 */
export async function eraseKeptRoutes(db: Executor, tripIds: string[]): Promise<string[]> {
  if (tripIds.length === 0) return [];
  await db.delete(tripRoutesPending).where(inArray(tripRoutesPending.tripId, tripIds));
  const rows = await db
    .update(tripRoutes)
    .set({ points: [], keptAt: sql`now()` })
    .where(and(inArray(tripRoutes.tripId, tripIds), sql`jsonb_array_length(${tripRoutes.points}) > 0`))
    .returning({ tripId: tripRoutes.tripId });
  return rows.map((r) => r.tripId);
}

/** The phone link forgets when it last sent a position. */
export async function forgetLastPhonePosition(db: Executor, driverId: string): Promise<void> {
  await db
    .update(driverPhoneLinks)
    .set({ lastPositionAt: null })
    .where(eq(driverPhoneLinks.driverId, driverId));
}
