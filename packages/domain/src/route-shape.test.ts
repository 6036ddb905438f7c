import { describe, expect, it } from 'vitest';
import { distanceToPathKm, type LatLon } from './geo';
import { KEPT_ROUTE_POINTS, simplifyRoute } from './route-shape';

interface Fix extends LatLon {
  at: number;
}

/** A Lagos–Ibadan-like leg: north-east along the expressway, a bend, then north, a fix every 30 s. */
function recordedLeg(count: number, noiseKm = 0.02): Fix[] {
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5) * 2;
  const bend = Math.floor(count * 0.6);
  return Array.from({ length: count }, (_, i) => {
    const first = Math.min(i, bend) / bend;
    const second = Math.max(0, i - bend) / (count - bend);
    const latitude = 6.6 + first * 0.6 + second * 0.5 + (random() * noiseKm) / 111;
    const longitude = 3.35 + first * 0.55 + (random() * noiseKm) / 111;
    return { latitude, longitude, at: i * 30_000 };
  });
}

describe('simplifyRoute', () => {
  it('keeps at most 500 of the recorded points, both ends and their order', () => {
    const track = recordedLeg(10_000);
    const kept = simplifyRoute(track);
    expect(kept.length).toBe(KEPT_ROUTE_POINTS);
    expect(kept[0]).toBe(track[0]);
    expect(kept.at(-1)).toBe(track.at(-1));
    expect(kept.every((p) => track.includes(p))).toBe(true);
    expect(kept.every((p, i) => i === 0 || p.at > kept[i - 1]!.at)).toBe(true);
  });

  it('keeps the shape: the bend stays and no recorded point is far from the kept route', () => {
    const track = recordedLeg(5_000);
    const kept = simplifyRoute(track, 50);
    const bend = track[3_000]!;
    expect(distanceToPathKm(bend, kept)).toBeLessThan(0.05);
    const worst = Math.max(...track.map((p) => distanceToPathKm(p, kept)));
    expect(worst).toBeLessThan(0.1);
    // Cut to its two ends, the same leg loses the bend: the bound is what keeps the shape.
    const ends = simplifyRoute(track, 2);
    expect(ends).toEqual([track[0], track.at(-1)]);
    expect(distanceToPathKm(bend, ends)).toBeGreaterThan(10);
  });

  it('leaves a short route as it is, and refuses to keep fewer than two points', () => {
    const track = recordedLeg(20);
    expect(simplifyRoute(track)).toEqual(track);
    expect(simplifyRoute(track)).not.toBe(track);
    expect(() => simplifyRoute(track, 1)).toThrow(/two ends/);
  });
});
