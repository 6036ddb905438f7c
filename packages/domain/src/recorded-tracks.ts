/**
 * Recorded-style truck tracks for the tests of what the alarms read from a track: a position a minute,
 * with the jitter a parked truck's GPS shows.
 */
import { pointAlong, type LatLon } from './geo';
import type { TrackPoint } from './track-analysis';

/** A recorded-style track: a position a minute along `path` at `kmh`, from `start`, with GPS jitter. */
export function drive(
  path: LatLon[],
  kmh: number,
  minutes: number,
  start: Date,
  jitter = 0.00005,
): TrackPoint[] {
  return Array.from({ length: minutes + 1 }, (_, m) => {
    const p = pointAlong(path, (kmh * m) / 60);
    const wobble = (m % 2 === 0 ? 1 : -1) * jitter;
    return {
      latitude: p.latitude + wobble,
      longitude: p.longitude - wobble,
      at: new Date(start.getTime() + m * 60_000),
    };
  });
}
export const parked = (at: LatLon, minutes: number, start: Date) => drive([at, at], 0, minutes, start);
export const after = (track: TrackPoint[]) => new Date(track.at(-1)!.at.getTime() + 60_000);
