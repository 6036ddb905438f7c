import { describe, expect, it } from 'vitest';
import {
  corridorBufferKm,
  distanceKm,
  distanceToPathKm,
  kmOutsideCorridor,
  pathLengthKm,
  type LatLon,
  type TripStatus,
} from '@freightlane/domain';
import {
  APAPA_TO_IBADAN,
  DETOUR_KM,
  SIMULATED_DEVICE_COUNT,
  STRAYING_DEVICE,
  SimulatorProvider,
  detourPoint,
  type SimulatedTrip,
} from './simulator';

const APMT = { latitude: 6.4453, longitude: 3.3636 };
const IKEJA = { latitude: 6.6018, longitude: 3.3515 };
const START = Date.parse('2026-11-24T08:00:00Z');
const LANE_KM = distanceKm(APMT, IKEJA);

/** Every minute over `hours` from START, where each tracker is. */
async function drive(trips: Map<string, SimulatedTrip>, hours: number, speedKmh = 40) {
  const seen = new Map<string, (LatLon & { speedKmh: number | null })[]>();
  for (let minute = 0; minute <= hours * 60; minute += 1) {
    const provider = new SimulatorProvider({
      now: () => new Date(START + minute * 60_000),
      speedKmh,
      trips: async () => trips,
    });
    for (const p of await provider.latestPositions()) {
      seen.set(p.externalDeviceId, [...(seen.get(p.externalDeviceId) ?? []), p]);
    }
  }
  return seen;
}

const onTrip = (status: TripStatus, minutesAgo = 0): SimulatedTrip => ({
  pickup: APMT,
  delivery: IKEJA,
  status,
  since: new Date(START - minutesAgo * 60_000),
});

describe('the simulator', () => {
  it('drives a started trip’s truck from the delivery end to the pickup, and stops there', async () => {
    const hours = LANE_KM / 40 + 0.5;
    const track = (await drive(new Map([['SIM-001', onTrip('STARTED')]]), hours)).get('SIM-001')!;
    expect(distanceKm(track[0]!, IKEJA)).toBeLessThan(0.01);
    for (const p of track) expect(distanceToPathKm(p, [APMT, IKEJA])).toBeLessThan(0.05);
    // A quarter of an hour in at 40 km/h: 10 km from where it set off.
    expect(distanceKm(track[15]!, IKEJA)).toBeCloseTo(10, 0);
    expect(distanceKm(track.at(-1)!, APMT)).toBeLessThan(0.01);
    expect(track.at(-1)!.speedKmh).toBe(0);
    expect(track[15]!.speedKmh).toBe(40);
  });

  it('keeps a truck waiting at the pickup until loaded, then at the delivery once there', async () => {
    const seen = await drive(
      new Map([
        ['SIM-001', onTrip('AT_PICKUP_LOCATION', 90)],
        ['SIM-002', onTrip('AT_DELIVERY_LOCATION', 90)],
        ['SIM-003', onTrip('DELIVERED', 90)],
      ]),
      1,
    );
    for (const p of seen.get('SIM-001')!) expect(distanceKm(p, APMT)).toBeLessThan(0.01);
    for (const id of ['SIM-002', 'SIM-003']) {
      for (const p of seen.get(id)!) expect(distanceKm(p, IKEJA)).toBeLessThan(0.01);
    }
  });

  it('drives a loaded truck from the pickup to the delivery from when it was loaded', async () => {
    const track = (await drive(new Map([['SIM-001', onTrip('LOADED', 6)]]), 1)).get('SIM-001')!;
    // Loaded six minutes before the first fix: 4 km on at 40 km/h.
    expect(distanceKm(track[0]!, APMT)).toBeCloseTo(4, 0);
    for (const p of track) expect(distanceToPathKm(p, [APMT, IKEJA])).toBeLessThan(0.05);
    expect(distanceKm(track.at(-1)!, IKEJA)).toBeLessThan(0.01);
  });

  it('has SIM-005 stray beyond the widest corridor and come back to reach the delivery', async () => {
    const trip = onTrip('LOADED');
    const detour = detourPoint(APMT, IKEJA);
    expect(distanceToPathKm(detour, [APMT, IKEJA])).toBeCloseTo(DETOUR_KM, 0);
    const hours = (2 * Math.hypot(DETOUR_KM, LANE_KM / 2)) / 40 + 0.2;
    const track = (await drive(new Map([[STRAYING_DEVICE, trip]]), hours)).get(STRAYING_DEVICE)!;
    const corridor = { line: [APMT, IKEJA], pastRoutes: [], bufferKm: corridorBufferKm(APMT, IKEJA, 50) };
    expect(corridor.bufferKm).toBe(25);
    const outside = track.filter((p) => kmOutsideCorridor(p, corridor) > 0);
    expect(outside.length).toBeGreaterThanOrEqual(2);
    expect(distanceKm(track.at(-1)!, IKEJA)).toBeLessThan(0.01);
    // The others on the same lane keep to it.
    const straight = (await drive(new Map([['SIM-004', trip]]), hours)).get('SIM-004')!;
    for (const p of straight) expect(distanceToPathKm(p, [APMT, IKEJA])).toBeLessThan(0.05);
  });

  it('drives trackers without a live trip along the corridor, each from its own point, at the speed set', async () => {
    const seen = await drive(new Map(), 2, 80);
    expect(seen.size).toBe(SIMULATED_DEVICE_COUNT);
    const first = seen.get('SIM-001')!;
    for (const p of first) expect(distanceToPathKm(p, APAPA_TO_IBADAN)).toBeLessThan(0.05);
    expect(distanceKm(first[0]!, first[60]!)).toBeGreaterThan(40);
    expect(distanceKm(first[0]!, seen.get('SIM-002')![0]!)).toBeGreaterThan(
      pathLengthKm(APAPA_TO_IBADAN) / 10,
    );
  });

  it('names SIM-005 as the one that strays', async () => {
    const devices = await new SimulatorProvider().devices();
    expect(devices.find((d) => d.externalId === STRAYING_DEVICE)!.name).toBe(
      'Simulated tracker 5 (strays off its lane)',
    );
    expect(devices[0]!.name).toBe('Simulated tracker 1');
  });
});
