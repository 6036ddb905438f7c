import { describe, expect, it } from 'vitest';
import { distanceKm, distanceToPathKm, headingDegrees, isValidLatLon, pathLengthKm, pointAlong } from './geo';

const APAPA = { latitude: 6.4474, longitude: 3.3903 };
const IKEJA = { latitude: 6.6018, longitude: 3.3515 };
const IBADAN = { latitude: 7.3775, longitude: 3.947 };

describe('distances on the map', () => {
  it('measures Apapa to Ikeja and Lagos to Ibadan as the crow flies', () => {
    expect(distanceKm(APAPA, IKEJA)).toBeCloseTo(17.7, 0);
    expect(distanceKm(IKEJA, IBADAN)).toBeCloseTo(108.4, 0);
    expect(distanceKm(APAPA, APAPA)).toBe(0);
  });

  it('walks along a path: start, middle of a leg, past the end', () => {
    const path = [APAPA, IKEJA, IBADAN];
    expect(pathLengthKm(path)).toBeCloseTo(distanceKm(APAPA, IKEJA) + distanceKm(IKEJA, IBADAN), 6);
    expect(pointAlong(path, 0)).toMatchObject(APAPA);
    const half = pointAlong(path, distanceKm(APAPA, IKEJA) / 2);
    expect(half.latitude).toBeCloseTo((APAPA.latitude + IKEJA.latitude) / 2, 3);
    expect(half.heading).toBe(headingDegrees(APAPA, IKEJA));
    expect(pointAlong(path, 10_000)).toMatchObject({
      latitude: IBADAN.latitude,
      longitude: IBADAN.longitude,
    });
  });

  it('gives headings from north: due north 0, due east 90', () => {
    expect(headingDegrees({ latitude: 6, longitude: 3 }, { latitude: 7, longitude: 3 })).toBe(0);
    expect(headingDegrees({ latitude: 6, longitude: 3 }, { latitude: 6, longitude: 4 })).toBe(90);
  });

  it('measures how far a point is from a road: on it, beside it, beyond its end', () => {
    const road = [APAPA, IKEJA];
    expect(distanceToPathKm({ latitude: 6.5246, longitude: 3.3709 }, road)).toBeLessThan(0.1);
    // 0.09° of longitude east of the road's middle is about 10 km at this latitude.
    expect(distanceToPathKm({ latitude: 6.5246, longitude: 3.4609 }, road)).toBeCloseTo(9.9, 0);
    expect(distanceToPathKm({ latitude: 6.7018, longitude: 3.3515 }, road)).toBeCloseTo(11.1, 0);
  });

  it('knows a coordinate from nonsense', () => {
    expect(isValidLatLon(APAPA)).toBe(true);
    expect(isValidLatLon({ latitude: 91, longitude: 3 })).toBe(false);
    expect(isValidLatLon({ latitude: 6, longitude: -181 })).toBe(false);
    expect(isValidLatLon({ latitude: Number.NaN, longitude: 3 })).toBe(false);
  });
});
