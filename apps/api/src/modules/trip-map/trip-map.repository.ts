import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trips, truckLatestPositions, trucks } from '../../db/schema';
import {
  hasOpenIssueSql,
  ongoingTripSql,
  tripScopeSql,
  type TripScope,
} from '../../queries/trip-scope.repository';

/**
 * A map shows at most this many trucks: the biggest fleets we serve have a few thousand on the road at
 * once; one with more filters the trip list instead.
 */
export const MAX_MAP_TRIPS = 5000;

/**
 * The ongoing trips the caller may see (ongoingTripSql, as the trips list's Ongoing tab), the most recently
 * moved first: only what a marker and its card show, in the order of the trips list's indexes, so the newest
 * few thousand are read off the index.
 */
export async function ongoingTripsOnMap(db: Executor, scope: TripScope) {
  return db
    .select({
      trip: {
        id: trips.id,
        tripNumber: trips.tripNumber,
        cargoType: trips.cargoType,
        latestStatus: trips.latestStatus,
        latestStatusAt: trips.latestStatusAt,
        completed: trips.completed,
        cancelledAt: trips.cancelledAt,
        pickupTerminalId: trips.pickupTerminalId,
        pickupAddress: trips.pickupAddress,
        recipientTerminalId: trips.recipientTerminalId,
        recipientAddress: trips.recipientAddress,
        currentLocation: trips.currentLocation,
      },
      truckRegistrationNumber: trucks.registrationNumber,
      position: {
        latitude: truckLatestPositions.latitude,
        longitude: truckLatestPositions.longitude,
        recordedAt: truckLatestPositions.recordedAt,
        speedKmh: truckLatestPositions.speedKmh,
        heading: truckLatestPositions.heading,
      },
      hasOpenIssue: hasOpenIssueSql(),
    })
    .from(trips)
    .leftJoin(trucks, eq(trucks.id, trips.truckId))
    .leftJoin(truckLatestPositions, eq(truckLatestPositions.truckId, trips.truckId))
    .where(and(tripScopeSql(scope), ongoingTripSql()))
    .orderBy(sql`${trips.latestStatusAt} DESC NULLS LAST`, desc(trips.createdAt), desc(trips.tripNumber))
    .limit(MAX_MAP_TRIPS);
}
