import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tripIssues, trips, truckLatestPositions, trucks } from '../../db/schema';
import { liveTripSql, tripScopeSql, type TripScope } from '../../queries/trip-scope.repository';

/** A map shows at most this many trucks; a fleet owner with more filters the trip list instead. */
export const MAX_MAP_TRIPS = 500;

/** Started live trips the caller may see, the most recently moved first. */
export async function liveTripsOnMap(db: Executor, scope: TripScope) {
  return db
    .select({
      trip: trips,
      truckRegistrationNumber: trucks.registrationNumber,
      position: {
        latitude: truckLatestPositions.latitude,
        longitude: truckLatestPositions.longitude,
        recordedAt: truckLatestPositions.recordedAt,
        speedKmh: truckLatestPositions.speedKmh,
        heading: truckLatestPositions.heading,
      },
      hasOpenIssue: sql<boolean>`EXISTS (SELECT 1 FROM ${tripIssues} WHERE ${tripIssues.tripId} = ${trips.id} AND ${tripIssues.status} = 'OPEN')`,
    })
    .from(trips)
    .leftJoin(trucks, eq(trucks.id, trips.truckId))
    .leftJoin(truckLatestPositions, eq(truckLatestPositions.truckId, trips.truckId))
    .where(and(tripScopeSql(scope), isNotNull(trips.latestStatus), liveTripSql()))
    .orderBy(desc(trips.latestStatusAt), desc(trips.tripNumber))
    .limit(MAX_MAP_TRIPS);
}
