import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lgaCentres, type ReturnLoadTrip } from '@freightlane/domain';
import { auditLog, notifications, orders, preferredPartners, trips } from '../../db/schema';
import { awardedOrder, closeBidding, placeBidViaApi, setTripState } from '../../test/awarded-trips';
import { insertTruck, signedInFleetManagerOf } from '../../test/fleet';
import {
  createVerifiedCustomer,
  createVerifiedTransporter,
  generalCargoRow,
  lagosDate,
  placeOrderViaApi,
  referenceIds,
} from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { announceReturnLoads } from './index';

type Account = Awaited<ReturnType<typeof createVerifiedTransporter>>;

/** An address in a gazetteer LGA (of Kano State unless another is named). */
const kano = (lga: string, state = 'Kano') => ({
  kind: 'ADDRESS',
  address: { street: '4 Murtala Mohammed Way', neighborhood: lga, lga, city: lga, state },
});

describe('return loads', () => {
  let t: TestApp;
  let shipper: Account;
  let kanoShipper: Account;
  let transporter: Account;
  let rival: Account;
  let fleetManager: { accessToken: string };
  /** The transporter's trip delivering to Kano Municipal, its truck free in two days. */
  let kanoTrip: { id: string; tripNumber: string };
  const freeOn = lagosDate(2);

  const get = (url: string, token: string) => call(t.app, 'GET', url, undefined, { token });
  /** A general-cargo order of the Kano shipper picking up at `lga`, on `pickupDay` days from today. */
  const kanoOrder = (lga: string, pickupDay: number, overrides: Record<string, unknown> = {}) =>
    placeOrderViaApi(t, kanoShipper.accessToken, {
      cargoType: 'GENERAL_CARGO',
      containers: [],
      generalCargos: [generalCargoRow()],
      pickup: kano(lga),
      recipient: kano('Ikeja', 'Lagos'),
      bidDetails: {
        pickupDate: lagosDate(pickupDay),
        biddingClosesAt: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
        targetAmountKobo: null,
      },
      ...overrides,
    });
  /** A trip of `owner` from Apapa to `lga` (Kano), with a truck on it and expected on `expected`. */
  const tripTo = async (owner: Account, lga: string, expected: string | null, state = 'Kano') => {
    const { order } = await awardedOrder(t, shipper, owner, { recipient: kano(lga, state) });
    const trip = order.trips[0] as { id: string; tripNumber: string };
    const truck = await insertTruck(t, owner.company.id);
    await t.ctx.db
      .update(trips)
      .set({ truckId: truck.id, expectedDeliveryDate: expected })
      .where(eq(trips.id, trip.id));
    return { ...trip, truck };
  };
  const matchesOf = async (tripId: string, token = transporter.accessToken) => {
    const res = await get(`/api/v1/trips/${tripId}/return-loads`, token);
    expect(res.status).toBe(200);
    return res.body as { radiusKm: number; trip: ReturnLoadTrip | null };
  };
  const setRadius = (radiusKm: unknown, token = transporter.accessToken) =>
    call(t.app, 'PUT', '/api/v1/return-loads/settings', { radiusKm }, { token });

  beforeAll(async () => {
    t = await createTestApp();
    shipper = await createVerifiedCustomer(t);
    kanoShipper = await createVerifiedCustomer(t);
    transporter = await createVerifiedTransporter(t);
    rival = await createVerifiedTransporter(t);
    fleetManager = await signedInFleetManagerOf(t, transporter);
    kanoTrip = await tripTo(transporter, 'Kano Municipal', freeOn);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('places the gazetteer LGA centres in the database, and pickups and deliveries from them or the terminal', async () => {
    const rows = await t.ctx.db.execute(sql`SELECT state, lga, latitude, longitude FROM lga_centres`);
    const stored = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(
      stored.map((r) => ({ ...r, latitude: Number(r.latitude), longitude: Number(r.longitude) })),
    ).toEqual(expect.arrayContaining(lgaCentres()));
    expect(stored).toHaveLength(lgaCentres().length);

    const [trip] = await t.ctx.db.select().from(trips).where(eq(trips.id, kanoTrip.id));
    expect([trip!.deliveryLatitude, trip!.deliveryLongitude]).toEqual([11.9964, 8.5167]);
    const { terminal } = await referenceIds(t);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, trip!.orderId));
    expect([order!.pickupLatitude, order!.pickupLongitude]).toEqual([terminal.latitude, terminal.longitude]);
  });

  it('matches open orders picking up within the radius of the delivery, from the day the truck is free to 14 days on', async () => {
    const fagge = await kanoOrder('Fagge', 3); // about 1 km from Kano Municipal
    const kura = await kanoOrder('Kura', 5, { returnLoadsWelcome: true }); // about 27 km
    const kiru = await kanoOrder('Kiru', 3); // about 53 km: outside 50, inside 60
    const tooEarly = await kanoOrder('Fagge', 1); // before the truck is free
    const tooLate = await kanoOrder('Fagge', 17); // 15 days after it is free
    const closed = await kanoOrder('Fagge', 3);
    await closeBidding(t, closed.id);

    let found = await matchesOf(kanoTrip.id);
    expect(found.radiusKm).toBe(50);
    expect(found.trip).toMatchObject({
      tripNumber: kanoTrip.tripNumber,
      delivery: { name: 'Kano Municipal', state: 'Kano' },
      freeOn,
      matchCount: 2,
    });
    // The order welcoming return loads comes first, then the nearest.
    expect(found.trip!.matches.map((m) => [m.orderNumber, m.distanceKm, m.returnLoadsWelcome])).toEqual([
      [kura.orderNumber, 27, true],
      [fagge.orderNumber, 1, false],
    ]);
    expect(found.trip!.matches[1]).toMatchObject({
      cargoType: 'GENERAL_CARGO',
      itemCount: 1,
      pickup: { name: 'Fagge', state: 'Kano' },
      delivery: { name: 'Ikeja', state: 'Lagos' },
      pickupDate: lagosDate(3),
      alreadyBid: false,
    });

    expect((await setRadius(60)).body).toEqual({ radiusKm: 60 });
    found = await matchesOf(kanoTrip.id);
    expect(found.trip!.matches.map((m) => m.orderNumber)).toEqual([
      kura.orderNumber,
      fagge.orderNumber,
      kiru.orderNumber,
    ]);
    const shown = found.trip!.matches.map((m) => m.orderId);
    for (const never of [tooEarly, tooLate, closed]) expect(shown).not.toContain(never.id);

    await placeBidViaApi(t, transporter.accessToken, fagge.id);
    found = await matchesOf(kanoTrip.id);
    expect(found.trip!.matches.find((m) => m.orderId === fagge.id)?.alreadyBid).toBe(true);
    await setRadius(50);
  });

  it("shows a preferred partners' order only to the customer's partners", async () => {
    await t.ctx.db
      .insert(preferredPartners)
      .values({ customerCompanyId: kanoShipper.company.id, transporterCompanyId: rival.company.id });
    const privateOrder = await kanoOrder('Fagge', 4, { preferredPartnersOnly: true });
    const rivalTrip = await tripTo(rival, 'Kano Municipal', freeOn);
    const rivalSees = await matchesOf(rivalTrip.id, rival.accessToken);
    expect(rivalSees.trip!.matches.map((m) => m.orderId)).toContain(privateOrder.id);
    const transporterSees = await matchesOf(kanoTrip.id);
    expect(transporterSees.trip!.matches.map((m) => m.orderId)).not.toContain(privateOrder.id);
    await t.ctx.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, privateOrder.id));
    await setTripState(t, [rivalTrip.id], { completed: true });
  });

  it("lists the transporter's trucks on live trips soonest free first, and leaves out finished trips and trips without a truck", async () => {
    const later = await tripTo(transporter, 'Zaria', lagosDate(6), 'Kaduna');
    const noTruck = (await awardedOrder(t, shipper, transporter, { recipient: kano('Fagge') })).order
      .trips[0];
    const done = await tripTo(transporter, 'Fagge', freeOn);
    await setTripState(t, [done.id], { completed: true });

    const res = await get('/api/v1/return-loads', fleetManager.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ radiusKm: 50, trucksConsidered: 2, totalElements: 2, number: 0 });
    const listed = res.body.content as ReturnLoadTrip[];
    expect(listed.map((trip) => trip.tripId)).toEqual([kanoTrip.id, later.id]);
    expect(listed[0]!.matchCount).toBe(2);
    // Nothing picks up near Zaria: the truck is listed with no matches.
    expect(listed[1]).toMatchObject({
      delivery: { name: 'Zaria', state: 'Kaduna' },
      matchCount: 0,
      matches: [],
    });
    expect(listed.map((trip) => trip.tripId)).not.toContain(noTruck.id);

    expect((await matchesOf(done.id)).trip).toBeNull();
    await setTripState(t, [later.id], { cancelled: true });
  });

  it('tells the transporter of each new match once, one message per truck', async () => {
    await t.ctx.jobs.drain();
    await announceReturnLoads(t.ctx);
    await t.ctx.jobs.drain();
    const told = async () =>
      t.ctx.db
        .select({ title: notifications.title, body: notifications.body, link: notifications.link })
        .from(notifications)
        .where(
          and(eq(notifications.userId, transporter.user.id), eq(notifications.kind, 'RETURN_LOAD_FOUND')),
        );
    const first = await told();
    expect(first).toHaveLength(1);
    expect(first[0]!.title).toBe(`${kanoTrip.tripNumber}: 2 return loads near Kano Municipal, Kano`);
    expect(first[0]!.link).toBe(`/trips/${kanoTrip.id}#return-loads`);

    // Nothing new: nothing told.
    await announceReturnLoads(t.ctx);
    await t.ctx.jobs.drain();
    expect(await told()).toHaveLength(1);

    // A new order near the delivery is told on its own.
    const dala = await kanoOrder('Dala', 4);
    expect(await announceReturnLoads(t.ctx)).toBe(1);
    await t.ctx.jobs.drain();
    const all = await told();
    expect(all).toHaveLength(2);
    expect(all.map((n) => n.body)).toContainEqual(expect.stringContaining(dala.orderNumber));
    expect(all.map((n) => n.title)).toContain(
      `${kanoTrip.tripNumber}: 1 return load near Kano Municipal, Kano`,
    );
  });

  it('counts for the customer the trucks expected near its pickup, never whose', async () => {
    const order = await kanoOrder('Gwale', 5);
    const count = async (token = kanoShipper.accessToken) =>
      get(`/api/v1/orders/${order.id}/trucks-near-pickup`, token);
    expect((await count()).body).toEqual({ count: 1 });
    // Another customer cannot ask; a transporter is not a customer.
    expect((await count(shipper.accessToken)).status).toBe(404);
    expect((await count(transporter.accessToken)).status).toBe(403);
    await setTripState(t, [kanoTrip.id], { completed: true });
    expect((await count()).body).toEqual({ count: 0 });
    await setTripState(t, [kanoTrip.id], { completed: false });
  });

  it("answers a trip's return loads to its transporter only", async () => {
    expect((await get(`/api/v1/trips/${kanoTrip.id}/return-loads`, shipper.accessToken)).status).toBe(403);
    expect((await get(`/api/v1/trips/${kanoTrip.id}/return-loads`, rival.accessToken)).status).toBe(404);
    expect((await get(`/api/v1/trips/${kanoTrip.id}/return-loads`, fleetManager.accessToken)).status).toBe(
      200,
    );
    expect((await get('/api/v1/return-loads', shipper.accessToken)).status).toBe(403);
    expect((await get('/api/v1/trips/not-a-uuid/return-loads', transporter.accessToken)).status).toBe(400);
  });

  it("keeps the radius the transporter's own, between 5 and 200 km, and audits a change", async () => {
    expect((await get('/api/v1/return-loads/settings', fleetManager.accessToken)).body).toEqual({
      radiusKm: 50,
    });
    expect((await setRadius(80, fleetManager.accessToken)).status).toBe(403);
    for (const bad of [4, 201, 12.5, '50', null]) {
      const res = await setRadius(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('radiusKm');
    }
    expect((await setRadius(120)).body).toEqual({ radiusKm: 120 });
    expect((await get('/api/v1/return-loads/settings', rival.accessToken)).body).toEqual({ radiusKm: 50 });
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'company.return-load-radius.changed'),
          eq(auditLog.entityId, transporter.company.id),
        ),
      )
      .orderBy(sql`${auditLog.createdAt} DESC`)
      .limit(1);
    expect(row?.data).toEqual({ from: 50, to: 120 });
    await setRadius(50);
  });

  it('lets the customer mark an open order "return loads welcome", and not a closed one', async () => {
    const order = await kanoOrder('Tarauni', 5);
    expect(order.returnLoadsWelcome).toBe(false);
    const mark = (id: string, returnLoadsWelcome: unknown, token = kanoShipper.accessToken) =>
      call(t.app, 'PUT', `/api/v1/orders/${id}/return-loads-welcome`, { returnLoadsWelcome }, { token });
    const res = await mark(order.id, true);
    expect(res.status).toBe(200);
    expect(res.body.returnLoadsWelcome).toBe(true);
    expect((await mark(order.id, 'yes')).status).toBe(400);
    expect((await mark(order.id, true, shipper.accessToken)).status).toBe(404);
    await t.ctx.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, order.id));
    expect((await mark(order.id, false)).status).toBe(409);
  });
});
