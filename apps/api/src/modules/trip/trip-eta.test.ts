import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { trackingTimeStamp, tripTimeline, type TrackingTrip } from '@freightlane/domain';
import { tripStatusLogs } from '../../db/schema';
import { referenceIds } from '../../test/marketplace';
import { createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const MINUTE = 60_000;

describe('the ETA of a loaded trip, from its lane’s past trips', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  /** Sets when a step of a trip was recorded. */
  async function stepAt(tripId: string, status: 'LOADED' | 'AT_DELIVERY_LOCATION', at: Date) {
    await t.ctx.db
      .update(tripStatusLogs)
      .set({ at })
      .where(and(eq(tripStatusLogs.tripId, tripId), eq(tripStatusLogs.status, status)));
  }

  /** A trip of the pair run to the end, `minutes` from loading to arriving at the delivery. */
  async function pastTrip(minutes: number, overrides: Record<string, unknown> = {}) {
    const trip = await w.newTrip(overrides);
    await w.assignFleet(trip.id);
    const { cargoType } = await w.tripRow(trip.id);
    await w.walkTo(trip.id, tripTimeline(cargoType).at(-1)!);
    const loadedAt = new Date(Date.now() - 3 * 24 * 60 * MINUTE);
    await stepAt(trip.id, 'LOADED', loadedAt);
    await stepAt(trip.id, 'AT_DELIVERY_LOCATION', new Date(loadedAt.getTime() + minutes * MINUTE));
  }

  /** The trip as its public tracking link shows it. */
  async function trackingPage(tripId: string): Promise<TrackingTrip> {
    const { trackingId } = await w.tripRow(tripId);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/trips/open-access/${trackingId}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  async function loadedTrip() {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'LOADED');
    return w.detail(trip.id);
  }

  it('is unknown until the lane has three trips, then the median and the 90th percentile from loading', async () => {
    await pastTrip(60);
    await pastTrip(150);
    // Another lane's slow trip does not count.
    const { terminalId } = await referenceIds(t, { terminal: 'TICT-TINCAN' });
    await pastTrip(900, { pickup: { kind: 'TERMINAL', terminalId } });
    expect((await loadedTrip()).eta).toBeNull();

    await pastTrip(90);
    const detail = await loadedTrip();
    const loadedAt = Date.parse(detail.latestTripStatus.timeStamp);
    // 60, 90 and 150 minutes: the median 90; the 90th percentile between 90 and 150, at 0.8 of the way.
    expect(detail.eta).toEqual({
      typical: new Date(loadedAt + 90 * MINUTE).toISOString(),
      worst: new Date(loadedAt + 138 * MINUTE).toISOString(),
    });
    expect((await w.detail(detail.id, w.transporter.accessToken)).eta).toEqual(detail.eta);
    // Anyone with the tracking link sees the same range, in the spec's Lagos 'date time' texts.
    expect((await trackingPage(detail.id)).eta).toEqual({
      typical: trackingTimeStamp(new Date(detail.eta!.typical)),
      worst: trackingTimeStamp(new Date(detail.eta!.worst)),
    });
  });

  it('is gone once the truck arrives at the delivery', async () => {
    const detail = await loadedTrip();
    expect(detail.eta).not.toBeNull();
    expect((await trackingPage(detail.id)).eta).toBeDefined();
    await w.walkTo(detail.id, 'AT_DELIVERY_LOCATION');
    expect((await w.detail(detail.id)).eta).toBeNull();
    const page = await trackingPage(detail.id);
    expect(page.tripStatusLogs.at(-1)?.tripStatus).toBe('AT_DELIVERY_LOCATION');
    expect(page).not.toHaveProperty('eta');
  });
});
