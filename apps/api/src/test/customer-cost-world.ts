import { and, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tripTimeline, type TripStatus } from '@freightlane/domain';
import { consignments, invoices, orders, terminals, trips, tripStatusLogs } from '../db/schema';
import { containerRows, generalCargoRow, LAGOS_ADDRESS, referenceIds } from './marketplace';
import { call, type TestApp } from './test-app';
import { tripWorld, type Account } from './trip-world';

const DAY = 24 * 60 * 60 * 1000;

const OGUN_ADDRESS = {
  street: '4 Quarry Road',
  neighborhood: 'Ibara',
  lga: 'Abeokuta South',
  city: 'Abeokuta',
  state: 'Ogun',
} as const;

/** Terminals the small clients' loads leave from, one lane each. */
const TAIL_TERMINALS = [
  'ABTL-APAPA',
  'GDNL-APAPA',
  'JPS-TINCAN',
  'PCHS-TINCAN',
  'FSL-TINCAN',
  'PTML-TINCAN',
  'LFT-LEKKI',
  'ILT-IKORODU',
  'LILYPOND-IJORA',
];

/**
 * A clearing agent's haulage for the cost, sales and cargo movement reports: Lekki Foods Ltd (tripWorld's
 * customer) awards, through the API, loads of every cargo type on fourteen lanes for twelve client names
 * (one client typed three ways), then the trips move through their statuses as the transporter moves them.
 * What the reports must leave out is there too: a trip cancelled before it started, an order awarded 40
 * days ago, a delivery 40 days ago, a delivery an admin undid, and another customer's delivered trip.
 * Counted although unusual: a trip cancelled after delivery, a general-cargo load weighed 0 kg and a
 * container of unknown size.
 */
