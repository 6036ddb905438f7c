import { and, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tripTimeline, type CargoType, type TripDocumentKind, type TripStatus } from '@freightlane/domain';
import {
  companies,
  consignments,
  drivers,
  invoices,
  motorBoys,
  orders,
  shippingLines,
  terminals,
  tripDocuments,
  tripIssues,
  trips,
  tripStatusLogs,
  trucks,
} from '../db/schema';
import { signedInAccount } from './accounts';
import { awardedOrder } from './awarded-trips';
import { insertDriver, insertMotorBoy, insertTruck } from './fleet';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  generalCargoRow,
  LAGOS_ADDRESS,
  lagosDate,
  placeOrderViaApi,
  referenceIds,
} from './marketplace';
import { multipartBody, SAMPLE_FILES } from './multipart';
import { lagosDayOf } from './report-world';
import { call, type TestApp } from './test-app';

export { lagosDayOf, REPORT_FROM, REPORT_RANGE, REPORT_TO } from './report-world';

/** The instant at `time` (HH:MM, Lagos clock) on the Lagos day `days` from today. */
export function lagosAt(days: number, time: string): Date {
  return new Date(`${lagosDate(days)}T${time}:00+01:00`);
}

type Account = Awaited<ReturnType<typeof createVerifiedCustomer>>;
type Steps = Partial<Record<TripStatus, Date>>;

/**
 * A customer's trips for the trip-based customer reports (master, KPI, executive), each moved through the
 * API and then dated in the past: two transporters; trips on time and late at pickup and delivery, one
 * without a delivery target, one whose DELIVERED step an admin undid, one cancelled, one loaded before its
 * arrival was stamped, two not started (one due today, one overdue); issues open and resolved; documents
 * complete and missing; an order never awarded; a trip picked up before the range (in the previous range);
 * and another customer's trip with the same transporter that must never show.
 */
