import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail } from '../../test/accounts';
import { awardedOrder, setTripState } from '../../test/awarded-trips';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  generalCargoRow,
  referenceIds,
} from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';

type Account = Awaited<ReturnType<typeof createVerifiedCustomer>>;
interface TripRow {
  id: string;
  tripNumber: string;
  [key: string]: any;
}

describe('GET /api/v1/trips', () => {
  let t: TestApp;
  let customer: Account;
  let otherCustomer: Account;
  let transporter: Account;
  let otherTransporter: Account;
  /** Trips of customer × transporter: three containers, then one general-cargo load. */
  let containerTrips: TripRow[];
  let cargoTrip: TripRow;
  let otherTrip: TripRow;
  let containerOrder: Record<string, any>;

  beforeAll(async () => {
    t = await createTestApp();
    customer = await createVerifiedCustomer(t, { name: 'Lekki Foods Ltd' });
    otherCustomer = await createVerifiedCustomer(t);
    transporter = await createVerifiedTransporter(t, { name: 'Agege Haulage Ltd' });
    otherTransporter = await createVerifiedTransporter(t);
    const refs = await referenceIds(t);
    ({ order: containerOrder } = await awardedOrder(
      t,
      customer,
      transporter,
      { containers: containerRows(3, refs.linerId), clientName: 'Golden Penny Ltd', reference: 'GP-4410' },
      50_000_000,
    ));
    containerTrips = containerOrder.trips;
    const cargo = await awardedOrder(t, customer, transporter, {
      cargoType: 'GENERAL_CARGO',
      containers: [],
      generalCargos: [generalCargoRow({ weightTonnes: 28.5 })],
      clientName: 'BUA Cement',
      reference: 'BUA_77',
    });
    cargoTrip = cargo.order.trips[0];
    otherTrip = (await awardedOrder(t, otherCustomer, otherTransporter)).order.trips[0];

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
    (await list(token, query)).content.map((trip: TripRow) => trip.id) as string[];

  it('shows a customer its trips, the most recently moved first and unstarted ones after, newest first', async () => {
    const body = await list(customer.accessToken);
    const [a, b, c] = containerTrips;
    expect(body.totalElements).toBe(4);
    expect(body.content.map((trip: TripRow) => trip.id)).toEqual([b!.id, a!.id, c!.id, cargoTrip.id]);
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
    expect((await ids(transporter.accessToken)).sort()).toEqual(
      [...containerTrips.map((trip) => trip.id), cargoTrip.id].sort(),
    );
    expect(await ids(otherCustomer.accessToken)).toEqual([otherTrip.id]);
    expect(await ids(otherTransporter.accessToken)).toEqual([otherTrip.id]);

    const email = uniqueEmail('fm');
    await createUser(t.ctx.db, transporter.company.id, {
      email,
      password: GOOD_PASSWORD,
      userType: 'FLEET_MANAGER',
    });
    const fm = await call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });
    expect(await ids(fm.body.accessToken)).toHaveLength(4);

    const stranger = await signedInAccount(t, 'TRANSPORTER');
    expect(await list(stranger.accessToken)).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('shows admins every trip', async () => {
    const admin = await signedInAccount(t, 'ADMIN');
    const all = await ids(admin.accessToken, '?size=100');
    expect(all).toEqual(
      expect.arrayContaining([...containerTrips.map((trip) => trip.id), cargoTrip.id, otherTrip.id]),
    );
  });

  it('filters by completion: completed=false leaves out completed and cancelled trips', async () => {
    const shipper = await createVerifiedCustomer(t);
    const haulier = await createVerifiedTransporter(t);
    const refs = await referenceIds(t);
    const { order } = await awardedOrder(t, shipper, haulier, { containers: containerRows(3, refs.linerId) });
    const [done, cancelled, open] = order.trips as TripRow[];
    await setTripState(t, [done!.id], { latestStatus: 'DELIVERED', completed: true });
    await setTripState(t, [cancelled!.id], { cancelled: true });
    expect(await ids(shipper.accessToken, '?completed=true')).toEqual([done!.id]);
    expect(await ids(shipper.accessToken, '?completed=false')).toEqual([open!.id]);
    expect(await ids(haulier.accessToken, '?completed=false')).toEqual([open!.id]);
    const everything = await list(shipper.accessToken);
    expect(everything.totalElements).toBe(3);
    expect(everything.content.find((trip: TripRow) => trip.id === cancelled!.id).cancelled).toBe(true);
  });

  it('filters by start and by the latest trip status', async () => {
    const [a, b, c] = containerTrips;
    expect(await ids(customer.accessToken, '?started=false&completed=false')).toEqual([cargoTrip.id]);
    expect(await ids(customer.accessToken, '?started=true')).toEqual([b!.id, a!.id, c!.id]);
    expect(await ids(customer.accessToken, '?tripStatusList=STARTED,LOADED')).toEqual([b!.id, a!.id]);
    expect(await ids(customer.accessToken, '?tripStatusList=DELIVERED')).toEqual([]);
  });

  it('searches trip number, container number, order number, client name and reference', async () => {
    const [a] = containerTrips;
    const container = containerOrder.items[0].containerNumber as string;
    expect(await ids(customer.accessToken, `?q=${a!.tripNumber}`)).toEqual([a!.id]);
    expect(await ids(customer.accessToken, `?q=${container.toLowerCase()}`)).toEqual([a!.id]);
    expect(await ids(customer.accessToken, `?q=${containerOrder.orderNumber}`)).toHaveLength(3);
    expect(await ids(customer.accessToken, '?q=golden%20penny')).toHaveLength(3);
    expect(await ids(customer.accessToken, '?q=BUA_77')).toEqual([cargoTrip.id]);
    // _ and % are literal characters in a search, never wildcards.
    expect(await ids(customer.accessToken, '?q=GP_4410')).toEqual([]);
    expect(await ids(customer.accessToken, '?q=%25')).toEqual([]);
    // Another company's trips never match.
    expect(await ids(otherCustomer.accessToken, `?q=${a!.tripNumber}`)).toEqual([]);
  });

  it('pages, answers on the trailing-slash path and accepts the spec’s sort parameter', async () => {
    const page = await list(customer.accessToken, '?page=1&size=3');
    expect(page).toMatchObject({ number: 1, size: 3, totalElements: 4, totalPages: 2 });
    expect(page.content.map((trip: TripRow) => trip.id)).toEqual([cargoTrip.id]);
    const slash = await call(
      t.app,
      'GET',
      '/api/v1/trips/?page=0&size=2&sort=latestTripStatus.timeStamp,DESC',
      undefined,
      { token: customer.accessToken },
    );
    expect(slash.status).toBe(200);
    expect(slash.body.content.map((trip: TripRow) => trip.id)).toEqual([
      containerTrips[1]!.id,
      containerTrips[0]!.id,
    ]);
  });

  it.each([
    ['?completed=maybe', 'query.completed'],
    ['?started=1', 'query.started'],
    ['?tripStatusList=STARTED,FLYING', 'query.tripStatusList'],
    ['?size=101', 'query.size'],
    ['?page=x', 'query.page'],
    [`?q=${'a'.repeat(101)}`, 'query.q'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await call(t.app, 'GET', `/api/v1/trips${query}`, undefined, { token: customer.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers 401 without a session', async () => {
    const res = await call(t.app, 'GET', '/api/v1/trips');
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });
});
