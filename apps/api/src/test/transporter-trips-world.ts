import { and, eq, inArray, isNull } from 'drizzle-orm';
import { LAGOS_OFFSET_MS, lagosDateInDays, type TripIssueType, type TripStatus } from '@freightlane/domain';
import {
  bids,
  companies,
  consignments,
  drivers,
  orders,
  terminals,
  trackingCompanies,
  trackingCredentials,
  trackingDevices,
  tripIssues,
  trips,
  tripStatusLogs,
  truckLatestPositions,
  truckPositions,
  trucks,
} from '../db/schema';
import { placeBidViaApi } from './awarded-trips';
import { insertDriver, insertTruck } from './fleet';
import { generalCargoRow, LAGOS_ADDRESS, placeOrderViaApi, referenceIds } from './marketplace';
import { call, type TestApp } from './test-app';
import { tripWorld, type Account, type TripRef } from './trip-world';

const DAY = 24 * 60 * 60 * 1000;

/** The Lagos calendar day of an instant, computed without SQL. */
export const lagosDayOf = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** A Lagos calendar day `days` after `day` (YYYY-MM-DD). */
export const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * The transporter reports' world (docs/reports.md 3.4–3.8), built through the API where the API can
 * do it and backdated in the database where a test needs the past: Agege Haulage Ltd (with its fleet
 * manager) runs eight trucks and their drivers for Lekki Foods Ltd, with trips at every stage: completed
 * in the range and before it (one with an undone step, one whose truck was put on after set-off, one on a
 * truck deactivated since), under way (one delayed by open issues, one set off before the range, one on a
 * tracked truck gone silent), awaiting start (with and without a truck), cancelled after set-off; routes of
 * positions where the truck report measures distance; bids won, lost, lost to a cancelled order,
 * withdrawn and still open. Kano Express Ltd, the other transporter, has trucks, positions and trips of
 * its own that must never show.
 */
