import { pathLengthKm, pointAlong, type LatLon } from '@freightlane/domain';
import type { ProviderDevice, ProviderPosition, TrackingProvider } from './provider';

/**
 * The haulage corridor from the Apapa port through the Apapa–Oshodi and Lagos–Ibadan expressways to
 * Ibadan, as waypoints at the main junctions.
 */
export const APAPA_TO_IBADAN: readonly LatLon[] = [
  { latitude: 6.444, longitude: 3.368 }, // Apapa wharf
  { latitude: 6.468, longitude: 3.373 }, // Ijora
  { latitude: 6.489, longitude: 3.346 }, // Orile
  { latitude: 6.517, longitude: 3.339 }, // Cele
  { latitude: 6.555, longitude: 3.343 }, // Oshodi
  { latitude: 6.566, longitude: 3.37 }, // Anthony
  { latitude: 6.587, longitude: 3.38 }, // Ojota
  { latitude: 6.638, longitude: 3.378 }, // Berger
  { latitude: 6.7, longitude: 3.41 }, // Mowe
  { latitude: 6.845, longitude: 3.645 }, // Sagamu interchange
  { latitude: 7.03, longitude: 3.73 }, // Ogunmakin
  { latitude: 7.297, longitude: 3.88 }, // Ibadan toll gate
  { latitude: 7.3775, longitude: 3.947 }, // Ibadan
];

export const SIMULATED_DEVICE_COUNT = 5;
const SPEED_KMH = 40;

/** The lane each simulated tracker's truck is on now (its trip's pickup and delivery), by device. */
export type SimulatedLanes = (externalDeviceIds: string[]) => Promise<Map<string, readonly LatLon[]>>;

/**
 * A provider that needs no hardware: five simulated trackers drive at 40 km/h, their positions worked
 * out from the clock. A tracker whose truck is on a live trip drives that trip's lane, from the pickup to
 * the delivery and back, so its geofences see the truck arrive; any other drives the Apapa–Ibadan
 * corridor and back. Each starts at a different point. The demo seed links them to demo trucks so the
 * map moves on a fresh install.
 */
export class SimulatorProvider implements TrackingProvider {
  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly route: readonly LatLon[] = APAPA_TO_IBADAN,
    private readonly lanes: SimulatedLanes = async () => new Map(),
  ) {}

  async check(): Promise<void> {}

  async devices(): Promise<ProviderDevice[]> {
    return Array.from({ length: SIMULATED_DEVICE_COUNT }, (_, i) => ({
      externalId: `SIM-${String(i + 1).padStart(3, '0')}`,
      name: `Simulated tracker ${i + 1}`,
      uniqueId: `86${String(i + 1).padStart(13, '0')}`,
    }));
  }

  async latestPositions(): Promise<ProviderPosition[]> {
    const now = this.now();
    // Whole seconds, so two polls within a second report the same fix, as a real tracker would.
    const recordedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const travelled = (recordedAt.getTime() / 3_600_000) * SPEED_KMH;
    const devices = await this.devices();
    const lanes = await this.lanes(devices.map((d) => d.externalId));
    return devices.map((device, i) => {
      const route = lanes.get(device.externalId) ?? this.route;
      const length = pathLengthKm(route);
      const lap = 2 * length;
      const along = lap === 0 ? 0 : (travelled + (i * lap) / SIMULATED_DEVICE_COUNT) % lap;
      const outbound = along <= length;
      const path = outbound ? route : [...route].reverse();
      const point = pointAlong(path, outbound ? along : along - length);
      return {
        externalDeviceId: device.externalId,
        recordedAt,
        latitude: Math.round(point.latitude * 1e6) / 1e6,
        longitude: Math.round(point.longitude * 1e6) / 1e6,
        speedKmh: SPEED_KMH,
        heading: point.heading,
        accuracyM: 5,
        address: null,
      };
    });
  }
}
