import type { LatLon } from './geo';

/** The most points a completed trip keeps of its route once its raw positions are dropped (issue 34). */
export const KEPT_ROUTE_POINTS = 500;

/**
 * A kept route's point, compact because a national platform keeps one route per finished trip for
 * years: latitude and longitude to 5 decimals (about a metre), the time in whole epoch seconds, the
 * speed in km/h and the heading in degrees when the position had them.
 */
export type KeptRoutePoint = [
  latitude: number,
  longitude: number,
  atSeconds: number,
  speedKmh: number | null,
  heading: number | null,
];

/** A position as the route map draws it. */
export interface RoutePosition extends LatLon {
  recordedAt: Date;
  speedKmh: number | null;
  heading: number | null;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const roundOrNull = (value: number | null) => (value === null ? null : round(value, 1));

export function toKeptPoint(p: RoutePosition): KeptRoutePoint {
  return [
    round(p.latitude, 5),
    round(p.longitude, 5),
    Math.round(p.recordedAt.getTime() / 1000),
    roundOrNull(p.speedKmh),
    roundOrNull(p.heading),
  ];
}

export function fromKeptPoint([
  latitude,
  longitude,
  atSeconds,
  speedKmh,
  heading,
]: KeptRoutePoint): RoutePosition {
  return { latitude, longitude, recordedAt: new Date(atSeconds * 1000), speedKmh, heading };
}

const KM_PER_DEGREE = 111.32;

/** Twice the area in km² of the triangle a–b–c, on a flat projection around b. */
function doubleAreaKm2(a: LatLon, b: LatLon, c: LatLon): number {
  const kmPerDegLon = KM_PER_DEGREE * Math.cos((b.latitude * Math.PI) / 180);
  const ax = (a.longitude - b.longitude) * kmPerDegLon;
  const ay = (a.latitude - b.latitude) * KM_PER_DEGREE;
  const cx = (c.longitude - b.longitude) * kmPerDegLon;
  const cy = (c.latitude - b.latitude) * KM_PER_DEGREE;
  return Math.abs(ax * cy - ay * cx);
}

/** A binary min-heap of point indexes by their current area; stale entries are skipped when popped. */
class AreaHeap {
  private readonly items: { index: number; area: number }[] = [];

  push(index: number, area: number): void {
    const items = this.items;
    items.push({ index, area });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.area <= items[i]!.area) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }

  pop(): { index: number; area: number } | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < items.length && items[left]!.area < items[smallest]!.area) smallest = left;
        if (right < items.length && items[right]!.area < items[smallest]!.area) smallest = right;
        if (smallest === i) break;
        [items[smallest], items[i]] = [items[i]!, items[smallest]!];
        i = smallest;
      }
    }
    return top;
  }
}

/**
 * A route cut down to at most `maxPoints` of its own points, its shape kept (Visvalingam–Whyatt): the
 * point that adds the least area with its two neighbours goes first, again and again, so straight stretches
 * lose their points and bends keep theirs. The first and last points always stay, and the points kept
 * are the recorded ones, in their order, times and all.
 */
export function simplifyRoute<T extends LatLon>(points: readonly T[], maxPoints = KEPT_ROUTE_POINTS): T[] {
  if (maxPoints < 2) throw new Error('A route keeps at least its two ends');
  if (points.length <= maxPoints) return [...points];
  const n = points.length;
  const previous = Array.from({ length: n }, (_, i) => i - 1);
  const next = Array.from({ length: n }, (_, i) => i + 1);
  const area = new Float64Array(n).fill(Infinity);
  const heap = new AreaHeap();
  for (let i = 1; i < n - 1; i++) {
    area[i] = doubleAreaKm2(points[i - 1]!, points[i]!, points[i + 1]!);
    heap.push(i, area[i]!);
  }
  const removed = new Uint8Array(n);
  let left = n;
  let floor = 0;
  while (left > maxPoints) {
    const top = heap.pop();
    if (!top) break;
    const { index } = top;
    if (removed[index] || top.area !== area[index]) continue;
    removed[index] = 1;
    left -= 1;
    // A neighbour's area never falls below the one just removed: removing it must not pull an earlier,
    // more important point out ahead of its turn.
    floor = Math.max(floor, top.area);
    const before = previous[index]!;
    const after = next[index]!;
    next[before] = after;
    previous[after] = before;
    for (const neighbour of [before, after]) {
      if (neighbour <= 0 || neighbour >= n - 1) continue;
      area[neighbour] = Math.max(
        floor,
        doubleAreaKm2(points[previous[neighbour]!]!, points[neighbour]!, points[next[neighbour]!]!),
      );
      heap.push(neighbour, area[neighbour]!);
    }
  }
  return points.filter((_, i) => !removed[i]);
}
