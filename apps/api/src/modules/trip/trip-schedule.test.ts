import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips } from '../../db/schema';
import { setTripState } from '../../test/awarded-trips';
import { containerRows, createVerifiedTransporter } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';
import { monthWindow } from './trip-schedule.service';

interface EventRow {
  kind: string;
  date: string;
  trip: { id: string; tripNumber: string; [key: string]: any };
  cargo: string;
  truckRegistrationNumber: string | null;
}

describe('GET /api/v1/trips/schedule/year/{year}/month/{month}', () => {
  let t: TestApp;
  let w: TripWorld;
  /** a: picked up 31 March, due 2 April; b: 1 April; c: completed, 15 April; d: cancelled, 10 April. */
  let a: TripRef, b: TripRef, c: TripRef, d: TripRef;
  let cargoTrip: TripRef;
  let otherTrip: TripRef;
  let containerNumberOfA: string;
  const plate = 'KSF 482 XA';

  const setDates = (tripId: string, pickupDate: string, expectedDeliveryDate: string | null = null) =>
    t.ctx.db.update(trips).set({ pickupDate, expectedDeliveryDate }).where(eq(trips.id, tripId));
  const schedule = async (token: string, path: string) => {
    const res = await call(t.app, 'GET', `/api/v1/trips/schedule/${path}`, undefined, { token });
    expect(res.status).toBe(200);
    return res.body as { year: number; month: number; events: EventRow[] };
  };
  const brief = (events: EventRow[]) => events.map((e) => [e.kind, e.date, e.trip.tripNumber]);

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t, { names: { customer: 'Apapa Millers Ltd', transporter: 'Mile 2 Logistics Ltd' } });
    const order = await w.award({ containers: containerRows(4, w.linerId), clientName: 'Olam Nigeria' });
    [a, b, c, d] = order.trips as [TripRef, TripRef, TripRef, TripRef];
    containerNumberOfA = (await w.consignmentOf(a.id)).containerNumber!;
    cargoTrip = await w.generalCargoTrip({ description: 'Steel coils, 12 pieces' });
    otherTrip = await w.tripOfOthers();

    await setDates(a.id, '2031-03-31', '2031-04-02');
    await setDates(b.id, '2031-04-01');
    await setDates(c.id, '2031-04-15', '2031-05-01');
    await setDates(d.id, '2031-04-10');
    await setDates(cargoTrip.id, '2031-04-30', '2031-04-30');
    await setDates(otherTrip.id, '2031-04-05');
    await setTripState(t, [c.id], { latestStatus: 'DELIVERED', completed: true });
    await setTripState(t, [d.id], { cancelled: true });
    await w.assignFleet(b.id, { registrationNumber: plate });
  });
  afterAll(() => t.close());

  it('lists pickups and expected deliveries of the month by date, then trip number, all but cancelled', async () => {
    const body = await schedule(w.transporter.accessToken, 'year/2031/month/4');
    expect(body.year).toBe(2031);
    expect(body.month).toBe(4);
    expect(brief(body.events)).toEqual([
      ['PICKUP', '2031-04-01', b!.tripNumber],
      ['DELIVERY', '2031-04-02', a!.tripNumber],
      ['PICKUP', '2031-04-15', c!.tripNumber],
      ['PICKUP', '2031-04-30', cargoTrip.tripNumber],
      ['DELIVERY', '2031-04-30', cargoTrip.tripNumber],
    ]);
    const [pickupOfB, deliveryOfA] = body.events;
    expect(pickupOfB).toMatchObject({
      truckRegistrationNumber: plate,
      trip: {
        id: b!.id,
        cargoType: 'IMPORT_LINER_OWNED',
        clientName: 'Olam Nigeria',
        customerName: 'Apapa Millers Ltd',
        transporterName: 'Mile 2 Logistics Ltd',
        pickup: { terminal: { code: 'APMT-APAPA' }, address: null },
        recipient: { terminal: null, address: { city: 'Ikeja' } },
        completed: false,
        cancelled: false,
        latestTripStatus: null,
      },
    });
    expect(deliveryOfA).toMatchObject({ cargo: containerNumberOfA, truckRegistrationNumber: null });
    expect(body.events[3]!.cargo).toBe('Steel coils, 12 pieces');
    expect(body.events[2]!.trip).toMatchObject({
      completed: true,
      latestTripStatus: { tripStatus: 'DELIVERED' },
    });
  });

  it('keeps to the calendar month at both ends', async () => {
    const march = await schedule(w.transporter.accessToken, 'year/2031/month/3');
    expect(brief(march.events)).toEqual([['PICKUP', '2031-03-31', a!.tripNumber]]);
    const may = await schedule(w.transporter.accessToken, 'year/2031/month/5');
    expect(brief(may.events)).toEqual([['DELIVERY', '2031-05-01', c!.tripNumber]]);
    expect(monthWindow(2031, 12)).toEqual({ from: '2031-12-01', until: '2032-01-01' });
    expect(monthWindow(2032, 2)).toEqual({ from: '2032-02-01', until: '2032-03-01' });
  });

  it('filters with q=completed:false and q=completed:true', async () => {
    const open = await schedule(w.transporter.accessToken, 'year/2031/month/4?q=completed:false');
    expect(brief(open.events)).toEqual([
      ['PICKUP', '2031-04-01', b!.tripNumber],
      ['DELIVERY', '2031-04-02', a!.tripNumber],
      ['PICKUP', '2031-04-30', cargoTrip.tripNumber],
      ['DELIVERY', '2031-04-30', cargoTrip.tripNumber],
    ]);
    const done = await schedule(w.transporter.accessToken, 'year/2031/month/4?q=completed:true');
    expect(brief(done.events)).toEqual([['PICKUP', '2031-04-15', c!.tripNumber]]);
  });

  it('shows each caller only its own trips: customer, fleet manager, other companies; admins see all', async () => {
    const ofCustomer = await schedule(w.customer.accessToken, 'year/2031/month/4');
    expect(ofCustomer.events.map((e) => e.trip.id)).not.toContain(otherTrip.id);
    expect(ofCustomer.events).toHaveLength(5);

    expect((await schedule(w.fleetManager.accessToken, 'year/2031/month/4')).events).toHaveLength(5);

    expect(brief((await schedule(w.otherTransporter.accessToken, 'year/2031/month/4')).events)).toEqual([
      ['PICKUP', '2031-04-05', otherTrip.tripNumber],
    ]);
    expect((await schedule(w.otherCustomer.accessToken, 'year/2031/month/4')).events).toHaveLength(1);
    const stranger = await createVerifiedTransporter(t);
    expect((await schedule(stranger.accessToken, 'year/2031/month/4')).events).toEqual([]);

    const all = await schedule(w.admin.accessToken, 'year/2031/month/4');
    expect(all.events.map((e) => e.trip.id)).toEqual(
      expect.arrayContaining([a!.id, b!.id, c!.id, cargoTrip.id, otherTrip.id]),
    );
    expect(all.events.map((e) => e.trip.id)).not.toContain(d!.id);
  });

  it('answers 400 for a bad year, month or q, and 401 without a token', async () => {
    for (const path of [
      'year/2031/month/13',
      'year/2031/month/0',
      'year/2031/month/april',
      'year/1999/month/4',
    ]) {
      const res = await call(t.app, 'GET', `/api/v1/trips/schedule/${path}`, undefined, {
        token: w.transporter.accessToken,
      });
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0].field, path).toMatch(/^params\.(year|month)$/);
    }
    const badQ = await call(t.app, 'GET', '/api/v1/trips/schedule/year/2031/month/4?q=done', undefined, {
      token: w.transporter.accessToken,
    });
    expect(badQ.status).toBe(400);
    expect(badQ.body.errors).toEqual([
      { field: 'query.q', message: 'q is completed:false or completed:true' },
    ]);
    expect((await call(t.app, 'GET', '/api/v1/trips/schedule/year/2031/month/4')).status).toBe(401);
  });
});
