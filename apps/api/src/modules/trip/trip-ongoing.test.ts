import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lagosToday,
  tripStatusWords,
  type TripDetail,
  type TripMapItem,
  type TripStatus,
  type TripStatusWordsInput,
  type TripSummary,
} from '@freightlane/domain';
import { trips } from '../../db/schema';
import { lagosDate } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';

const MAP = '/api/v1/trips/map?sabiPort=false&bargeTrip=false';

interface ScheduleEventRow {
  kind: 'PICKUP' | 'DELIVERY';
  date: string;
  trip: { id: string; latestTripStatus: { tripStatus: TripStatus } | null };
}

/**
 * One definition of ongoing (started, not finished by its cargo type's last step, not cancelled) read the
 * same way by the trips list's Ongoing tab, the map, the schedule and the customer's dashboard.
 */
describe('ongoing trips', () => {
  let t: TestApp;
  let w: TripWorld;
  /** Import LOC, delivered, its empty not yet dropped off: still working. */
  let returningEmpty: TripRef;
  /** Import SOC, delivered: finished. */
  let deliveredSoc: TripRef;
  /** Import LOC, empty dropped off: finished. */
  let emptyReturned: TripRef;
  /** Import LOC, loaded, with an open checkpoint delay. */
  let delayed: TripRef;
  /** Import LOC with its truck and driver, not started. */
  let upcoming: TripRef;
  const today = lagosToday();
  /** The day each trip was expected at its delivery: tomorrow, so a delivery made today is told apart. */
  const expected = lagosDate(1);

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    returningEmpty = await w.newTrip();
    deliveredSoc = await w.newTrip({ cargoType: 'IMPORT_SHIPPER_OWNED' });
    emptyReturned = await w.newTrip();
    delayed = await w.newTrip();
    upcoming = await w.newTrip();
    for (const trip of [returningEmpty, deliveredSoc, emptyReturned, delayed, upcoming]) {
      await w.assignFleet(trip.id);
      await t.ctx.db
        .update(trips)
        .set({ pickupDate: lagosDate(-2), expectedDeliveryDate: expected })
        .where(eq(trips.id, trip.id));
    }
    await w.walkTo(returningEmpty.id, 'DELIVERED');
    await w.walkTo(deliveredSoc.id, 'DELIVERED');
    await w.walkTo(emptyReturned.id, 'EMPTY_DROP_OFF');
    await w.walkTo(delayed.id, 'LOADED');
    const issue = await call(
      t.app,
      'POST',
      `/api/v1/trips/${delayed.id}/issues`,
      {
        issueType: 'CHECKPOINT_DELAY',
        description: 'Held at the Mile 2 checkpoint for papers',
        openingTimeStamp: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
      },
      { token: w.transporter.accessToken },
    );
    expect(issue.status).toBe(201);
  });
  afterAll(() => t.close());

  const get = async (path: string, token = w.customer.accessToken) => {
    const res = await call(t.app, 'GET', path, undefined, { token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const ongoingTab = async () =>
    (await get('/api/v1/trips?completed=false&started=true&size=100')).content as TripSummary[];
  const numbers = (list: { tripNumber: string }[]) => list.map((trip) => trip.tripNumber).sort();
  /** The schedule's events of the months of today and of the expected day, for the customer. */
  const schedule = async (q = '') => {
    const months = [...new Set([today, expected].map((day) => day.slice(0, 7)))];
    const events: ScheduleEventRow[] = [];
    for (const month of months) {
      const [year, m] = month.split('-').map(Number);
      events.push(...(await get(`/api/v1/trips/schedule/year/${year}/month/${m}${q}`)).events);
    }
    return events;
  };
  const deliveriesOf = (events: ScheduleEventRow[], trip: TripRef) =>
    events
      .filter((event) => event.kind === 'DELIVERY' && event.trip.id === trip.id)
      .map((event) => event.date);

  it('lists on the Ongoing tab a delivered Import LOC trip returning its empty, never a finished trip', async () => {
    const tab = await ongoingTab();
    expect(numbers(tab)).toEqual(numbers([returningEmpty, delayed]));
    const all = (await get('/api/v1/trips?size=100')).content as TripSummary[];
    expect(numbers(all)).toEqual(numbers([returningEmpty, deliveredSoc, emptyReturned, delayed, upcoming]));
    const completed = (await get('/api/v1/trips?completed=true&size=100')).content as TripSummary[];
    expect(numbers(completed)).toEqual(numbers([deliveredSoc, emptyReturned]));
  });

  it('shows the same trips on the map as on the Ongoing tab', async () => {
    const map = (await get(MAP)) as TripMapItem[];
    expect(numbers(map)).toEqual(numbers(await ongoingTab()));
    const transporterMap = (await get(MAP, w.transporter.accessToken)) as TripMapItem[];
    expect(numbers(transporterMap)).toEqual(numbers([returningEmpty, delayed]));
  });

  it('gives the list, the trip page and the map what they need for the same status words', async () => {
    const wordsOn = (trip: TripStatusWordsInput) => tripStatusWords(trip);
    const map = (await get(MAP)) as TripMapItem[];
    const all = (await get('/api/v1/trips?size=100')).content as TripSummary[];
    const expectedWords = new Map([
      [returningEmpty.id, 'Delivered · returning empty'],
      [delayed.id, 'DELAYED'],
      [deliveredSoc.id, 'Delivered'],
      [emptyReturned.id, 'Empty Dropped Off'],
      [upcoming.id, 'Awaiting start'],
    ]);
    for (const trip of all) {
      expect(wordsOn(trip), trip.tripNumber).toBe(expectedWords.get(trip.id));
      const page = (await w.detail(trip.id)) as TripDetail;
      expect(wordsOn(page), `page of ${trip.tripNumber}`).toBe(expectedWords.get(trip.id));
    }
    for (const item of map) {
      expect(wordsOn(item), `map ${item.tripNumber}`).toBe(expectedWords.get(item.id));
    }
    expect(all.find((trip) => trip.id === delayed.id)?.hasOpenIssue).toBe(true);
    expect(all.find((trip) => trip.id === returningEmpty.id)?.hasOpenIssue).toBe(false);
  });

  it('shows a delivery made on the day it was made, never as still expected', async () => {
    const open = await schedule('?q=completed:false');
    // Delivered today, due tomorrow: the delivery is on today, and the trip is still open (its empty).
    expect(deliveriesOf(open, returningEmpty)).toEqual([today]);
    expect(deliveriesOf(open, delayed)).toEqual([expected]);
    // A finished trip is not among the open ones at all.
    expect(deliveriesOf(open, deliveredSoc)).toEqual([]);
    expect(deliveriesOf(open, emptyReturned)).toEqual([]);
    const every = await schedule();
    expect(deliveriesOf(every, deliveredSoc)).toEqual([today]);
    expect(deliveriesOf(every, emptyReturned)).toEqual([today]);
    const delivery = every.find((event) => event.kind === 'DELIVERY' && event.trip.id === returningEmpty.id);
    expect(delivery?.trip.latestTripStatus?.tripStatus).toBe('DELIVERED');
  });

  it("counts on the customer's dashboard what the Ongoing tab lists", async () => {
    const dashboard = await get('/api/v1/dashboard/customer');
    expect(dashboard).toMatchObject({ ongoingTrips: 2, uncompletedTrips: 3, completedTrips: 2 });
    expect(dashboard.ongoingTrips).toBe((await ongoingTab()).length);
  });
});
