import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingTimeStamp, trackingTripSchema, tripTimeline, type TrackingTrip } from '@freightlane/domain';
import { tripStatusLogs } from '../../db/schema';
import { changesHeard } from '../../test/changes-heard';
import { driverOnTripWithLink } from '../../test/driver-phone';
import { lagosDate, referenceIds } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { LAST_SEEN_REFRESH_MS, loadPublicTracking } from './public-tracking.service';

const MINUTE = 60_000;
const SPEC_KEYS = [
  'orderNumber',
  'containerNumbers',
  'cargoType',
  'tripNumber',
  'pickupTerminal',
  'pickupAddress',
  'recipientTerminal',
  'recipientAddress',
  'tripStatusLogs',
];
/** A place the transporter reports with a step: the landmark must never reach the public. */
const APAPA_GATE = { state: 'Lagos', lga: 'Apapa', description: 'Terminal gate, Apapa' };
/** Oba Akran Avenue, Ikeja: the phone's position there. */
const IKEJA = { latitude: 6.6018, longitude: 3.3515 };

describe('the public tracking page: when the cargo is expected and where the truck was last seen', () => {
  let t: TestApp;
  let w: TripWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  async function track(trackingId: string): Promise<TrackingTrip> {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/trips/open-access/${trackingId}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TrackingTrip>();
    expect(trackingTripSchema.parse(body)).toEqual(body);
    // The spec's fields stay first and as they were; the additions follow.
    expect(Object.keys(body).slice(0, SPEC_KEYS.length)).toEqual(SPEC_KEYS);
    return body;
  }

  async function move(tripId: string, body: Record<string, unknown>) {
    const res = await call(t.app, 'PATCH', `/api/v1/trips/${tripId}/status`, body, {
      token: w.transporter.accessToken,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function setExpectedDelivery(tripId: string, date: string) {
    const res = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${tripId}`,
      { expectedDeliveryDate: date },
      {
        token: w.transporter.accessToken,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function sendPositions(base: string, positions: { recordedAt: string }[]) {
    const res = await call(t.app, 'POST', `${base}/positions`, {
      positions: positions.map((p) => ({ ...IKEJA, speedKmh: 30, heading: 180, accuracyM: 8, ...p })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.refused).toEqual([]);
  }

  const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

  describe('expected delivery', () => {
    it('gives nothing until the transporter dates the delivery, then that date, with no range', async () => {
      const trip = await w.newTrip();
      await w.assignFleet(trip.id);
      expect(await track(trip.trackingId)).not.toHaveProperty('expectedDeliveryDate');
      const date = lagosDate(6);
      await setExpectedDelivery(trip.id, date);
      await changesHeard(t, trip.id);
      // Before the trip starts, the date is already what the consignee plans by.
      expect((await track(trip.trackingId)).expectedDeliveryDate).toBe(date);
      await w.walkTo(trip.id, 'LOADED');
      await changesHeard(t, trip.id);
      const body = await track(trip.trackingId);
      expect(body.expectedDeliveryDate).toBe(date);
      // The lane has no history: no range.
      expect(body).not.toHaveProperty('eta');
    });

    it("gives the lane's range once the lane has history, and the transporter's date beside it", async () => {
      const { terminalId } = await referenceIds(t, { terminal: 'TICT-TINCAN' });
      const lane = { pickup: { kind: 'TERMINAL', terminalId } };
      for (const minutes of [60, 90, 150]) {
        const past = await w.newTrip(lane);
        await w.assignFleet(past.id);
        const { cargoType } = await w.tripRow(past.id);
        await w.walkTo(past.id, tripTimeline(cargoType).at(-1)!);
        const loadedAt = new Date(Date.now() - 3 * 24 * 60 * MINUTE);
        for (const [status, at] of [
          ['LOADED', loadedAt],
          ['AT_DELIVERY_LOCATION', new Date(loadedAt.getTime() + minutes * MINUTE)],
        ] as const) {
          await t.ctx.db
            .update(tripStatusLogs)
            .set({ at })
            .where(and(eq(tripStatusLogs.tripId, past.id), eq(tripStatusLogs.status, status)));
        }
      }
      const trip = await w.newTrip(lane);
      await w.assignFleet(trip.id);
      const date = lagosDate(6);
      await setExpectedDelivery(trip.id, date);
      await w.walkTo(trip.id, 'LOADED');
      await changesHeard(t, trip.id);
      const detail = await w.detail(trip.id);
      expect(detail.eta).not.toBeNull();
      const body = await track(trip.trackingId);
      expect(body.eta).toEqual({
        typical: trackingTimeStamp(new Date(detail.eta.typical)),
        worst: trackingTimeStamp(new Date(detail.eta.worst)),
      });
      expect(body.expectedDeliveryDate).toBe(date);
    });

    it('leaves the expectation and the last place out once the cargo is delivered', async () => {
      const trip = await w.newTrip({ cargoType: 'IMPORT_SHIPPER_OWNED' });
      await w.assignFleet(trip.id);
      const date = lagosDate(6);
      await setExpectedDelivery(trip.id, date);
      await move(trip.id, { tripStatus: 'STARTED', location: APAPA_GATE });
      await w.walkTo(trip.id, 'AT_DELIVERY_LOCATION');
      await changesHeard(t, trip.id);
      const arrived = await track(trip.trackingId);
      expect(arrived.expectedDeliveryDate).toBe(date);
      expect(arrived.lastSeen).toMatchObject({ lga: 'Apapa', state: 'Lagos' });
      await w.walkTo(trip.id, 'DELIVERED');
      await changesHeard(t, trip.id);
      const body = await track(trip.trackingId);
      // The page shows the delivery's own time from the timeline instead.
      expect(body.tripStatusLogs.at(-1)?.tripStatus).toBe('DELIVERED');
      expect(body).not.toHaveProperty('expectedDeliveryDate');
      expect(body).not.toHaveProperty('eta');
      // Finished: where the truck goes afterwards is none of the consignee's business.
      expect(body).not.toHaveProperty('lastSeen');
    });

    it('promises nothing and shows no place once the trip is cancelled', async () => {
      const trip = await w.newTrip();
      await w.assignFleet(trip.id);
      const date = lagosDate(6);
      await setExpectedDelivery(trip.id, date);
      await move(trip.id, { tripStatus: 'STARTED', location: APAPA_GATE });
      await changesHeard(t, trip.id);
      expect(await track(trip.trackingId)).toMatchObject({
        expectedDeliveryDate: date,
        lastSeen: { lga: 'Apapa', state: 'Lagos' },
      });
      const cancel = await call(
        t.app,
        'PATCH',
        '/api/v1/trips/cancel',
        { tripIds: [trip.id], reason: 'The consignee closed the warehouse' },
        { token: w.admin.accessToken },
      );
      expect(cancel.status).toBe(200);
      await changesHeard(t, trip.id);
      const body = await track(trip.trackingId);
      expect(body).not.toHaveProperty('expectedDeliveryDate');
      expect(body).not.toHaveProperty('lastSeen');
    });
  });

  describe('last seen', () => {
    it('is left out while nothing says where the truck is, then gives the LGA and state of a step reported there', async () => {
      const trip = await w.newTrip();
      await w.assignFleet(trip.id);
      // No position, and steps reported without a place.
      await move(trip.id, { tripStatus: 'STARTED' });
      await changesHeard(t, trip.id);
      expect(await track(trip.trackingId)).not.toHaveProperty('lastSeen');
      await move(trip.id, { tripStatus: 'AT_PICKUP_LOCATION', location: APAPA_GATE });
      const at = ago(95);
      await t.ctx.db
        .update(tripStatusLogs)
        .set({ at })
        .where(and(eq(tripStatusLogs.tripId, trip.id), eq(tripStatusLogs.status, 'AT_PICKUP_LOCATION')));
      await move(trip.id, { tripStatus: 'LOADED' });
      await changesHeard(t, trip.id);
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/trips/open-access/${trip.trackingId}` });
      expect(res.json().lastSeen).toEqual({ lga: 'Apapa', state: 'Lagos', at: trackingTimeStamp(at) });
      expect(res.body).not.toContain('Terminal gate');
      // Only an answer that a truck's position can move is read again by the clock.
      expect((await loadPublicTracking(t.ctx, trip.trackingId)).refreshAt).toBeNull();
    });

    it("takes the time of the truck's latest position in that place, and never its coordinates", async () => {
      const { trip, base } = await driverOnTripWithLink(t, w);
      await w.walkTo(trip.id, 'LOADED');
      const first = ago(3);
      await sendPositions(base, [{ recordedAt: first.toISOString() }]);
      await changesHeard(t, trip.id);
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/trips/open-access/${trip.trackingId}` });
      expect(res.json().lastSeen).toEqual({ lga: 'Ikeja', state: 'Lagos', at: trackingTimeStamp(first) });
      expect(res.body).not.toMatch(/latitude|longitude|speed|heading|accuracy|6\.60|3\.35/i);

      // Seen again in Ikeja: no trip changed, so the answer kept in memory is read again by the clock.
      const kept = await loadPublicTracking(t.ctx, trip.trackingId);
      expect(kept.refreshAt!.getTime()).toBeGreaterThan(Date.now());
      expect(kept.refreshAt!.getTime()).toBeLessThanOrEqual(Date.now() + LAST_SEEN_REFRESH_MS);
      const again = ago(1);
      await sendPositions(base, [{ recordedAt: again.toISOString() }]);
      const fresh = JSON.parse((await loadPublicTracking(t.ctx, trip.trackingId)).body) as TrackingTrip;
      expect(fresh.lastSeen).toEqual({ lga: 'Ikeja', state: 'Lagos', at: trackingTimeStamp(again) });
    });

    it('stays while an Import LOC trip returns its empty after delivery, and goes once it is dropped off', async () => {
      const trip = await w.newTrip();
      await w.assignFleet(trip.id);
      await w.walkTo(trip.id, 'AT_DELIVERY_LOCATION');
      const { handover } = await w.detail(trip.id);
      await move(trip.id, {
        tripStatus: 'DELIVERED',
        handoverCode: handover.code,
        location: { state: 'Lagos', lga: 'Ikeja', description: '12 Oba Akran Avenue' },
      });
      await changesHeard(t, trip.id);
      const delivered = await track(trip.trackingId);
      expect(delivered.lastSeen).toMatchObject({ lga: 'Ikeja', state: 'Lagos' });
      expect(JSON.stringify(delivered)).not.toContain('Oba Akran');
      await w.walkTo(trip.id, 'EMPTY_DROP_OFF');
      await changesHeard(t, trip.id);
      expect(await track(trip.trackingId)).not.toHaveProperty('lastSeen');
    });

    it('shows nothing of where the truck is before the trip starts, then the place it reported', async () => {
      const { trip, base } = await driverOnTripWithLink(t, w);
      const seen = ago(4);
      await sendPositions(base, [{ recordedAt: seen.toISOString() }]);
      expect((await w.tripRow(trip.id)).currentLocation).toMatchObject({ lga: 'Ikeja', state: 'Lagos' });
      await changesHeard(t, trip.id);
      // Booked, not on the road: the truck may still be finishing another job.
      expect(await track(trip.trackingId)).not.toHaveProperty('lastSeen');
      await move(trip.id, { tripStatus: 'STARTED' });
      await changesHeard(t, trip.id);
      expect((await track(trip.trackingId)).lastSeen).toEqual({
        lga: 'Ikeja',
        state: 'Lagos',
        at: trackingTimeStamp(seen),
      });
    });
  });

  it('shows the public nothing private: no ids, phones, crew, prices, coordinates or landmarks', async () => {
    const { trip, base } = await driverOnTripWithLink(t, w);
    await setExpectedDelivery(trip.id, lagosDate(6));
    await move(trip.id, { tripStatus: 'STARTED', location: APAPA_GATE });
    await w.walkTo(trip.id, 'LOADED');
    await sendPositions(base, [{ recordedAt: ago(2).toISOString() }]);
    await changesHeard(t, trip.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/trips/open-access/${trip.trackingId}` });
    const body = res.json<TrackingTrip>();
    expect(Object.keys(body)).toEqual([...SPEC_KEYS, 'expectedDeliveryDate', 'lastSeen']);
    expect(Object.keys(body.lastSeen!)).toEqual(['lga', 'state', 'at']);
    const detail = await w.detail(trip.id);
    const { truck, driver } = detail.resources;
    expect(res.body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(res.body).not.toMatch(/\+234|\b0[789][01]\d{8}\b/);
    expect(res.body).not.toContain(driver.phoneNumber);
    expect(res.body).not.toContain(driver.name);
    expect(res.body).not.toContain(truck.registrationNumber);
    expect(res.body).not.toContain(detail.handover.code);
    expect(res.body).not.toMatch(/kobo|amount|price|latitude|longitude|description|street|Terminal gate/i);
  });
});
