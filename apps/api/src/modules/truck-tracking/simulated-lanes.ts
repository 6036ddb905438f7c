import { geofenceOf, type LatLon } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { linkedDevicesOfCredential } from './tracking-credential.repository';
import { liveTripEndsOfTrucks } from './trip-watch.repository';

/**
 * The lanes the simulator's trackers drive: for each device linked to a truck on a live trip whose two
 * ends have geofences, from the pickup's centre to the delivery's.
 */
export async function simulatedLanesOf(db: Executor, credentialId: string): Promise<Map<string, LatLon[]>> {
  const devices = await linkedDevicesOfCredential(db, credentialId);
  const ends = await liveTripEndsOfTrucks(
    db,
    devices.flatMap((d) => (d.truckId ? [d.truckId] : [])),
  );
  const lanes = new Map<string, LatLon[]>();
  for (const device of devices) {
    const trip = ends.find((e) => e.truckId === device.truckId);
    if (!trip) continue;
    const pickup = geofenceOf(trip.pickupTerminal, trip.pickupAddress, 0);
    const delivery = geofenceOf(trip.recipientTerminal, trip.recipientAddress, 0);
    if (pickup && delivery) lanes.set(device.externalId, [pickup.center, delivery.center]);
  }
  return lanes;
}