export async function transporterTripsWorld(t: TestApp) {
  const w = await tripWorld(t);
  const { customer, transporter, otherTransporter, admin, fleetManager } = w;
  const db = t.ctx.db;
  const companyId = transporter.company.id;
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);
  const today = lagosDateInDays(0);
  const { terminalId: tinCanId } = await referenceIds(t, { terminal: 'TICT-TINCAN' });
  /** An exporter's warehouse, and a terminal to deliver to. */
  const warehouse = { kind: 'ADDRESS', address: { ...LAGOS_ADDRESS } };
  const tinCan = { kind: 'TERMINAL', terminalId: tinCanId };

  // ---- fleet --------------------------------------------------------------------------------------
  const truck = async (plate: string, createdDaysAgo: number, owner = companyId) =>
    insertTruck(t, owner, { registrationNumber: plate, createdAt: ago(createdDaysAgo) });
  const driver = async (firstName: string, lastName: string, owner = companyId) => {
    const row = await insertDriver(t, owner);
    await db.update(drivers).set({ firstName, lastName }).where(eq(drivers.id, row.id));
    return { ...row, firstName, lastName };
  };
  const fleet = {
    a: await truck('AGL 101 AA', 120),
    b: await truck('AGL 102 AB', 120),
    c: await truck('AGL 103 AC', 120),
    d: await truck('AGL 104 AD', 120),
    e: await truck('AGL 105 AE', 120),
    f: await truck('AGL 106 AF', 120),
    g: await truck('AGL 107 AG', 120),
    // Registered five days ago: its available days start then.
    h: await truck('AGL 108 AH', 5),
  };
  const crew = {
    a: await driver('Adamu', 'Bello'),
    b: await driver('Bayo', 'Ojo'),
    c: await driver('Chinedu', 'Eze'),
    d: await driver('Dauda', 'Musa'),
    f: await driver('Femi', 'Ade'),
    g: await driver('Garba', 'Sani'),
  };

  // ---- helpers ------------------------------------------------------------------------------------
  /** An order of the customer awarded whole to `winner` through the API; its first trip. */
  const awardTrip = async (
    overrides: Record<string, unknown>,
    amountKobo: number,
    winner: Account = transporter,
  ): Promise<TripRef> => (await w.award(overrides, amountKobo, { customer, transporter: winner })).trips[0];

  /** Dates the award and its winning bid in the past. */
  const awardedAt = async (tripId: string, at: Date) => {
    const [row] = await db.update(trips).set({ createdAt: at }).where(eq(trips.id, tripId)).returning();
    await db.update(bids).set({ decidedAt: at }).where(eq(bids.id, row!.bidId));
  };

  const setTrip = (tripId: string, values: Partial<typeof trips.$inferInsert>) =>
    db.update(trips).set(values).where(eq(trips.id, tripId));

  /** Puts a truck and driver on the trip through the API, as the transporter does. */
  const assign = async (tripId: string, truckId: string, driverId: string) => {
    const consignment = await w.consignmentOf(tripId);
    const res = await call(
      t.app,
      'PUT',
      `/api/v1/trips/consignment/${consignment.id}/assign-resources`,
      { truckId, driverId },
      { token: transporter.accessToken },
    );
    if (res.status !== 200) throw new Error(`assigning failed: ${res.status} ${JSON.stringify(res.body)}`);
  };

  /**
   * Walks the trip through the API up to the last status given, then dates each step's live log as given
   * (and the trip's latest status time with the last one), as if it had happened then.
   */
  const steps = async (tripId: string, times: [TripStatus, Date][]) => {
    await w.walkTo(tripId, times.at(-1)![0]);
    for (const [status, at] of times) {
      await db
        .update(tripStatusLogs)
        .set({ at })
        .where(
          and(
            eq(tripStatusLogs.tripId, tripId),
            eq(tripStatusLogs.status, status),
            isNull(tripStatusLogs.undoneAt),
          ),
        );
    }
    await setTrip(tripId, { latestStatusAt: times.at(-1)![1] });
  };

  /** Opens an issue through the API (as the transporter), dated `openedAt`; resolves it when asked. */
  const issue = async (tripId: string, issueType: TripIssueType, openedAt: Date, resolved = false) => {
    const res = await call(
      t.app,
      'POST',
      `/api/v1/trips/${tripId}/issues`,
      { issueType, description: `${issueType} on the road` },
      { token: transporter.accessToken },
    );
    if (res.status !== 201)
      throw new Error(`opening an issue failed: ${res.status} ${JSON.stringify(res.body)}`);
    if (resolved) {
      const done = await call(t.app, 'GET', `/api/v1/trips/issues/resolve/${res.body.id}`, undefined, {
        token: transporter.accessToken,
      });
      if (done.status !== 200) throw new Error(`resolving failed: ${done.status}`);
    }
    await db.update(tripIssues).set({ openedAt }).where(eq(tripIssues.id, res.body.id));
  };

  /** Positions of a truck at the given times, along a line out of Apapa (about 1.1 km a step). */
  const positions = async (truckId: string, owner: string, times: Date[]) => {
    await db.insert(truckPositions).values(
      times.map((recordedAt, i) => ({
        truckId,
        companyId: owner,
        recordedAt,
        latitude: 6.45 + 0.01 * i,
        longitude: 3.36 + 0.003 * i * i,
        source: 'TRACCAR' as const,
      })),
    );
  };

  // ---- trips of the transporter ---------------------------------------------------------------------
  // Completed in the range on truck A; the truck was put on it after set-off (a replacement), so the
  // route starts then. Picked up on the day, delivered a day after the expected date, one resolved issue.
  const a1 = await awardTrip({ cargoType: 'IMPORT_SHIPPER_OWNED' }, 41_000_000);
  await awardedAt(a1.id, ago(14));
  await assign(a1.id, fleet.a.id, crew.a.id);
  await steps(a1.id, [
    ['STARTED', ago(12.2)],
    ['AT_PICKUP_LOCATION', ago(12.1)],
    ['LOADED', ago(12)],
  ]);
  await issue(a1.id, 'BREAKDOWN', ago(11), true);
  await steps(a1.id, [
    ['AT_DELIVERY_LOCATION', ago(10.1)],
    ['DELIVERED', ago(10)],
  ]);
  await setTrip(a1.id, {
    truckAssignedAt: ago(12.15),
    pickupDate: lagosDayOf(ago(12.1)),
    expectedDeliveryDate: dayPlus(lagosDayOf(ago(10)), -1),
  });
  await positions(fleet.a.id, companyId, [ago(12.18), ago(12.1), ago(11.5), ago(11), ago(10.05), ago(9)]);

  // Completed in the range on truck A (liner-owned: it ends with the empty's return). Its loading was
  // undone once by an admin and recorded again; the undone log is dated earlier and must never count.
  const a2 = await awardTrip({}, 39_500_000);
  await awardedAt(a2.id, ago(9));
  await assign(a2.id, fleet.a.id, crew.a.id);
  await w.walkTo(a2.id, 'LOADED');
  const undo = await call(
    t.app,
    'POST',
    `/api/v1/trips/${a2.id}/status/undo`,
    { reason: 'Recorded on the wrong trip' },
    { token: admin.accessToken },
  );
  if (undo.status !== 200) throw new Error(`undo failed: ${undo.status} ${JSON.stringify(undo.body)}`);
  await db
    .update(tripStatusLogs)
    .set({ at: ago(9) })
    .where(and(eq(tripStatusLogs.tripId, a2.id), eq(tripStatusLogs.status, 'LOADED')));
  await steps(a2.id, [
    ['STARTED', ago(7)],
    ['AT_PICKUP_LOCATION', ago(6.9)],
    ['LOADED', ago(6.8)],
    ['AT_DELIVERY_LOCATION', ago(6)],
    ['DELIVERED', ago(5.5)],
    ['EMPTY_DROP_OFF', ago(5)],
  ]);
  await setTrip(a2.id, {
    truckAssignedAt: ago(7.5),
    pickupDate: dayPlus(lagosDayOf(ago(6.9)), 1),
    expectedDeliveryDate: lagosDayOf(ago(5.5)),
  });
  await positions(fleet.a.id, companyId, [ago(6.5), ago(6)]);

  // Completed 40 days ago on truck B: before a 30-day range, inside a three-month one. No target date.
  const b3 = await awardTrip({ cargoType: 'EXPORT', pickup: warehouse, recipient: tinCan }, 45_000_000);
  await awardedAt(b3.id, ago(45));
  await assign(b3.id, fleet.b.id, crew.b.id);
  await steps(b3.id, [
    ['STARTED', ago(42)],
    ['AT_WAREHOUSE_LOCATION', ago(41.9)],
    ['LOADED', ago(41.8)],
    ['AT_DROP_OFF_LOCATION', ago(40.2)],
    ['DELIVERED', ago(40)],
  ]);
  await setTrip(b3.id, { truckAssignedAt: ago(43), pickupDate: lagosDayOf(ago(41.9)) });
  await positions(fleet.b.id, companyId, [ago(41), ago(40.5)]);

  // Completed 100 days ago on truck B: outside every range the tests read.
  const b11 = await awardTrip({ cargoType: 'IMPORT_SHIPPER_OWNED' }, 44_000_000);
  await awardedAt(b11.id, ago(103));
  await assign(b11.id, fleet.b.id, crew.b.id);
  await steps(b11.id, [
    ['STARTED', ago(101)],
    ['AT_PICKUP_LOCATION', ago(100.9)],
    ['LOADED', ago(100.8)],
    ['AT_DELIVERY_LOCATION', ago(100.2)],
    ['DELIVERED', ago(100)],
  ]);
  await setTrip(b11.id, { pickupDate: lagosDayOf(ago(100.9)) });

  // Completed three days ago on truck D, deactivated since; picked up a day late, an accident left open.
  // No positions: its distance is N/A.
  const d4 = await awardTrip(
    {
      cargoType: 'GENERAL_CARGO',
      containers: [],
      generalCargos: [generalCargoRow()],
      pickup: warehouse,
    },
    30_000_000,
  );
  await awardedAt(d4.id, ago(6));
  await assign(d4.id, fleet.d.id, crew.d.id);
  await steps(d4.id, [
    ['STARTED', ago(4)],
    ['AT_PICKUP_LOCATION', ago(3.9)],
    ['LOADED', ago(3.8)],
  ]);
  await issue(d4.id, 'ACCIDENT', ago(3.5));
  await steps(d4.id, [
    ['AT_DELIVERY_LOCATION', ago(3.3)],
    ['DELIVERED', ago(3.2)],
    ['EMPTY_DROP_OFF', ago(3)],
  ]);
  await setTrip(d4.id, { pickupDate: dayPlus(lagosDayOf(ago(3.9)), -1) });
  await db.update(trucks).set({ active: false }).where(eq(trucks.id, fleet.d.id));

  // Under way on truck B, loaded: two open issues (delayed) and a resolved one; ETAs, a last location.
  // Truck B is tracked and last reported three hours ago: silent.
  const b5 = await awardTrip({ cargoType: 'IMPORT_SHIPPER_OWNED' }, 52_000_000);
  await awardedAt(b5.id, ago(4));
  await assign(b5.id, fleet.b.id, crew.b.id);
  await steps(b5.id, [
    ['STARTED', ago(2)],
    ['AT_PICKUP_LOCATION', ago(1.9)],
    ['LOADED', ago(1.5)],
  ]);
  await issue(b5.id, 'BREAKDOWN', ago(1.2));
  await issue(b5.id, 'CHECKPOINT_DELAY', ago(1));
  await issue(b5.id, 'PORT_CONGESTION', ago(1.8), true);
  await setTrip(b5.id, {
    pickupDate: lagosDayOf(ago(1.9)),
    expectedDeliveryDate: lagosDateInDays(1),
    etaTypicalAt: ago(-0.5),
    etaWorstAt: ago(-1),
    currentLocation: { state: 'Lagos', lga: 'Amuwo-Odofin', description: 'Mile 2' },
  });

  // Under way on truck C since 35 days ago: set off before a 30-day range. Tracked, reported ten minutes
  // ago.
  const c6 = await awardTrip({ cargoType: 'EMPTY_CONTAINER', recipient: tinCan }, 33_000_000);
  await awardedAt(c6.id, ago(36));
  await assign(c6.id, fleet.c.id, crew.c.id);
  await steps(c6.id, [['STARTED', ago(35)]]);
  await setTrip(c6.id, { pickupDate: lagosDayOf(ago(35)), expectedDeliveryDate: lagosDateInDays(3) });

  // Under way on truck G since a few hours: at the warehouse, no expected date. G has a tracker that
  // never reported.
  const g7 = await awardTrip({ cargoType: 'EXPORT', pickup: warehouse, recipient: tinCan }, 47_000_000);
  await assign(g7.id, fleet.g.id, crew.g.id);
  await steps(g7.id, [
    ['STARTED', ago(0.3)],
    ['AT_WAREHOUSE_LOCATION', ago(0.2)],
  ]);
  await setTrip(g7.id, { pickupDate: today });

  // Awaiting start on truck A: picked up in five days, delivered in seven.
  const a8 = await awardTrip({}, 40_000_000);
  await assign(a8.id, fleet.a.id, crew.a.id);
  await setTrip(a8.id, { pickupDate: lagosDateInDays(5), expectedDeliveryDate: lagosDateInDays(7) });

  // Awaiting start with neither truck nor driver, due two days ago: an overdue pickup to plan.
  const n9 = await awardTrip(
    { cargoType: 'GENERAL_CARGO', containers: [], generalCargos: [generalCargoRow()] },
    28_000_000,
  );
  await setTrip(n9.id, { pickupDate: lagosDateInDays(-2) });

  // Cancelled after set-off on truck F: its days on the road count, nothing else does.
  const f10 = await awardTrip({}, 36_000_000);
  await awardedAt(f10.id, ago(10));
  await assign(f10.id, fleet.f.id, crew.f.id);
  await steps(f10.id, [['STARTED', ago(8)]]);
  const cancel = await call(
    t.app,
    'PATCH',
    '/api/v1/trips/cancel',
    { tripIds: [f10.id], reason: 'Customer postponed the shipment' },
    { token: transporter.accessToken },
  );
  if (cancel.status !== 200) throw new Error(`cancelling failed: ${cancel.status}`);
  await setTrip(f10.id, { cancelledAt: ago(7.5), pickupDate: lagosDayOf(ago(8)) });

  // Awaiting start, unassigned, picked up in forty days: beyond the schedule's range.
  const n12 = await awardTrip({}, 42_000_000);
  await setTrip(n12.id, { pickupDate: lagosDateInDays(40) });

  // A truck that was deactivated without ever running a trip.
  await db.update(trucks).set({ active: false }).where(eq(trucks.id, fleet.e.id));

  // Trucks B, C and G are tracked; B last reported three hours ago, C ten minutes ago, G never.
  const [provider] = await db.select().from(trackingCompanies).limit(1);
  const [credential] = await db
    .insert(trackingCredentials)
    .values({ companyId, trackingCompanyId: provider!.id, label: 'Fleet trackers' })
    .returning();
  await db.insert(trackingDevices).values(
    [fleet.b, fleet.c, fleet.g].map((tr, i) => ({
      credentialId: credential!.id,
      companyId,
      externalId: `dev-${i}`,
      name: `Tracker ${tr.registrationNumber}`,
      uniqueId: `35000000000000${i}`,
      truckId: tr.id,
      linkedAt: ago(60),
    })),
  );
  const latest = (truckId: string, recordedAt: Date) => ({
    truckId,
    companyId,
    recordedAt,
    latitude: 6.5,
    longitude: 3.35,
    source: 'TRACCAR' as const,
  });
  await db
    .insert(truckLatestPositions)
    .values([latest(fleet.b.id, new Date(now - 3 * 3_600_000)), latest(fleet.c.id, new Date(now - 600_000))]);

  // ---- bids that did not become trips ------------------------------------------------------------
  // Lost: the other transporter won the order; that trip, its truck and route are the other's.
  const lostOrder = await placeOrderViaApi(t, customer.accessToken, { cargoType: 'IMPORT_SHIPPER_OWNED' });
  await placeBidViaApi(t, transporter.accessToken, lostOrder.id, 39_000_000);
  const winning = await placeBidViaApi(t, otherTransporter.accessToken, lostOrder.id, 38_000_000);
  const awarded = await call(
    t.app,
    'POST',
    `/api/v1/orders/${lostOrder.id}/award`,
    { allocations: [{ bidId: winning.id, itemIds: lostOrder.items.map((i) => i.id) }] },
    { token: customer.accessToken },
  );
  if (awarded.status !== 200) throw new Error(`award failed: ${awarded.status}`);
  const otherTrip = awarded.body.trips[0] as TripRef;
  const otherTruck = await truck('KAN 201 KE', 120, otherTransporter.company.id);
  const otherDriver = await driver('Kabiru', 'Lawal', otherTransporter.company.id);
  await db
    .update(trips)
    .set({
      truckId: otherTruck.id,
      driverId: otherDriver.id,
      resourcesAssigned: true,
      truckAssignedAt: ago(8),
    })
    .where(eq(trips.id, otherTrip.id));
  const otherSteps = [
    'STARTED',
    'AT_PICKUP_LOCATION',
    'LOADED',
    'AT_DELIVERY_LOCATION',
    'DELIVERED',
  ] as const;
  for (const [i, status] of otherSteps.entries()) {
    const res = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${otherTrip.id}/status`,
      {
        tripStatus: status,
        ...(status === 'DELIVERED' ? { handoverCode: (await w.detail(otherTrip.id)).handover.code } : {}),
      },
      { token: otherTransporter.accessToken },
    );
    if (res.status !== 200) throw new Error(`moving the other trip failed: ${res.status}`);
    await db
      .update(tripStatusLogs)
      .set({ at: ago(7 - i * 0.5) })
      .where(and(eq(tripStatusLogs.tripId, otherTrip.id), eq(tripStatusLogs.status, status)));
  }
  await setTrip(otherTrip.id, { latestStatusAt: ago(5), expectedDeliveryDate: lagosDateInDays(-5) });
  await positions(otherTruck.id, otherTransporter.company.id, [ago(6.9), ago(6), ago(5.5)]);
  // And one under way since just now, picked up today.
  const otherLive = await awardTrip({}, 50_000_000, otherTransporter);
  const otherLiveTruck = await truck('KAN 202 KE', 120, otherTransporter.company.id);
  const otherLiveDriver = await driver('Kalu', 'Obi', otherTransporter.company.id);
  await setTrip(otherLive.id, {
    truckId: otherLiveTruck.id,
    driverId: otherLiveDriver.id,
    resourcesAssigned: true,
    pickupDate: today,
    expectedDeliveryDate: lagosDateInDays(2),
  });
  const started = await call(
    t.app,
    'PATCH',
    `/api/v1/trips/${otherLive.id}/status`,
    { tripStatus: 'STARTED' },
    { token: otherTransporter.accessToken },
  );
  if (started.status !== 200) throw new Error(`starting the other trip failed: ${started.status}`);

  // Lost to the customer's cancellation of the order.
  const cancelledOrder = await placeOrderViaApi(t, customer.accessToken);
  await placeBidViaApi(t, transporter.accessToken, cancelledOrder.id, 41_000_000);
  const closed = await call(
    t.app,
    'POST',
    `/api/v1/orders/${cancelledOrder.id}/cancel`,
    { reason: 'Shipment held at the port' },
    { token: customer.accessToken },
  );
  if (closed.status !== 200) throw new Error(`cancelling the order failed: ${closed.status}`);

  // Withdrawn, and one still open.
  const withdrawnOrder = await placeOrderViaApi(t, customer.accessToken);
  const withdrawn = await placeBidViaApi(t, transporter.accessToken, withdrawnOrder.id, 43_000_000);
  const pulled = await call(t.app, 'POST', `/api/v1/bids/${withdrawn.id}/withdraw`, undefined, {
    token: transporter.accessToken,
  });
  if (pulled.status !== 200)
    throw new Error(`withdrawing failed: ${pulled.status} ${JSON.stringify(pulled.body)}`);
  const openOrder = await placeOrderViaApi(t, customer.accessToken);
  await placeBidViaApi(t, transporter.accessToken, openOrder.id, 44_000_000);

  // ---- reads for the tests, straight from the tables ----------------------------------------------
  /** Every trip of a company with its order, customer, cargo and places. */
  const tripsOf = (owner = companyId) =>
    db
      .select({
        trip: trips,
        clientName: orders.clientName,
        customer: companies.name,
        containerNumber: consignments.containerNumber,
        description: consignments.description,
      })
      .from(trips)
      .innerJoin(orders, eq(orders.id, trips.orderId))
      .innerJoin(companies, eq(companies.id, trips.customerCompanyId))
      .leftJoin(consignments, eq(consignments.tripId, trips.id))
      .where(eq(trips.transporterCompanyId, owner));

  /** The live status logs of some trips. */
  const liveLogsOf = (tripIds: string[]) =>
    db
      .select()
      .from(tripStatusLogs)
      .where(and(inArray(tripStatusLogs.tripId, tripIds), isNull(tripStatusLogs.undoneAt)));

  const issuesOf = (tripIds: string[]) =>
    db.select().from(tripIssues).where(inArray(tripIssues.tripId, tripIds));

  const trucksOf = (owner = companyId) => db.select().from(trucks).where(eq(trucks.companyId, owner));
  const driversOf = (owner = companyId) => db.select().from(drivers).where(eq(drivers.companyId, owner));
  const positionsOf = (truckId: string) =>
    db.select().from(truckPositions).where(eq(truckPositions.truckId, truckId));
  const bidsOf = (owner = companyId) =>
    db
      .select({ bid: bids, orderStatus: orders.status })
      .from(bids)
      .innerJoin(orders, eq(orders.id, bids.orderId))
      .where(eq(bids.transporterCompanyId, owner));
  const terminalsById = async () => new Map((await db.select().from(terminals)).map((x) => [x.id, x]));
  const devicesOf = (owner = companyId) =>
    db.select().from(trackingDevices).where(eq(trackingDevices.companyId, owner));
  const latestPositionsOf = (owner = companyId) =>
    db.select().from(truckLatestPositions).where(eq(truckLatestPositions.companyId, owner));

  return {
    ...w,
    customer,
    transporter,
    otherTransporter,
    admin,
    fleetManager,
    fleet,
    crew,
    trips: { a1, a2, b3, d4, b5, c6, g7, a8, n9, f10, b11, n12 },
    otherTrips: { done: otherTrip, live: otherLive },
    tripsOf,
    liveLogsOf,
    issuesOf,
    trucksOf,
    driversOf,
    positionsOf,
    bidsOf,
    terminalsById,
    devicesOf,
    latestPositionsOf,
  };
}

export type TransporterTripsWorld = Awaited<ReturnType<typeof transporterTripsWorld>>;
