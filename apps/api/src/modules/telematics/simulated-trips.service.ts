import { geofenceOf } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import type { SimulatedTrip } from './providers/simulator';
import { linkedDevicesOfCredential } from './tracking-credential.repository';
import { liveTripsOfTrucks } from './trip-watch.repository';

/**
 * The live trips the simulator's trackers follow: for each device linked to a truck on a live trip
 * whose two ends have geofences, the centres of its pickup and delivery and its latest step, with the
 * time the truck set out on it (or the tracker was put on the truck, if later).
 */
export async function simulatedTripsOf(
  db: Executor,
  credentialId: string,
): Promise<Map<string, SimulatedTrip>> {
  const devices = await linkedDevicesOfCredential(db, credentialId);
  const live = await liveTripsOfTrucks(
    db,
    devices.flatMap((d) => (d.truckId ? [d.truckId] : [])),
  );
  const trips = new Map<string, SimulatedTrip>();
  for (const device of devices) {
    const trip = live.find((e) => e.truckId === device.truckId);
    if (!trip?.latestStatus || !trip.latestStatusAt) continue;
    const pickup = geofenceOf(trip.pickupTerminal, trip.pickupAddress, 0);
    const delivery = geofenceOf(trip.recipientTerminal, trip.recipientAddress, 0);
    if (pickup && delivery) {
      trips.set(device.externalId, {
        pickup: pickup.center,
        delivery: delivery.center,
        status: trip.latestStatus,
        // A tracker put on a truck under way reports from then on, not from where the step began.
        since: new Date(Math.max(trip.latestStatusAt.getTime(), device.linkedAt?.getTime() ?? 0)),
      });
    }
  }
  return trips;
}
