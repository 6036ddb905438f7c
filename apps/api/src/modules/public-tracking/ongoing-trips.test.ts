import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_AVAILABLE,
  lagosDayText,
  ongoingContainerRows,
  ongoingGeneralCargoRows,
  ongoingStatus,
  ongoingTripsResponse,
  trackingTimeStamp,
  type OngoingTripItem,
  type TripStatus,
} from '@freightlane/domain';
import { shippingLines } from '../../db/schema';
import { setTripState } from '../../test/awarded-trips';
import { LAGOS_ADDRESS, referenceIds } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';
import { changesHeard } from '../../test/changes-heard';
import { ONGOING_LINK_NOT_FOUND } from './public-tracking.service';

const ITEM_KEYS = [
  'cargoType',
  'consignments',
  'pickupDate',
  'pickupTerminal',
  'pickupAddress',
  'recipientTerminal',
  'recipientAddress',
  'tripStatusLogs',
  'currentLocation',
  'latestTripIssue',
  'latestTripStatus',
  'truckRegistrationNumber',
];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const APAPA = { state: 'Lagos', lga: 'Apapa', description: 'Tin Can Island Port, gate 2' };

describe('the public ongoing-trips table', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ongoing = (shareId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/trips/open-access/ongoing/${shareId}`, headers });
  const shareIdOf = async (w: TripWorld) =>
    (await call(t.app, 'GET', '/api/v1/trips/ongoing-link', undefined, { token: w.customer.accessToken }))
      .body.shareId as string;
  const move = async (w: TripWorld, tripId: string, tripStatus: TripStatus, extra: object = {}) => {
    const res = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${tripId}/status`,
      { tripStatus, ...extra },
      { token: w.transporter.accessToken },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const items = async (shareId: string) => {
    const res = await ongoing(shareId);
    expect(res.statusCode).toBe(200);
    return res.json() as OngoingTripItem[];
  };
  const containerOf = async (w: TripWorld, trip: TripRef) => (await w.consignmentOf(trip.id)).containerNumber;
  const itemWith = (list: OngoingTripItem[], containerNumber: string | null) =>
    list.find((i) => i.consignments[0]?.containerNumber === containerNumber);

  describe('with trips at every stage', () => {
    let w: TripWorld;
    let shareId: string;
    let started: TripRef;
    let loaded: TripRef;
    let delivered: TripRef;
    let general: TripRef;
    let truckOfLoaded: string;

    beforeAll(async () => {
      w = await tripWorld(t);
      shareId = await shareIdOf(w);
      // Not in the table: not started, completed, cancelled, or another customer's.
      await w.newTrip();
      const completed = await w.newTrip({ cargoType: 'IMPORT_SHIPPER_OWNED' });
      await w.assignFleet(completed.id);
      await w.walkTo(completed.id, 'DELIVERED');
      const cancelled = await w.newTrip();
      await w.assignFleet(cancelled.id);
      await w.walkTo(cancelled.id, 'STARTED');
      await call(
        t.app,
        'PATCH',
        '/api/v1/trips/cancel',
        { tripIds: [cancelled.id], reason: 'Consignee refused the load' },
        { token: w.admin.accessToken },
      );
      const others = await w.tripOfOthers();
      await setTripState(t, [others.id], { latestStatus: 'STARTED' });

      started = await w.newTrip();
      loaded = await w.newTrip();
      delivered = await w.newTrip();
      general = await w.generalCargoTrip();
      await w.assignFleet(started.id);
      truckOfLoaded = (await w.assignFleet(loaded.id)).truck.registrationNumber;
      await w.assignFleet(delivered.id);
      await w.assignFleet(general.id);
      // Moved in this order, so the table lists them the other way round.
      await w.walkTo(started.id, 'STARTED');
      await w.walkTo(loaded.id, 'AT_PICKUP_LOCATION');
      await move(w, loaded.id, 'LOADED', { location: APAPA });
      await w.walkTo(delivered.id, 'DELIVERED');
      await w.walkTo(general.id, 'STARTED');
    });

    it("lists only the company's started, live trips, most recently moved first", async () => {
      const list = await items(shareId);
      expect(list.map((i) => i.consignments[0]?.containerNumber ?? null)).toEqual([
        null,
        await containerOf(w, delivered),
        await containerOf(w, loaded),
        await containerOf(w, started),
      ]);
      expect(list[0]!.cargoType).toBe('GENERAL_CARGO');
    });

    it('answers the exact shape of the contract, with no ids, phones or prices', async () => {
      const res = await ongoing(shareId);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const list = res.json();
      expect(ongoingTripsResponse.parse(list)).toEqual(list);
      for (const item of list) {
        expect(Object.keys(item)).toEqual(ITEM_KEYS);
        for (const c of item.consignments) {
          expect(Object.keys(c)).toEqual([
            'containerNumber',
            'containerSize',
            'liner',
            'deliveryOrderValidityDate',
          ]);
        }
      }
      expect(res.body).not.toMatch(UUID);
      expect(res.body).not.toMatch(/\+234/);
      expect(res.body).not.toMatch(/kobo|amount|price|42500000/i);
    });

    it('gives each column its real value', async () => {
      const row = await w.tripRow(loaded.id);
      const consignment = await w.consignmentOf(loaded.id);
      const [liner] = await t.ctx.db.select().from(shippingLines).where(eq(shippingLines.id, w.linerId));
      const { terminal } = await referenceIds(t);
      const item = itemWith(await items(shareId), consignment.containerNumber)!;
      expect(item).toEqual({
        cargoType: 'IMPORT_LINER_OWNED',
        consignments: [
          {
            containerNumber: consignment.containerNumber,
            containerSize: 'FTS_20',
            liner: { name: liner!.name },
            deliveryOrderValidityDate: consignment.deliveryOrderValidityDate,
          },
        ],
        pickupDate: row.pickupDate,
        pickupTerminal: { operator: terminal.operator, city: terminal.city },
        pickupAddress: null,
        recipientTerminal: null,
        recipientAddress: { city: LAGOS_ADDRESS.city, state: LAGOS_ADDRESS.state },
        tripStatusLogs: [
          {
            tripStatus: 'STARTED',
            timeStamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          },
          { tripStatus: 'AT_PICKUP_LOCATION', timeStamp: expect.any(String) },
          { tripStatus: 'LOADED', timeStamp: trackingTimeStamp(row.latestStatusAt!) },
        ],
        currentLocation: { address: { lga: 'Apapa', state: 'Lagos' } },
        latestTripIssue: null,
        latestTripStatus: {
          tripStatus: 'LOADED',
          tripStatusDescription: 'Container(s) Loaded',
          timeStamp: trackingTimeStamp(row.latestStatusAt!),
        },
        truckRegistrationNumber: truckOfLoaded,
      });
      expect(ongoingStatus(item)).toBe('Container(s) Loaded');
    });

    it('carries what the arrival, offload and empty-return columns need', async () => {
      const consignment = await w.consignmentOf(delivered.id);
      const item = itemWith(await items(shareId), consignment.containerNumber)!;
      expect(item.tripStatusLogs.map((l) => l.tripStatus)).toEqual([
        'STARTED',
        'AT_PICKUP_LOCATION',
        'LOADED',
        'AT_DELIVERY_LOCATION',
        'DELIVERED',
      ]);
      const [cells] = ongoingContainerRows([item]);
      const arrival = item.tripStatusLogs.find((l) => l.tripStatus === 'AT_DELIVERY_LOCATION')!.timeStamp;
      expect(cells![8]).toBe(lagosDayText(arrival));
      // An Import LOC container is offloaded once its empty is back; until then the column is N/A.
      expect(cells![9]).toBe(NOT_AVAILABLE);
      expect(cells![10]).toBe(lagosDayText(consignment.deliveryOrderValidityDate));
      expect(cells![13]).toBe('Delivered');
      const [generalCells] = ongoingGeneralCargoRows(await items(shareId));
      expect(generalCells![0]).toBe('General Cargo');
      expect(generalCells![9]).toBe('Trip Started');
    });

    it('shows DELAYED while an issue is open, and the status again once it is resolved, at once', async () => {
      const consignment = await w.consignmentOf(started.id);
      expect(ongoingStatus(itemWith(await items(shareId), consignment.containerNumber)!)).toBe(
        'Trip Started',
      );
      const opened = await call(
        t.app,
        'POST',
        `/api/v1/trips/${started.id}/issues`,
        { issueType: 'BREAKDOWN', description: 'Gearbox failed at Berger', location: APAPA },
        { token: w.transporter.accessToken },
      );
      expect(opened.status).toBe(201);
      await changesHeard(t, started.id);
      const delayed = itemWith(await items(shareId), consignment.containerNumber)!;
      expect(delayed.latestTripIssue).toEqual({ issueStatus: 'OPEN' });
      expect(ongoingStatus(delayed)).toBe('DELAYED');
      expect(delayed.currentLocation).toEqual({ address: { lga: 'Apapa', state: 'Lagos' } });

      const resolved = await call(t.app, 'GET', `/api/v1/trips/issues/resolve/${opened.body.id}`, undefined, {
        token: w.transporter.accessToken,
      });
      expect(resolved.status).toBe(200);
      await changesHeard(t, started.id);
      const back = itemWith(await items(shareId), consignment.containerNumber)!;
      expect(back.latestTripIssue).toBeNull();
      expect(ongoingStatus(back)).toBe('Trip Started');
    });

    it('answers 304 while nothing changed and a new ETag once a trip moves', async () => {
      const first = await ongoing(shareId);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      const same = await ongoing(shareId, { 'if-none-match': etag });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe('');
      await w.walkTo(started.id, 'AT_PICKUP_LOCATION');
      await changesHeard(t, started.id);
      const moved = await ongoing(shareId, { 'if-none-match': etag });
      expect(moved.statusCode).toBe(200);
      expect(moved.headers.etag).not.toBe(etag);
      expect(moved.json()[0].latestTripStatus.tripStatus).toBe('AT_PICKUP_LOCATION');
    });
  });

  it('adds a trip the moment it starts and drops it the moment it completes or is cancelled', async () => {
    const w = await tripWorld(t);
    const shareId = await shareIdOf(w);
    expect(await items(shareId)).toEqual([]);
    const trip = await w.newTrip({ cargoType: 'IMPORT_SHIPPER_OWNED' });
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'STARTED');
    await changesHeard(t, trip.id);
    expect(await items(shareId)).toHaveLength(1);
    await w.walkTo(trip.id, 'DELIVERED');
    await changesHeard(t, trip.id);
    expect(await items(shareId)).toEqual([]);

    const other = await w.newTrip();
    await w.assignFleet(other.id);
    await w.walkTo(other.id, 'STARTED');
    await changesHeard(t, other.id);
    expect(await items(shareId)).toHaveLength(1);
    await call(
      t.app,
      'PATCH',
      '/api/v1/trips/cancel',
      { tripIds: [other.id], reason: 'Cargo held by customs' },
      { token: w.admin.accessToken },
    );
    await changesHeard(t, other.id);
    expect(await items(shareId)).toEqual([]);
  });

  it('answers an empty list as [] for a company with no ongoing trip', async () => {
    const w = await tripWorld(t);
    const res = await ongoing(await shareIdOf(w));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[]');
  });

  it('answers 404 with its message for an unknown or malformed share id', async () => {
    for (const id of ['CCCCCCCCCCCCCCCCCCCCCC', 'nope', '%E2%9C%93'.repeat(10)]) {
      const res = await ongoing(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: ONGOING_LINK_NOT_FOUND, code: 'NOT_FOUND' });
    }
  });
});
