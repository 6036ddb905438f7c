import { describe, expect, it } from 'vitest';
import type { LatLon } from './geo';
import { after, drive, parked } from './recorded-tracks';
import {
  corridorBufferKm,
  etaRange,
  findStops,
  insideGeofence,
  isLagosNight,
  kmOutsideCorridor,
  moved,
} from './track-analysis';

const APAPA = { latitude: 6.444, longitude: 3.368 };
const OSHODI = { latitude: 6.555, longitude: 3.343 };
const BERGER = { latitude: 6.638, longitude: 3.378 };
const IBADAN = { latitude: 7.3775, longitude: 3.947 };
const ABEOKUTA = { latitude: 7.1475, longitude: 3.3619 };

describe('geofences', () => {
  it('knows a truck at the terminal gate from one down the road', () => {
    expect(insideGeofence({ latitude: 6.4445, longitude: 3.3685 }, APAPA, 0.5)).toBe(true);
    expect(insideGeofence(OSHODI, APAPA, 0.5)).toBe(false);
  });
});

describe('stops on a recorded track', () => {
  const start = new Date('2026-11-24T08:00:00Z');

  it('finds a long stop between two drives, and not the drives', () => {
    const first = drive([APAPA, OSHODI], 30, 20, start);
    const stop = parked(first.at(-1)!, 95, after(first));
    const second = drive([OSHODI, BERGER], 30, 20, after(stop));
    const stops = findStops([...first, ...stop, ...second], 60);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.minutes).toBeGreaterThanOrEqual(95);
    expect(stops[0]!.from.getTime()).toBeGreaterThanOrEqual(first.at(-1)!.at.getTime());
  });

  it('ignores short halts and a slow crawl in a queue', () => {
    const halt = parked(OSHODI, 10, start);
    const crawl = drive([OSHODI, BERGER], 3, 90, after(halt));
    expect(findStops([...halt, ...crawl], 30)).toEqual([]);
  });

  it('counts a stop still going at the end of the track', () => {
    expect(findStops(parked(BERGER, 45, start), 30)).toHaveLength(1);
    expect(findStops([], 30)).toEqual([]);
  });
});

describe('the corridor of a lane', () => {
  const lane = {
    line: [APAPA, IBADAN],
    pastRoutes: [] as LatLon[][],
    bufferKm: corridorBufferKm(APAPA, IBADAN),
  };

  it('sizes the buffer by the lane: 5 km in town, a tenth of a long lane, at most 25 km', () => {
    expect(corridorBufferKm(APAPA, OSHODI)).toBe(5);
    expect(corridorBufferKm(APAPA, IBADAN)).toBeCloseTo(12.2, 0);
    expect(corridorBufferKm(APAPA, { latitude: 12, longitude: 8.52 })).toBe(25);
  });

  it('keeps a truck on the expressway inside, and sees one heading to Abeokuta leave it', () => {
    expect(kmOutsideCorridor(BERGER, lane)).toBe(0);
    expect(kmOutsideCorridor(ABEOKUTA, lane)).toBeGreaterThan(20);
  });

  it('widens by the routes trucks took on the lane before', () => {
    const viaAbeokuta = { ...lane, pastRoutes: [[APAPA, ABEOKUTA, IBADAN]] };
    expect(kmOutsideCorridor(ABEOKUTA, viaAbeokuta)).toBe(0);
  });
});

describe('night movement and silence', () => {
  it('reads the night in Lagos time, across midnight', () => {
    // 22:30 UTC is 23:30 in Lagos.
    expect(isLagosNight(new Date('2026-11-24T22:30:00Z'), 22, 5)).toBe(true);
    expect(isLagosNight(new Date('2026-11-24T03:30:00Z'), 22, 5)).toBe(true);
    expect(isLagosNight(new Date('2026-11-24T05:30:00Z'), 22, 5)).toBe(false);
    expect(isLagosNight(new Date('2026-11-24T13:00:00Z'), 13, 15)).toBe(true);
  });

  it('tells movement from GPS drift', () => {
    expect(moved(APAPA, { latitude: 6.4441, longitude: 3.3681 })).toBe(false);
    expect(moved(APAPA, OSHODI)).toBe(true);
  });
});

describe('an ETA range from the lane’s past trips', () => {
  const setOff = new Date('2026-11-24T06:00:00Z');

  it('gives the typical (median) and worst (90th percentile) arrival', () => {
    const eta = etaRange([300, 240, 360, 600, 280, 320, 900, 310, 290, 330], setOff)!;
    expect((eta.typical.getTime() - setOff.getTime()) / 60_000).toBe(315);
    expect((eta.worst.getTime() - setOff.getTime()) / 60_000).toBe(630);
  });

  it('says nothing until the lane has history', () => {
    expect(etaRange([300, 320], setOff)).toBeNull();
  });
});
