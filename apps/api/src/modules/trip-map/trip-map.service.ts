import { tripScopeOf, toTripLocation, tripMapResponse, type TripMapItem } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { EVERY_COMPANY } from '../../plugins/company-answers';
import type { Principal } from '../../plugins/auth';
import { terminalsOfTripRows, tripCourseOf } from '../trip';
import { answerOf, type MapAnswer } from './trip-map-cache';
import { ongoingTripsOnMap } from './trip-map.repository';

/**
 * The caller's ongoing trips on the map as JSON text, shared by everyone of the same company for a few
 * seconds (MAP_CACHE_SECONDS).
 */
export async function tripMapFor(
  ctx: Pick<AppContext, 'replica' | 'tripMaps'>,
  principal: Principal,
  query: { sabiPort: boolean; bargeTrip: boolean },
): Promise<MapAnswer> {
  // Every trip the platform carries is a road trip booked on it: none came by barge or a port call-up.
  if (query.sabiPort || query.bargeTrip) return answerOf('[]');
  const scope = tripScopeOf(principal);
  const key = scope.side === 'all' ? 'all' : `${scope.side}:${scope.companyId}`;
  // The documented shape exactly (the contract's parse drops what it does not name), checked once per build
  // rather than once per viewer.
  // From the read replica when it holds the company's every change (plugins/replica-reads.ts).
  const owner = scope.side === 'all' ? EVERY_COMPANY : scope.companyId;
  return ctx.tripMaps.answer(key, async () =>
    JSON.stringify(tripMapResponse.parse(await ctx.replica.read(owner, (db) => buildMap(db, principal)))),
  );
}

async function buildMap(db: Db, principal: Principal): Promise<TripMapItem[]> {
  const rows = await ongoingTripsOnMap(db, tripScopeOf(principal));
  const terminalsById = await terminalsOfTripRows(db, rows);
  return rows.map(({ trip, truckRegistrationNumber, position, hasOpenIssue }) => {
    const { pickup, recipient, latestTripStatus } = tripCourseOf(trip, terminalsById);
    return {
      id: trip.id,
      tripNumber: trip.tripNumber,
      cargoType: trip.cargoType,
      latestTripStatus,
      pickup,
      recipient,
      currentLocation: toTripLocation(trip.currentLocation),
      truckRegistrationNumber,
      position: position?.recordedAt ? { ...position, recordedAt: position.recordedAt.toISOString() } : null,
      hasOpenIssue,
    };
  });
}
