import { describe, expect, it } from 'vitest';
import { distanceKm, distanceToPathKm, pathLengthKm, type LatLon } from '@freightlane/domain';
import { APAPA_TO_IBADAN, SIMULATED_DEVICE_COUNT, SimulatorProvider } from './simulator';

const APMT = { latitude: 6.4453, longitude: 3.3636 };
const IKEJA = { latitude: 6.6018, longitude: 3.3515 };

/** Every minute over `hours`, where each tracker is. */
async function drive(lanes: Map<string, LatLon[]>, hours: number) {
  const start = Date.parse('2026-11-24T08:00:00Z');
  const seen = new Map<string, LatLon[]>();
  for (let minute = 0; minute <= hours * 60; minute += 1) {
    const provider = new SimulatorProvider(
      () => new Date(start + minute * 60_000),
      APAPA_TO_IBADAN,
      async () => lanes,
    );
    for (const p of await provider.latestPositions()) {
      seen.set(p.externalDeviceId, [...(seen.get(p.externalDeviceId) ?? []), p]);
    }
  }
  return seen;
}

describe('the simulator', () => {
  it('drives a tracker on a live trip along its lane, reaching both ends, and the others along the corridor', async () => {
    const lane = [APMT, IKEJA];
    const seen = await drive(new Map([['SIM-001', lane]]), 2 * (pathLengthKm(lane) / 40) + 0.2);
    expect(seen.size).toBe(SIMULATED_DEVICE_COUNT);
    const onLane = seen.get('SIM-001')!;
    for (const p of onLane) expect(distanceToPathKm(p, lane)).toBeLessThan(0.05);
    expect(Math.min(...onLane.map((p) => distanceKm(p, APMT)))).toBeLessThan(1);
    expect(Math.min(...onLane.map((p) => distanceKm(p, IKEJA)))).toBeLessThan(1);
    for (const p of seen.get('SIM-002')!) expect(distanceToPathKm(p, APAPA_TO_IBADAN)).toBeLessThan(0.05);
    expect(Math.max(...seen.get('SIM-002')!.map((p) => distanceKm(p, APMT)))).toBeGreaterThan(30);
  });
});
