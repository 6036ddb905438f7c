import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIP_ACTIONS } from '@freightlane/domain';
import { trips } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { awardedOrder, setTripState } from '../../test/awarded-trips';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  lagosDate,
} from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';

describe('GET /api/v1/trips', () => {
  let t: TestApp;
  let w: TripWorld;
  /** Trips of customer × transporter: three containers, then one general-cargo load. */
  let containerTrips: TripRef[];
  let cargoTrip: TripRef;
  let otherTrip: TripRef;
  let containerOrder: Record<string, any>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    containerOrder = await w.award(
      { containers: containerRows(3, w.linerId), clientName: 'Golden Penny Ltd', reference: 'GP-4410' },
      50_000_000,
    );
    containerTrips = containerOrder.trips;
    cargoTrip = await w.generalCargoTrip(
      { weightTonnes: 28.5 },
      { clientName: 'BUA Cement', reference: 'BUA_77' },
    );
    otherTrip = await w.tripOfOthers();

    const [a, b, c] = containerTrips;
    await setTripState(t, [a!.id], {
      latestStatus: 'LOADED',
      latestStatusAt: new Date(Date.now() - 3600_000),
    });
    await setTripState(t, [b!.id], { latestStatus: 'STARTED', latestStatusAt: new Date() });
    await setTripState(t, [c!.id], {
      latestStatus: 'EMPTY_DROP_OFF',
      latestStatusAt: new Date(Date.now() - 7200_000),
      completed: true,
    });
  });
  afterAll(() => t.close());

  const list = async (token: string, query = '') => {
    const res = await call(t.app, 'GET', `/api/v1/trips${query}`, undefined, { token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const ids = async (token: string, query = '') =>
    (await list(token, query)).content.map((trip: TripRef) => trip.id) as string[];

  it('shows a customer its trips, the most recently moved first and unstarted ones after, newest first', async () => {
    const body = await list(w.customer.accessToken);
    const [a, b, c] = containerTrips;
    expect(body.totalElements).toBe(4);
    expect(body.content.map((trip: TripRef) => trip.id)).toEqual([b!.id, a!.id, c!.id, cargoTrip.id]);
    expect(body.content[0]).toMatchObject({
      tripNumber: b!.tripNumber,
      trackingId: b!.trackingId,
      orderId: containerOrder.id,
      orderNumber: containerOrder.orderNumber,
      cargoType: 'IMPORT_LINER_OWNED',
      clientName: 'Golden Penny Ltd',
      reference: 'GP-4410',
      customerName: 'Lekki Foods Ltd',
      transporterName: 'Agege Haulage Ltd',
      pickup: { terminal: { code: 'APMT-APAPA' }, address: null },
      recipient: { terminal: null, address: { city: 'Ikeja' } },
      amountKobo: 50_000_000,
      consignment: {
        containerNumber: containerOrder.items[1].containerNumber,
        containerSize: 'FTS_20',
        liner: { code: 'MSC' },
        description: null,
      },
      latestTripStatus: { tripStatus: 'STARTED' },
      completed: false,
      cancelled: false,
    });
    expect(new Date(body.content[0].latestTripStatus.timeStamp).toISOString()).toBe(
      body.content[0].latestTripStatus.timeStamp,
    );
    expect(body.content[3]).toMatchObject({
      cargoType: 'GENERAL_CARGO',
      latestTripStatus: null,
      consignment: {
        containerNumber: null,
        liner: null,
        description: 'Bagged cement, 600 bags',
        weightTonnes: 28.5,
        truckType: 'FLATBED',
      },
    });
  });

  it('scopes by company: transporters and fleet managers see the trips they run, others none of them', async () => {
    expect((await ids(w.transporter.accessToken)).sort()).toEqual(
      [...containerTrips.map((trip) => trip.id), cargoTrip.id].sort(),
    );
    expect(await ids(w.otherCustomer.accessToken)).toEqual([otherTrip.id]);
    expect(await ids(w.otherTransporter.accessToken)).toEqual([otherTrip.id]);

    expect(await ids(w.fleetManager.accessToken)).toHaveLength(4);

    const stranger = await signedInAccount(t, 'TRANSPORTER');
    expect(await list(stranger.accessToken)).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('shows admins every trip', async () => {
    const all = await ids(w.admin.accessToken, '?size=100');
    expect(all).toEqual(
      expect.arrayContaining([...containerTrips.map((trip) => trip.id), cargoTrip.id, otherTrip.id]),
    );
  });

  it('filters by completion: completed=false leaves out completed and cancelled trips', async () => {
    const shipper = await createVerifiedCustomer(t);
    const haulier = await createVerifiedTransporter(t);
    const { order } = await awardedOrder(t, shipper, haulier, { containers: containerRows(3, w.linerId) });
    const [done, cancelled, open] = order.trips as TripRef[];
    await setTripState(t, [done!.id], { latestStatus: 'DELIVERED', completed: true });
    await setTripState(t, [cancelled!.id], { cancelled: true });
    expect(await ids(shipper.accessToken, '?completed=true')).toEqual([done!.id]);
    expect(await ids(shipper.accessToken, '?completed=false')).toEqual([open!.id]);
    expect(await ids(haulier.accessToken, '?completed=false')).toEqual([open!.id]);
    const everything = await list(shipper.accessToken);
    expect(everything.totalElements).toBe(3);
    expect(everything.content.find((trip: TripRef) => trip.id === cancelled!.id).cancelled).toBe(true);
  });

  it('filters by start and by the latest trip status', async () => {
    const [a, b, c] = containerTrips;
    expect(await ids(w.customer.accessToken, '?started=false&completed=false')).toEqual([cargoTrip.id]);
    expect(await ids(w.customer.accessToken, '?started=true')).toEqual([b!.id, a!.id, c!.id]);
    expect(await ids(w.customer.accessToken, '?tripStatusList=STARTED,LOADED')).toEqual([b!.id, a!.id]);
    expect(await ids(w.customer.accessToken, '?tripStatusList=DELIVERED')).toEqual([]);
  });

  it('searches trip number, container number, order number, client name and reference', async () => {
    const [a] = containerTrips;
    const container = containerOrder.items[0].containerNumber as string;
    expect(await ids(w.customer.accessToken, `?q=${a!.tripNumber}`)).toEqual([a!.id]);
    expect(await ids(w.customer.accessToken, `?q=${container.toLowerCase()}`)).toEqual([a!.id]);
    expect(await ids(w.customer.accessToken, `?q=${containerOrder.orderNumber}`)).toHaveLength(3);
    expect(await ids(w.customer.accessToken, '?q=golden%20penny')).toHaveLength(3);
    expect(await ids(w.customer.accessToken, '?q=BUA_77')).toEqual([cargoTrip.id]);
    // _ and % are literal characters in a search, never wildcards.
    expect(await ids(w.customer.accessToken, '?q=GP_4410')).toEqual([]);
    expect(await ids(w.customer.accessToken, '?q=%25')).toEqual([]);
    // Another company's trips never match.
    expect(await ids(w.otherCustomer.accessToken, `?q=${a!.tripNumber}`)).toEqual([]);
  });

  it('pages, answers on the trailing-slash path and accepts the spec’s sort parameter', async () => {
    const page = await list(w.customer.accessToken, '?page=1&size=3');
    expect(page).toMatchObject({ number: 1, size: 3, totalElements: 4, totalPages: 2 });
    expect(page.content.map((trip: TripRef) => trip.id)).toEqual([cargoTrip.id]);
    const slash = await call(
      t.app,
      'GET',
      '/api/v1/trips/?page=0&size=2&sort=latestTripStatus.timeStamp,DESC',
      undefined,
      { token: w.customer.accessToken },
    );
    expect(slash.status).toBe(200);
    expect(slash.body.content.map((trip: TripRef) => trip.id)).toEqual([
      containerTrips[1]!.id,
      containerTrips[0]!.id,
    ]);
  });

  it('sorts by the latest status time either way, unstarted trips last', async () => {
    const [a, b, c] = containerTrips;
    expect(await ids(w.customer.accessToken, '?sort=latestTripStatus.timeStamp,ASC')).toEqual([
      c!.id,
      a!.id,
      b!.id,
      cargoTrip.id,
    ]);
    expect(await ids(w.customer.accessToken, '?sort=latestTripStatus.timeStamp,DESC')).toEqual([
      b!.id,
      a!.id,
      c!.id,
      cargoTrip.id,
    ]);
  });

  it('sorts by pickup date; the first sort entry decides', async () => {
    const shipper = await createVerifiedCustomer(t);
    const haulier = await createVerifiedTransporter(t);
    const { order } = await awardedOrder(t, shipper, haulier, { containers: containerRows(3, w.linerId) });
    const [soon, later, latest] = order.trips as TripRef[];
    const setPickup = (id: string, days: number) =>
      t.ctx.db
        .update(trips)
        .set({ pickupDate: lagosDate(days) })
        .where(eq(trips.id, id));
    await setPickup(soon!.id, 2);
    await setPickup(later!.id, 5);
    await setPickup(latest!.id, 9);
    expect(await ids(shipper.accessToken, '?sort=pickupDate,ASC')).toEqual([soon!.id, later!.id, latest!.id]);
    expect(await ids(haulier.accessToken, '?sort=pickupDate,DESC')).toEqual([
      latest!.id,
      later!.id,
      soon!.id,
    ]);
    expect(
      await ids(shipper.accessToken, '?sort=pickupDate,DESC&sort=latestTripStatus.timeStamp,DESC'),
    ).toEqual([latest!.id, later!.id, soon!.id]);
  });

  it.each([
    ['?sort=tripNumber,ASC', 'query.sort'],
    ['?completed=maybe', 'query.completed'],
    ['?started=1', 'query.started'],
    ['?tripStatusList=STARTED,FLYING', 'query.tripStatusList'],
    ['?size=101', 'query.size'],
    ['?page=x', 'query.page'],
    [`?q=${'a'.repeat(101)}`, 'query.q'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await call(t.app, 'GET', `/api/v1/trips${query}`, undefined, {
      token: w.customer.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers 401 without a session', async () => {
    const res = await call(t.app, 'GET', '/api/v1/trips');
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });
});

describe('GET /api/v1/trips/{id}', () => {
  let t: TestApp;
  let w: TripWorld;
  let trip: TripRef;
  let order: Record<string, any>;
  const location = { state: 'Lagos', lga: 'Apapa', description: 'APM Terminals gate' };

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    order = await w.award(
      { containers: containerRows(1, w.linerId), clientName: 'Golden Penny Ltd', reference: 'GP-4410' },
      50_000_000,
    );
    trip = order.trips[0];
    await w.assignFleet(trip.id, { registrationNumber: 'KJA 512 XA' });
    const started = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${trip.id}/status`,
      { tripStatus: 'STARTED', location, note: 'Left the park at 5 am' },
      { token: w.transporter.accessToken },
    );
    expect(started.status).toBe(200);
    const noted = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${trip.id}`,
      { note: 'Call Mr Okafor at the gate' },
      { token: w.customer.accessToken },
    );
    expect(noted.status).toBe(200);
  });
  afterAll(() => t.close());

  const get = (id: string, token?: string) =>
    call(t.app, 'GET', `/api/v1/trips/${id}`, undefined, token ? { token } : {});

  it('shows the customer the whole trip: summary as in the list, log, resources, notes, code, invoice', async () => {
    const res = await get(trip.id, w.customer.accessToken);
    expect(res.status).toBe(200);
    const listed = (await call(t.app, 'GET', '/api/v1/trips', undefined, { token: w.customer.accessToken }))
      .body.content[0];
    for (const [key, value] of Object.entries(listed)) expect(res.body[key], key).toEqual(value);
    const row = await w.tripRow(trip.id);
    expect(res.body).toMatchObject({
      id: trip.id,
      tripNumber: trip.tripNumber,
      orderNumber: order.orderNumber,
      clientName: 'Golden Penny Ltd',
      customerName: 'Lekki Foods Ltd',
      transporterName: 'Agege Haulage Ltd',
      amountKobo: 50_000_000,
      latestTripStatus: { tripStatus: 'STARTED' },
      completed: false,
      cancelled: false,
      tripStatusLogs: [
        {
          tripStatus: 'STARTED',
          location,
          note: 'Left the park at 5 am',
          changedBy: 'Kemi User (Agege Haulage Ltd)',
          handoverOverrideReason: null,
        },
      ],
      resources: {
        truck: { registrationNumber: 'KJA 512 XA', make: 'MAN', type: 'CONTAINER_CHASSIS_40' },
        driver: { name: 'Musa Ibrahim', hasPhoto: false },
        motorBoy: null,
      },
      documents: [],
      issues: [],
      notes: [
        {
          side: 'CUSTOMER',
          isAdminNote: false,
          note: 'Call Mr Okafor at the gate',
          updatedBy: 'Kemi User (Lekki Foods Ltd)',
        },
      ],
      currentLocation: location,
      expectedDeliveryDate: null,
      cancelledAt: null,
      cancellationReason: null,
      allowedNextStatuses: [],
      actions: ['CANCEL', 'EDIT_CONSIGNMENT'],
      handover: { code: row.handoverCode, lockedUntil: null },
      // The price won, with VAT at 7.5 %: what the customer pays.
      invoice: { amountKobo: 53_750_000, status: 'PENDING_PAYMENT', chargesAwaitingAnswer: 0 },
    });
    expect(res.body.invoice.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(res.body.tripStatusLogs[0].timeStamp).toBe(res.body.latestTripStatus.timeStamp);
  });

  it('shows the transporter the moves it may make and hides the handover code', async () => {
    const res = await get(trip.id, w.transporter.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.allowedNextStatuses).toEqual(['AT_PICKUP_LOCATION']);
    expect(res.body.actions).toEqual([
      'CHANGE_STATUS',
      'CANCEL',
      'ASSIGN_RESOURCES',
      'EDIT_CONSIGNMENT',
      'SET_EXPECTED_DELIVERY',
    ]);
    expect(res.body.handover).toEqual({ code: null, lockedUntil: null });
    expect(res.body.notes).toHaveLength(1);
  });

  it('gives an admin every action and the code', async () => {
    const res = await get(trip.id, w.admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.actions).toEqual([...TRIP_ACTIONS]);
    expect(res.body.allowedNextStatuses).toEqual(['AT_PICKUP_LOCATION']);
    expect(res.body.handover.code).toMatch(/^\d{6}$/);
  });

  it('answers 404 to another company on either side, 400 for a malformed id and 401 without a session', async () => {
    for (const token of [w.otherCustomer.accessToken, w.otherTransporter.accessToken]) {
      const res = await get(trip.id, token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Trip not found');
    }
    expect((await get(randomUUID(), w.customer.accessToken)).status).toBe(404);
    const bad = await get('TRP-2026-000001', w.customer.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toContain('params.id');
    expect((await get(trip.id)).status).toBe(401);
  });
});

describe('GET /api/v1/trips/lookup/trip-status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every status with its description to any signed-in user', async () => {
    for (const userType of ['CUSTOMER', 'TRANSPORTER', 'ADMIN'] as const) {
      const account = await signedInAccount(t, userType);
      const res = await call(t.app, 'GET', '/api/v1/trips/lookup/trip-status', undefined, {
        token: account.accessToken,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { tripStatus: 'STARTED', tripStatusDescription: 'Trip Started' },
        { tripStatus: 'AT_PICKUP_LOCATION', tripStatusDescription: 'At Pick-Up Location' },
        { tripStatus: 'AT_WAREHOUSE_LOCATION', tripStatusDescription: 'At Warehouse Location' },
        { tripStatus: 'LOADED', tripStatusDescription: 'Container(s) Loaded' },
        { tripStatus: 'AT_DELIVERY_LOCATION', tripStatusDescription: 'At Delivery Location' },
        { tripStatus: 'AT_DROP_OFF_LOCATION', tripStatusDescription: 'At Drop-Off Location' },
        { tripStatus: 'DELIVERED', tripStatusDescription: 'Delivered' },
        { tripStatus: 'EMPTY_DROP_OFF', tripStatusDescription: 'Empty Dropped Off' },
      ]);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/api/v1/trips/lookup/trip-status')).status).toBe(401);
  });
});
