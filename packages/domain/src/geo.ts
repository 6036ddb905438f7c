/** A point on the earth, in decimal degrees (WGS 84). */
export interface LatLon {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of a path in kilometres. */
export function pathLengthKm(path: readonly LatLon[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += distanceKm(path[i - 1]!, path[i]!);
  return total;
}

/**
 * The point `km` kilometres along a path (clamped to its ends), with the heading of the leg it is on
 * in degrees from north. Legs are short enough in Nigeria's road scale to interpolate linearly.
 */
export function pointAlong(path: readonly LatLon[], km: number): LatLon & { heading: number } {
  if (path.length === 0) throw new Error('An empty path has no points');
  let left = Math.max(0, km);
  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1]!;
    const to = path[i]!;
    const leg = distanceKm(from, to);
    if (left <= leg || i === path.length - 1) {
      const share = leg === 0 ? 1 : Math.min(1, left / leg);
      return {
        latitude: from.latitude + (to.latitude - from.latitude) * share,
        longitude: from.longitude + (to.longitude - from.longitude) * share,
        heading: headingDegrees(from, to),
      };
    }
    left -= leg;
  }
  return { ...path[0]!, heading: 0 };
}

/** Initial bearing from `a` to `b`, 0–360 degrees from north. */
export function headingDegrees(a: LatLon, b: LatLon): number {
  const y = Math.sin(rad(b.longitude - a.longitude)) * Math.cos(rad(b.latitude));
  const x =
    Math.cos(rad(a.latitude)) * Math.sin(rad(b.latitude)) -
    Math.sin(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.cos(rad(b.longitude - a.longitude));
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360);
}

/**
 * Shortest distance in kilometres from `p` to the segment `a`–`b`, on a local flat projection around
 * `p` (exact enough for the few hundred kilometres of a Nigerian haulage leg).
 */
export function distanceToSegmentKm(p: LatLon, a: LatLon, b: LatLon): number {
  const kmPerDegLat = 111.32;
  const kmPerDegLon = 111.32 * Math.cos(rad(p.latitude));
  const ax = (a.longitude - p.longitude) * kmPerDegLon;
  const ay = (a.latitude - p.latitude) * kmPerDegLat;
  const bx = (b.longitude - p.longitude) * kmPerDegLon;
  const by = (b.latitude - p.latitude) * kmPerDegLat;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** Shortest distance in kilometres from `p` to a path. */
export function distanceToPathKm(p: LatLon, path: readonly LatLon[]): number {
  if (path.length === 1) return distanceKm(p, path[0]!);
  let best = Infinity;
  for (let i = 1; i < path.length; i++) best = Math.min(best, distanceToSegmentKm(p, path[i - 1]!, path[i]!));
  return best;
}

export function isValidLatLon(p: LatLon): boolean {
  return (
    Number.isFinite(p.latitude) &&
    Number.isFinite(p.longitude) &&
    Math.abs(p.latitude) <= 90 &&
    Math.abs(p.longitude) <= 180
  );
}
