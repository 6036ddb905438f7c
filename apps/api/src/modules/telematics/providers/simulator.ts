import { pathLengthKm, pointAlong, type LatLon, type TripStatus } from '@freightlane/domain';
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
/** The tracker whose truck strays off its lane once loaded, so the demo shows a diversion alarm. */
export const STRAYING_DEVICE = 'SIM-005';
/**
 * How far off the lane's middle the straying truck goes: beyond the widest corridor a transporter can
 * set (25 km either side), so the diversion is seen whatever the settings.
 */
export const DETOUR_KM = 30;

/** A simulated tracker's truck on a live trip: the trip's two ends, its step, and since when. */
export interface SimulatedTrip {
  pickup: LatLon;
  delivery: LatLon;
  status: TripStatus;
  since: Date;
}

/** The live trips of the simulated trackers' trucks, by device. */
export type SimulatedTrips = (externalDeviceIds: string[]) => Promise<Map<string, SimulatedTrip>>;

export interface SimulatorOptions {
  now?: () => Date;
  speedKmh?: number;
  /** Where trackers without a live trip drive, there and back. */
  corridor?: readonly LatLon[];
  trips?: SimulatedTrips;
}

const KM_PER_DEGREE = 111.32;

/** The point DETOUR_KM to the left of the middle of the road from `from` to `to`. */
export function detourPoint(from: LatLon, to: LatLon): LatLon {
  const latitude = (from.latitude + to.latitude) / 2;
  const lonKm = KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180);
  const east = (to.longitude - from.longitude) * lonKm;
  const north = (to.latitude - from.latitude) * KM_PER_DEGREE;
  const length = Math.hypot(east, north);
  // Left of the direction of travel; due west when the two ends are one place.
  const [leftEast, leftNorth] = length === 0 ? [-1, 0] : [-north / length, east / length];
  return {
    latitude: latitude + (leftNorth * DETOUR_KM) / KM_PER_DEGREE,
    longitude: (from.longitude + to.longitude) / 2 + (leftEast * DETOUR_KM) / lonKm,
  };
}

/**
 * The road a truck is on at its trip's step: to the pickup once started (from the delivery end, where
 * its last job left it), waiting there until loaded, then to the delivery, where it waits. `since` is
 * when it set out on the road; null while it waits.
 */
function legOf(trip: SimulatedTrip, straying: boolean): { path: LatLon[]; since: Date | null } {
  const { pickup, delivery } = trip;
  switch (trip.status) {
    case 'STARTED':
      return { path: [delivery, pickup], since: trip.since };
    case 'AT_PICKUP_LOCATION':
    case 'AT_WAREHOUSE_LOCATION':
      return { path: [pickup], since: null };
    case 'LOADED':
      return {
        path: straying ? [pickup, detourPoint(pickup, delivery), delivery] : [pickup, delivery],
        since: trip.since,
      };
    default:
      return { path: [delivery], since: null };
  }
}

/**
 * A provider that needs no hardware: five simulated trackers whose positions are worked out from the
 * clock. A tracker whose truck is on a live trip follows the trip's steps: it drives to the pickup once
 * the trip is started, waits there until loaded, then drives to the delivery, so the trip's geofences
 * see it arrive; SIM-005 strays off its lane on the way. Any other tracker drives the Apapa–Ibadan
 * corridor and back. The demo seed links them to demo trucks so the map moves on a fresh install.
 */
export class SimulatorProvider implements TrackingProvider {
  private readonly now: () => Date;
  private readonly speedKmh: number;
  private readonly corridor: readonly LatLon[];
  private readonly trips: SimulatedTrips;

  constructor(options: SimulatorOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.speedKmh = options.speedKmh ?? 40;
    this.corridor = options.corridor ?? APAPA_TO_IBADAN;
    this.trips = options.trips ?? (async () => new Map());
  }

  async check(): Promise<void> {}

  async devices(): Promise<ProviderDevice[]> {
    return Array.from({ length: SIMULATED_DEVICE_COUNT }, (_, i) => {
      const externalId = `SIM-${String(i + 1).padStart(3, '0')}`;
      return {
        externalId,
        name: `Simulated tracker ${i + 1}${externalId === STRAYING_DEVICE ? ' (strays off its lane)' : ''}`,
        uniqueId: `86${String(i + 1).padStart(13, '0')}`,
      };
    });
  }

  async latestPositions(): Promise<ProviderPosition[]> {
    const now = this.now();
    // Whole seconds, so two polls within a second report the same fix, as a real tracker would.
    const recordedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const kmIn = (ms: number) => (Math.max(0, ms) / 3_600_000) * this.speedKmh;
    const devices = await this.devices();
    const trips = await this.trips(devices.map((d) => d.externalId));
    return devices.map((device, i) => {
      const trip = trips.get(device.externalId);
      let point: LatLon & { heading: number };
      let moving: boolean;
      if (trip) {
        const leg = legOf(trip, device.externalId === STRAYING_DEVICE);
        const along = leg.since ? kmIn(recordedAt.getTime() - leg.since.getTime()) : 0;
        const length = pathLengthKm(leg.path);
        point = pointAlong(leg.path, along);
        moving = leg.since !== null && along < length;
      } else {
        // Each free tracker starts at a different point of the corridor's round trip.
        const length = pathLengthKm(this.corridor);
        const lap = 2 * length;
        const along = lap === 0 ? 0 : (kmIn(recordedAt.getTime()) + (i * lap) / SIMULATED_DEVICE_COUNT) % lap;
        const outbound = along <= length;
        const path = outbound ? this.corridor : [...this.corridor].reverse();
        point = pointAlong(path, outbound ? along : along - length);
        moving = lap > 0;
      }
      return {
        externalDeviceId: device.externalId,
        recordedAt,
        latitude: Math.round(point.latitude * 1e6) / 1e6,
        longitude: Math.round(point.longitude * 1e6) / 1e6,
        speedKmh: moving ? this.speedKmh : 0,
        heading: point.heading,
        accuracyM: 5,
        address: null,
      };
    });
  }
}