export async function customerTripsWorld(t: TestApp) {
  const customer = await createVerifiedCustomer(t, { name: 'Lekki Foods Ltd' });
  const other = await createVerifiedCustomer(t, { name: 'Ibadan Grains Ltd' });
  const first = await createVerifiedTransporter(t, { name: 'Agege Haulage Ltd' });
  const second = await createVerifiedTransporter(t, { name: 'Badagry Transport Ltd' });
  const admin = await signedInAccount(t, 'ADMIN', { name: 'Freightlane Ops' });
  const { linerId, terminalId } = await referenceIds(t);
  const ok = (what: string, res: { status: number; body: unknown }, status = 200) => {
    if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, any>;
  };

  /** An order of `customer` awarded whole to `transporter`, placed and awarded on the given days. */
  const award = async (
    transporter: Account,
    overrides: Record<string, unknown>,
    amountKobo: number,
    dated: { placed: Date; awarded: Date },
    by: Account = customer,
  ) => {
    const { order } = await awardedOrder(t, by, transporter, overrides, amountKobo);
    const ids = order.trips.map((trip: { id: string }) => trip.id) as string[];
    await t.ctx.db.update(orders).set({ createdAt: dated.placed }).where(eq(orders.id, order.id));
    await t.ctx.db.update(trips).set({ createdAt: dated.awarded }).where(inArray(trips.id, ids));
    await t.ctx.db.update(invoices).set({ createdAt: dated.awarded }).where(inArray(invoices.tripId, ids));
    return ids;
  };

  /** The pickup date (and, when given, the expected delivery date) of a trip, as days from today. */
  const dates = async (tripId: string, pickup: number, expected: number | null) => {
    await t.ctx.db
      .update(trips)
      .set({
        pickupDate: lagosDate(pickup),
        expectedDeliveryDate: expected === null ? null : lagosDate(expected),
      })
      .where(eq(trips.id, tripId));
  };

  /** A new truck, driver and (when asked) motor boy of the trip's transporter put on it. */
  const assignFleet = async (tripId: string, withMotorBoy = false) => {
    const [trip] = await t.ctx.db.select().from(trips).where(eq(trips.id, tripId));
    const companyId = trip!.transporterCompanyId;
    const truck = await insertTruck(t, companyId);
    const driver = await insertDriver(t, companyId);
    const motorBoy = withMotorBoy ? await insertMotorBoy(t, companyId) : null;
    await t.ctx.db
      .update(trips)
      .set({
        truckId: truck.id,
        driverId: driver.id,
        motorBoyId: motorBoy?.id ?? null,
        resourcesAssigned: true,
      })
      .where(eq(trips.id, tripId));
  };

  /** Moves the trip step by step up to `status`, as its transporter through the API. */
  const walkTo = async (tripId: string, token: string, status: TripStatus) => {
    const [trip] = await t.ctx.db.select().from(trips).where(eq(trips.id, tripId));
    const timeline = tripTimeline(trip!.cargoType);
    const start = trip!.latestStatus === null ? 0 : timeline.indexOf(trip!.latestStatus) + 1;
    for (const tripStatus of timeline.slice(start, timeline.indexOf(status) + 1)) {
      const body =
        tripStatus === 'DELIVERED' ? { tripStatus, handoverCode: trip!.handoverCode } : { tripStatus };
      ok(
        `moving to ${tripStatus}`,
        await call(t.app, 'PATCH', `/api/v1/trips/${tripId}/status`, body, { token }),
      );
    }
  };

  /** Dates the trip's live logs (and its latest status time) as given. */
  const stamp = async (tripId: string, steps: Steps) => {
    for (const [status, at] of Object.entries(steps)) {
      await t.ctx.db
        .update(tripStatusLogs)
        .set({ at })
        .where(
          and(
            eq(tripStatusLogs.tripId, tripId),
            eq(tripStatusLogs.status, status as TripStatus),
            isNull(tripStatusLogs.undoneAt),
          ),
        );
    }
    const [trip] = await t.ctx.db.select().from(trips).where(eq(trips.id, tripId));
    if (trip!.latestStatus && steps[trip!.latestStatus]) {
      await t.ctx.db
        .update(trips)
        .set({ latestStatusAt: steps[trip!.latestStatus] })
        .where(eq(trips.id, tripId));
    }
  };

  const openIssue = async (tripId: string, token: string, body: Record<string, unknown>, openedAt: Date) => {
    const issue = ok(
      'opening an issue',
      await call(t.app, 'POST', `/api/v1/trips/${tripId}/issues`, body, { token }),
      201,
    );
    await t.ctx.db.update(tripIssues).set({ openedAt }).where(eq(tripIssues.id, issue.id));
    return issue.id as string;
  };

  const upload = async (tripId: string, token: string, kinds: TripDocumentKind[]) => {
    for (const kind of kinds) {
      const body = multipartBody(
        { kind },
        { fileName: `${kind.toLowerCase()}.pdf`, content: SAMPLE_FILES.pdf() },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/trips/${tripId}/documents`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 201) throw new Error(`uploading ${kind} failed: ${res.statusCode} ${res.body}`);
    }
  };

  const setInvoice = (tripId: string, values: Partial<typeof invoices.$inferInsert>) =>
    t.ctx.db.update(invoices).set(values).where(eq(invoices.tripId, tripId));

  const firstToken = first.accessToken;
  const secondToken = second.accessToken;

  // Order A: three liner-owned imports with the first transporter.
  const [a1, a2, a3] = await award(
    first,
    { containers: containerRows(3, linerId, ['FTS_20', 'FTS_40', 'FTS_40_HIGH']) },
    40_000_000,
    { placed: lagosAt(-25, '10:00'), awarded: lagosAt(-24, '12:00') },
  );
  // a1: on time at pickup, delivered a day after its target, completed; one issue, resolved; no EIR.
  await dates(a1!, -20, -19);
  await assignFleet(a1!, true);
  await walkTo(a1!, firstToken, 'LOADED');
  const breakdown = await openIssue(
    a1!,
    firstToken,
    { issueType: 'BREAKDOWN', description: 'Gearbox trouble at Mile 2' },
    lagosAt(-19, '12:00'),
  );
  ok(
    'resolving',
    await call(t.app, 'GET', `/api/v1/trips/issues/resolve/${breakdown}`, undefined, { token: firstToken }),
  );
  await walkTo(a1!, firstToken, 'EMPTY_DROP_OFF');
  await upload(a1!, firstToken, ['WAYBILL', 'TERMINAL_DELIVERY_ORDER', 'PROOF_OF_DELIVERY']);
  await stamp(a1!, {
    STARTED: lagosAt(-21, '08:00'),
    AT_PICKUP_LOCATION: lagosAt(-20, '09:00'),
    LOADED: lagosAt(-20, '13:30'),
    AT_DELIVERY_LOCATION: lagosAt(-19, '10:00'),
    DELIVERED: lagosAt(-18, '11:00'),
    EMPTY_DROP_OFF: lagosAt(-17, '16:00'),
  });
  await setInvoice(a1!, { status: 'PAID', paidAt: lagosAt(-10, '10:00') });

  // a2: a day late at pickup; its delivery undone by an admin, so it is late undelivered; invoice overdue.
  await dates(a2!, -10, -8);
  await assignFleet(a2!);
  await walkTo(a2!, firstToken, 'LOADED');
  await openIssue(
    a2!,
    customer.accessToken,
    { issueType: 'CHECKPOINT_DELAY', description: 'Held at the Ojuelegba checkpoint' },
    lagosAt(-9, '18:00'),
  );
  await upload(a2!, firstToken, ['WAYBILL']);
  await walkTo(a2!, firstToken, 'DELIVERED');
  ok(
    'undoing the delivery',
    await call(
      t.app,
      'POST',
      `/api/v1/trips/${a2}/status/undo`,
      { reason: 'Recorded on the wrong trip' },
      { token: admin.accessToken },
    ),
  );
  await stamp(a2!, {
    STARTED: lagosAt(-10, '06:00'),
    AT_PICKUP_LOCATION: lagosAt(-9, '10:00'),
    LOADED: lagosAt(-9, '15:00'),
    AT_DELIVERY_LOCATION: lagosAt(-8, '09:00'),
  });
  await setInvoice(a2!, { dueAt: lagosAt(-2, '12:00') });

  // a3: started, then cancelled by the customer (its invoice is voided).
  await dates(a3!, -5, null);
  await assignFleet(a3!);
  await walkTo(a3!, firstToken, 'STARTED');
  ok(
    'cancelling',
    await call(
      t.app,
      'PATCH',
      '/api/v1/trips/cancel',
      { tripIds: [a3], reason: 'Client postponed the shipment' },
      { token: customer.accessToken },
    ),
  );
  await stamp(a3!, { STARTED: lagosAt(-6, '07:00') });
  await t.ctx.db
    .update(trips)
    .set({ cancelledAt: lagosAt(-6, '12:00') })
    .where(eq(trips.id, a3!));

  // Order B: three shipper-owned imports with the second transporter.
  const [b1, b2, b3] = await award(
    second,
    { cargoType: 'IMPORT_SHIPPER_OWNED', containers: containerRows(3, linerId, ['FTS_40']) },
    55_000_050,
    { placed: lagosAt(-22, '09:00'), awarded: lagosAt(-21, '11:00') },
  );
  // b1: no delivery target; its arrival stamped after loading (not measured); every document, a photo too.
  await dates(b1!, -15, null);
  await assignFleet(b1!);
  await walkTo(b1!, secondToken, 'LOADED');
  await openIssue(
    b1!,
    secondToken,
    { issueType: 'ACCIDENT', description: 'Minor collision at Kara bridge' },
    lagosAt(-15, '20:00'),
  );
  await walkTo(b1!, secondToken, 'DELIVERED');
  await upload(b1!, secondToken, ['WAYBILL', 'TERMINAL_DELIVERY_ORDER', 'PROOF_OF_DELIVERY', 'PHOTO']);
  await stamp(b1!, {
    STARTED: lagosAt(-16, '07:00'),
    AT_PICKUP_LOCATION: lagosAt(-15, '09:00'),
    LOADED: lagosAt(-15, '08:00'),
    AT_DELIVERY_LOCATION: lagosAt(-14, '12:00'),
    DELIVERED: lagosAt(-14, '14:00'),
  });
  // b2 is due for pickup today (pending), b3 was due yesterday and never arrived (late).
  await dates(b2!, 0, 2);
  await dates(b3!, -1, null);

  // Order C: a general-cargo load with the first transporter, on time at pickup and delivery.
  const [c1] = await award(
    first,
    {
      cargoType: 'GENERAL_CARGO',
      containers: [],
      generalCargos: [generalCargoRow({ weightTonnes: 27.35, description: '=Bagged cement, 600 bags' })],
    },
    61_000_000,
    { placed: lagosAt(-16, '08:00'), awarded: lagosAt(-15, '10:00') },
  );
  await dates(c1!, -12, -11);
  await assignFleet(c1!);
  await walkTo(c1!, firstToken, 'EMPTY_DROP_OFF');
  await upload(c1!, customer.accessToken, ['WAYBILL', 'PROOF_OF_DELIVERY']);
  await stamp(c1!, {
    STARTED: lagosAt(-13, '15:00'),
    AT_PICKUP_LOCATION: lagosAt(-12, '07:00'),
    LOADED: lagosAt(-12, '09:00'),
    AT_DELIVERY_LOCATION: lagosAt(-11, '08:00'),
    DELIVERED: lagosAt(-11, '09:30'),
    EMPTY_DROP_OFF: lagosAt(-10, '12:00'),
  });
  await setInvoice(c1!, { status: 'PAID', paidAt: lagosAt(-5, '10:00') });

  // Order D: an export from a warehouse to a terminal with the second transporter, loaded, under way.
  const [d1] = await award(
    second,
    {
      cargoType: 'EXPORT',
      containers: containerRows(1, linerId, ['FTS_40']),
      pickup: { kind: 'ADDRESS', address: { ...LAGOS_ADDRESS } },
      recipient: { kind: 'TERMINAL', terminalId },
    },
    47_500_000,
    { placed: lagosAt(-8, '10:00'), awarded: lagosAt(-7, '09:00') },
  );
  await dates(d1!, -3, 1);
  await assignFleet(d1!);
  await walkTo(d1!, secondToken, 'LOADED');
  await openIssue(
    d1!,
    secondToken,
    {
      issueType: 'DIVERSION',
      description: 'Diverted through Ota',
      location: { state: 'Ogun', lga: 'Ado-Odo/Ota', description: 'Sango toll gate' },
    },
    lagosAt(-3, '11:00'),
  );
  await stamp(d1!, {
    STARTED: lagosAt(-4, '07:00'),
    AT_WAREHOUSE_LOCATION: lagosAt(-4, '12:00'),
    LOADED: lagosAt(-3, '09:00'),
  });

  // Order E: picked up and delivered before the range (the executive report's previous range).
  const [e1] = await award(
    second,
    { cargoType: 'IMPORT_SHIPPER_OWNED', containers: containerRows(1, linerId, ['FTS_45']) },
    52_000_000,
    { placed: lagosAt(-46, '09:00'), awarded: lagosAt(-45, '10:00') },
  );
  await dates(e1!, -40, -38);
  await assignFleet(e1!);
  await walkTo(e1!, secondToken, 'DELIVERED');
  await upload(e1!, secondToken, ['WAYBILL', 'TERMINAL_DELIVERY_ORDER', 'PROOF_OF_DELIVERY']);
  await stamp(e1!, {
    STARTED: lagosAt(-41, '08:00'),
    AT_PICKUP_LOCATION: lagosAt(-40, '10:00'),
    LOADED: lagosAt(-40, '14:00'),
    AT_DELIVERY_LOCATION: lagosAt(-39, '09:00'),
    DELIVERED: lagosAt(-39, '10:00'),
  });

  // Order F: placed two days ago, never awarded.
  const f = await placeOrderViaApi(t, customer.accessToken, {});
  await t.ctx.db
    .update(orders)
    .set({ createdAt: lagosAt(-2, '09:00') })
    .where(eq(orders.id, f.id));

  // Another customer's trip with the first transporter, picked up in the range.
  const [x1] = await award(
    first,
    {},
    99_000_000,
    { placed: lagosAt(-12, '09:00'), awarded: lagosAt(-11, '09:00') },
    other,
  );
  await dates(x1!, -10, -9);
  await assignFleet(x1!);
  await walkTo(x1!, firstToken, 'STARTED');

  return {
    customer,
    other,
    first,
    second,
    admin,
    trips: { a1: a1!, a2: a2!, a3: a3!, b1: b1!, b2: b2!, b3: b3!, c1: c1!, d1: d1!, e1: e1!, x1: x1! },
    /** Every trip of the customer with what the reports show beside it, read straight from the tables. */
    readTrips: () => readCustomerTrips(t, customer.company.id),
  };
}

export type CustomerTripsWorld = Awaited<ReturnType<typeof customerTripsWorld>>;

/** A customer's trips, each with its order, consignment, parties, fleet, invoice, live logs, issues and documents. */
export async function readCustomerTrips(t: TestApp, companyId: string) {
  const pickupTerminal = alias(terminals, 'pickup_terminal');
  const recipientTerminal = alias(terminals, 'recipient_terminal');
  const rows = await t.ctx.db
    .select({
      trip: trips,
      order: orders,
      consignment: consignments,
      liner: shippingLines.name,
      pickupTerminal: { operator: pickupTerminal.operator, city: pickupTerminal.city },
      recipientTerminal: { operator: recipientTerminal.operator, city: recipientTerminal.city },
      transporter: companies.name,
      truck: trucks.registrationNumber,
      driver: { firstName: drivers.firstName, lastName: drivers.lastName },
      motorBoy: { firstName: motorBoys.firstName, lastName: motorBoys.lastName },
      invoice: invoices,
    })
    .from(trips)
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, trips.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(shippingLines, eq(shippingLines.id, consignments.linerId))
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(recipientTerminal, eq(recipientTerminal.id, trips.recipientTerminalId))
    .leftJoin(trucks, eq(trucks.id, trips.truckId))
    .leftJoin(drivers, eq(drivers.id, trips.driverId))
    .leftJoin(motorBoys, eq(motorBoys.id, trips.motorBoyId))
    .leftJoin(invoices, eq(invoices.tripId, trips.id))
    .where(eq(trips.customerCompanyId, companyId));
  const ids = rows.map((r) => r.trip.id);
  const logs = await t.ctx.db.select().from(tripStatusLogs).where(inArray(tripStatusLogs.tripId, ids));
  const issues = await t.ctx.db.select().from(tripIssues).where(inArray(tripIssues.tripId, ids));
  const documents = await t.ctx.db.select().from(tripDocuments).where(inArray(tripDocuments.tripId, ids));
  return rows.map((r) => ({
    ...r,
    // An undone log is history, never a step time.
    liveLogs: logs.filter((l) => l.tripId === r.trip.id && l.undoneAt === null),
    undoneLogs: logs.filter((l) => l.tripId === r.trip.id && l.undoneAt !== null),
    issues: issues.filter((i) => i.tripId === r.trip.id),
    documents: documents.filter((d) => d.tripId === r.trip.id),
  }));
}

export type CustomerTripRow = Awaited<ReturnType<typeof readCustomerTrips>>[number];

/** Hours between two instants, unrounded; null when either is missing or the difference is negative. */
function measuredHours(from: Date | null, to: Date | null): number | null {
  if (!from || !to || to.getTime() < from.getTime()) return null;
  return (to.getTime() - from.getTime()) / 3_600_000;
}

/**
 * What docs/reports.md 1.8 says of one trip, computed in JS from its rows: step times, on-time verdicts,
 * transit and wait, and the expected and present document kinds.
 */
export function tripFacts(row: CustomerTripRow, now: Date = new Date()) {
  const stepAt = (...statuses: TripStatus[]) =>
    row.liveLogs.find((l) => statuses.includes(l.status))?.at ?? null;
  const steps = {
    startedAt: stepAt('STARTED'),
    arrivedPickupAt: stepAt('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION'),
    loadedAt: stepAt('LOADED'),
    arrivedDeliveryAt: stepAt('AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION'),
    deliveredAt: stepAt('DELIVERED'),
    emptyDroppedAt: stepAt('EMPTY_DROP_OFF'),
  };
  const today = lagosDayOf(now);
  const { trip } = row;
  const pickup: 'ON_TIME' | 'LATE' | 'PENDING' = steps.arrivedPickupAt
    ? lagosDayOf(steps.arrivedPickupAt) <= trip.pickupDate
      ? 'ON_TIME'
      : 'LATE'
    : trip.pickupDate < today
      ? 'LATE'
      : 'PENDING';
  const target = trip.expectedDeliveryDate;
  const delivery: 'ON_TIME' | 'LATE' | 'PENDING' | 'NO_TARGET' =
    target === null
      ? 'NO_TARGET'
      : steps.deliveredAt
        ? lagosDayOf(steps.deliveredAt) <= target
          ? 'ON_TIME'
          : 'LATE'
        : target < today
          ? 'LATE'
          : 'PENDING';
  const cargo: CargoType = trip.cargoType;
  const expectedKinds: TripDocumentKind[] = [];
  if (steps.loadedAt) expectedKinds.push('WAYBILL');
  if (steps.loadedAt && (cargo === 'IMPORT_SHIPPER_OWNED' || cargo === 'IMPORT_LINER_OWNED')) {
    expectedKinds.push('TERMINAL_DELIVERY_ORDER');
  }
  if (steps.deliveredAt) expectedKinds.push('PROOF_OF_DELIVERY');
  if (
    (cargo === 'IMPORT_LINER_OWNED' && steps.emptyDroppedAt) ||
    ((cargo === 'EMPTY_CONTAINER' || cargo === 'EXPORT') && steps.deliveredAt)
  ) {
    expectedKinds.push('EQUIPMENT_INTERCHANGE_RECEIPT');
  }
  const held = new Set(row.documents.map((d) => d.kind));
  return {
    ...steps,
    cancelled: trip.cancelledAt !== null,
    pickup,
    delivery,
    transitHours: measuredHours(steps.loadedAt, steps.deliveredAt),
    waitAtLoadoutHours: measuredHours(steps.arrivedPickupAt, steps.loadedAt),
    hasIssue: row.issues.length > 0,
    documentsExpected: expectedKinds.length,
    documentsPresent: expectedKinds.filter((k) => held.has(k)).length,
  };
}

/** A percentage with one decimal as the reports round it; null (N/A) over nothing. */
export const percentOf = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((1000 * part) / whole) / 10;

/** Hours with one decimal from a list of unrounded hours: their mean, null over none. */
export const meanHours = (hours: (number | null)[]): number | null => {
  const measured = hours.filter((h): h is number => h !== null);
  return measured.length === 0
    ? null
    : Math.round((10 * measured.reduce((s, h) => s + h, 0)) / measured.length) / 10;
};

/** The quality figures of docs/reports.md 1.8 over a set of trips (the caller leaves out cancelled ones). */
export function qualityOf(rows: CustomerTripRow[], now: Date = new Date()) {
  const facts = rows.map((r) => tripFacts(r, now));
  const count = (keep: (f: (typeof facts)[number]) => boolean) => facts.filter(keep).length;
  return {
    trips: facts.length,
    delivered: count((f) => f.deliveredAt !== null),
    onTimePickup: percentOf(
      count((f) => f.pickup === 'ON_TIME'),
      count((f) => f.pickup !== 'PENDING'),
    ),
    onTimeDelivery: percentOf(
      count((f) => f.delivery === 'ON_TIME'),
      count((f) => f.delivery === 'ON_TIME' || f.delivery === 'LATE'),
    ),
    noTarget: count((f) => f.delivery === 'NO_TARGET'),
    averageTransit: meanHours(facts.map((f) => f.transitHours)),
    issueRate: percentOf(
      count((f) => f.hasIssue),
      facts.length,
    ),
    documentCompleteness: percentOf(
      facts.reduce((s, f) => s + f.documentsPresent, 0),
      facts.reduce((s, f) => s + f.documentsExpected, 0),
    ),
  };
}
