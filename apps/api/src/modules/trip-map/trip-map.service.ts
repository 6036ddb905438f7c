import { toTripLocation, type TripMapItem } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { terminalsOfTripRows, tripCourseOf, tripScopeOf } from '../trip/trip.service';
import { liveTripsOnMap } from './trip-map.repository';

export async function tripMapFor(
  ctx: AppContext,
  principal: Principal,
  query: { sabiPort: boolean; bargeTrip: boolean },
): Promise<TripMapItem[]> {
  // Every trip the platform carries is a road trip booked on it: none came by barge or a port call-up.
  if (query.sabiPort || query.bargeTrip) return [];
  const rows = await liveTripsOnMap(ctx.db, tripScopeOf(principal));
  const terminalsById = await terminalsOfTripRows(ctx.db, rows);
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
