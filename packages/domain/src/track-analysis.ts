import { distanceKm, distanceToPathKm, type LatLon } from './geo';
import { lagosHour } from './lagos-time';

/** A recorded position of a truck. */
export interface TrackPoint extends LatLon {
  at: Date;
}

/** Whether `point` is within `radiusKm` of `center`. */
export function insideGeofence(point: LatLon, center: LatLon, radiusKm: number): boolean {
  return distanceKm(point, center) <= radiusKm;
}

/** A stop: the truck stayed within a small circle from `from` to `to`. */
export interface Stop {
  from: Date;
  to: Date;
  center: LatLon;
  minutes: number;
}

/**
 * The stops of a track (positions oldest first): runs of positions that stay within `radiusKm` of the
 * run's first position for at least `minMinutes`. GPS drift of a parked truck stays inside the radius; a
 * truck crawling in a queue leaves it within minutes.
 */
export function findStops(track: readonly TrackPoint[], minMinutes: number, radiusKm = 0.3): Stop[] {
  const stops: Stop[] = [];
  let start = 0;
  const close = (end: number) => {
    const first = track[start]!;
    const last = track[end]!;
    const minutes = (last.at.getTime() - first.at.getTime()) / 60_000;
    if (minutes >= minMinutes) {
      stops.push({
        from: first.at,
        to: last.at,
        center: { latitude: first.latitude, longitude: first.longitude },
        minutes,
      });
    }
  };
  for (let i = 1; i < track.length; i++) {
    if (distanceKm(track[start]!, track[i]!) > radiusKm) {
      if (i - 1 > start) close(i - 1);
      start = i;
    }
  }
  if (track.length > 1 && track.length - 1 > start) close(track.length - 1);
  return stops;
}

/**
 * The corridor of a lane: the straight line from pickup to delivery, bent through the routes trucks took
 * on the same lane before (each past route's points count as part of the corridor), with a buffer on
 * either side.
 */
export interface Corridor {
  line: readonly LatLon[];
  pastRoutes: readonly (readonly LatLon[])[];
  bufferKm: number;
}

/** How far a point is from its lane's corridor (0 when inside the buffer). */
export function kmOutsideCorridor(point: LatLon, corridor: Corridor): number {
  let nearest = distanceToPathKm(point, corridor.line);
  for (const route of corridor.pastRoutes) {
    if (route.length > 0) nearest = Math.min(nearest, distanceToPathKm(point, route));
  }
  return Math.max(0, nearest - corridor.bufferKm);
}

/** The buffer of a lane: a tenth of its length, at least `minKm` (city lanes) and at most `maxKm`. */
export function corridorBufferKm(pickup: LatLon, delivery: LatLon, minKm = 5, maxKm = 25): number {
  return Math.min(maxKm, Math.max(minKm, distanceKm(pickup, delivery) / 10));
}

/** Whether a moment falls in the Lagos night hours [fromHour, toHour), across midnight when from > to. */
export function isLagosNight(at: Date, fromHour: number, toHour: number): boolean {
  const hour = lagosHour(at);
  return fromHour <= toHour ? hour >= fromHour && hour < toHour : hour >= fromHour || hour < toHour;
}

/** Whether the truck moved between two positions (more than `minKm`, GPS drift aside). */
export function moved(a: LatLon, b: LatLon, minKm = 0.3): boolean {
  return distanceKm(a, b) > minKm;
}

/**
 * An ETA range from the durations of past trips on the same lane: the typical (median) and the worst
 * (90th percentile) remaining time, counted from when this trip set off. Null without enough history.
 */
export function etaRange(
  pastDurationsMinutes: readonly number[],
  setOffAt: Date,
  minTrips = 3,
): { typical: Date; worst: Date } | null {
  if (pastDurationsMinutes.length < minTrips) return null;
  const sorted = [...pastDurationsMinutes].sort((a, b) => a - b);
  // Linear interpolation between the two nearest past trips (the usual percentile definition).
  const at = (q: number) => {
    const rank = q * (sorted.length - 1);
    const low = Math.floor(rank);
    const high = Math.min(sorted.length - 1, low + 1);
    return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
  };
  const plus = (minutes: number) => new Date(setOffAt.getTime() + minutes * 60_000);
  return { typical: plus(at(0.5)), worst: plus(at(0.9)) };
}