export async function customerCostWorld(t: TestApp) {
  const world = await tripWorld(t);
  const { customer, otherCustomer, transporter, admin, linerId } = world;
  const now = Date.now();
  const terminal = async (code: string) => ({
    kind: 'TERMINAL',
    terminalId: (await referenceIds(t, { terminal: code })).terminalId,
  });
  const lagosAddress = { kind: 'ADDRESS', address: { ...LAGOS_ADDRESS } };
  const tripIdsOf = (order: { trips: { id: string; tripNumber: string }[] }) =>
    [...order.trips].sort((x, y) => x.tripNumber.localeCompare(y.tripNumber)).map((trip) => trip.id);

  const loc = await world.award(
    {
      clientName: 'Dangote Foods Ltd',
      containers: containerRows(3, linerId, ['FTS_20', 'FTS_40', 'FTS_40_HIGH']),
      pickup: await terminal('APMT-APAPA'),
    },
    40_000_000,
  );
  const soc = await world.award(
    {
      cargoType: 'IMPORT_SHIPPER_OWNED',
      clientName: 'DANGOTE FOODS LTD',
      containers: containerRows(2, linerId, ['FTS_45']),
      pickup: await terminal('ENL-APAPA'),
    },
    55_000_050,
  );
  const cement = await world.award(
    {
      cargoType: 'GENERAL_CARGO',
      clientName: 'Nestlé Nigeria Plc',
      containers: [],
      generalCargos: [
        generalCargoRow({ weightTonnes: 30 }),
        generalCargoRow({ weightTonnes: 12.5 }),
        generalCargoRow({ weightTonnes: 8.25 }),
      ],
      pickup: { kind: 'ADDRESS', address: { ...OGUN_ADDRESS } },
      recipient: await terminal('APMT-APAPA'),
    },
    61_000_000,
  );
  const empty = await world.award(
    {
      cargoType: 'EMPTY_CONTAINER',
      clientName: 'Zenith Agro',
      containers: containerRows(1, linerId, ['FTS_40']),
      pickup: await terminal('APMT-APAPA'),
      recipient: await terminal('KLT-KIRIKIRI'),
    },
    30_000_000,
  );
  const exported = await world.award(
    {
      cargoType: 'EXPORT',
      clientName: 'Olam Export',
      containers: containerRows(1, linerId, ['FTS_20']),
      pickup: lagosAddress,
      recipient: await terminal('TICT-TINCAN'),
    },
    45_000_000,
  );
  // Nine small clients, each on its own lane with its own count of containers and price, so the charts'
  // first ten and `Others` are the same whatever order the database sorts equal labels in.
  const tails = [];
  for (const [i, code] of TAIL_TERMINALS.entries()) {
    tails.push(
      await world.award(
        {
          clientName: `Client ${String(i + 1).padStart(2, '0')} Ltd`,
          containers: containerRows(3 + i, linerId, ['FTS_20', 'FTS_40']),
          pickup: await terminal(code),
        },
        20_000_000 + i * 1_000_000,
      ),
    );
  }
  const others = await world.award({ clientName: 'Dangote Foods Ltd' }, 77_000_000, {
    customer: otherCustomer,
    transporter,
  });

  const [loc1, loc2, loc3] = tripIdsOf(loc);
  const [soc1, soc2] = tripIdsOf(soc);
  const [cement1, cement2, cement3] = tripIdsOf(cement);
  const [empty1] = tripIdsOf(empty);
  const [export1] = tripIdsOf(exported);
  const [tail1, tail2] = tripIdsOf(tails[0]!);
  const [others1] = tripIdsOf(others);

  // The one spelling the API's trim cannot produce: stray spaces typed into the record.
  await t.ctx.db.update(orders).set({ clientName: '  dangote foods ltd ' }).where(eq(orders.id, exported.id));
  await t.ctx.db
    .update(trips)
    .set({ createdAt: new Date(now - 10 * DAY) })
    .where(inArray(trips.id, [soc1!, soc2!]));
  await t.ctx.db
    .update(trips)
    .set({ createdAt: new Date(now - 40 * DAY) })
    .where(eq(trips.id, empty1!));
  await t.ctx.db.update(consignments).set({ weightKg: 0 }).where(eq(consignments.tripId, cement3!));
  await t.ctx.db
    .update(invoices)
    .set({ status: 'PAID', paidAt: new Date() })
    .where(inArray(invoices.tripId, [loc2!, cement1!]));

  const cancel = async (account: Account, tripId: string) => {
    const res = await call(
      t.app,
      'PATCH',
      '/api/v1/trips/cancel',
      { tripIds: [tripId], reason: 'The client called the job off' },
      { token: account.accessToken },
    );
    if (res.status !== 200) throw new Error(`cancelling failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await cancel(customer, loc3!);

  /** Moves a trip with a fleet of its own through its timeline up to `status`, as its transporter. */
  const walk = async (tripId: string, status: TripStatus) => {
    await world.assignFleet(tripId);
    const { cargoType, handoverCode } = await world.tripRow(tripId);
    const timeline = tripTimeline(cargoType);
    for (const tripStatus of timeline.slice(0, timeline.indexOf(status) + 1)) {
      const body = tripStatus === 'DELIVERED' ? { tripStatus, handoverCode } : { tripStatus };
      const res = await call(t.app, 'PATCH', `/api/v1/trips/${tripId}/status`, body, {
        token: transporter.accessToken,
      });
      if (res.status !== 200) {
        throw new Error(`moving to ${tripStatus} failed: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
  };
  const deliveredDaysAgo = (tripId: string, days: number) =>
    t.ctx.db
      .update(tripStatusLogs)
      .set({ at: new Date(now - days * DAY) })
      .where(
        and(
          eq(tripStatusLogs.tripId, tripId),
          eq(tripStatusLogs.status, 'DELIVERED'),
          isNull(tripStatusLogs.undoneAt),
        ),
      );

  await walk(loc1!, 'DELIVERED');
  await deliveredDaysAgo(loc1!, 3);
  await cancel(admin, loc1!);
  await walk(loc2!, 'EMPTY_DROP_OFF');
  await walk(soc1!, 'DELIVERED');
  const undo = await call(
    t.app,
    'POST',
    `/api/v1/trips/${soc1}/status/undo`,
    { reason: 'Recorded on the wrong trip' },
    { token: admin.accessToken },
  );
  if (undo.status !== 200) throw new Error(`undo failed: ${undo.status} ${JSON.stringify(undo.body)}`);
  await walk(soc2!, 'DELIVERED');
  await deliveredDaysAgo(soc2!, 10);
  await walk(cement1!, 'DELIVERED');
  await deliveredDaysAgo(cement1!, 3);
  await walk(cement2!, 'EMPTY_DROP_OFF');
  await walk(empty1!, 'DELIVERED');
  await walk(export1!, 'DELIVERED');
  await deliveredDaysAgo(export1!, 40);
  await walk(tail1!, 'DELIVERED');
  await t.ctx.db.update(consignments).set({ containerSize: null }).where(eq(consignments.tripId, tail1!));
  await walk(tail2!, 'DELIVERED');
  await walk(others1!, 'DELIVERED');

  /**
   * Every trip of `companyId` (the customer unless given) with what the reports read beside it, straight
   * from the tables: its order's client name, its load, its ends' terminal names, its invoice, the time
   * of its live DELIVERED log and whether a DELIVERED log of it was undone.
   */
  const tripsOf = async (companyId = customer.company.id) => {
    const pickup = alias(terminals, 'pickup');
    const delivery = alias(terminals, 'delivery');
    const rows = await t.ctx.db
      .select({
        trip: trips,
        clientName: orders.clientName,
        consignment: consignments,
        pickupTerminal: pickup.name,
        deliveryTerminal: delivery.name,
        invoice: invoices,
      })
      .from(trips)
      .innerJoin(orders, eq(orders.id, trips.orderId))
      .innerJoin(consignments, eq(consignments.tripId, trips.id))
      .innerJoin(invoices, eq(invoices.tripId, trips.id))
      .leftJoin(pickup, eq(pickup.id, trips.pickupTerminalId))
      .leftJoin(delivery, eq(delivery.id, trips.recipientTerminalId))
      .where(eq(trips.customerCompanyId, companyId));
    const logs = await t.ctx.db
      .select()
      .from(tripStatusLogs)
      .where(
        inArray(
          tripStatusLogs.tripId,
          rows.map((r) => r.trip.id),
        ),
      );
    const deliveries = (tripId: string) =>
      logs.filter((l) => l.tripId === tripId && l.status === 'DELIVERED');
    return rows.map((r) => ({
      ...r,
      deliveredAt: deliveries(r.trip.id).find((l) => l.undoneAt === null)?.at ?? null,
      deliveryUndone: deliveries(r.trip.id).some((l) => l.undoneAt !== null),
    }));
  };

  return { ...world, tripsOf };
}

export type CustomerCostWorld = Awaited<ReturnType<typeof customerCostWorld>>;
export type CostWorldTrip = Awaited<ReturnType<CustomerCostWorld['tripsOf']>>[number];

/** A trip's lane as a test reads it off the row, without SQL: a terminal's name, or an address's state. */
export function laneOf({ trip, pickupTerminal, deliveryTerminal }: CostWorldTrip) {
  const end = (name: string | null, address: { state: string } | null) =>
    name ?? `${address!.state} (address)`;
  const key = (id: string | null, address: { state: string } | null) => id ?? `state:${address!.state}`;
  return {
    key: `${key(trip.pickupTerminalId, trip.pickupAddress)}|${key(trip.recipientTerminalId, trip.recipientAddress)}`,
    label: `${end(pickupTerminal, trip.pickupAddress)} → ${end(deliveryTerminal, trip.recipientAddress)}`,
  };
}
