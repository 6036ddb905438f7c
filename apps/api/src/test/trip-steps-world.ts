import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  lagosDateInDays,
  tripTimeline,
  type CargoType,
  type TripDocumentKind,
  type TripIssueType,
  type TripStatus,
} from '@freightlane/domain';
import {
  companies,
  consignments,
  drivers,
  invoices,
  orders,
  shippingLines,
  terminals,
  tripDocuments,
  tripIssues,
  trips,
  tripStatusLogs,
  trucks,
} from '../db/schema';
import {
  containerRows,
  createVerifiedTransporter,
  generalCargoRow,
  LAGOS_ADDRESS,
  referenceIds,
} from './marketplace';
import { multipartBody, SAMPLE_FILES } from './multipart';
import { call, randomIp, type TestApp } from './test-app';
import { tripWorld, type Account } from './trip-world';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Party = 'first' | 'second' | 'others' | 'otherOfFirst';

/** A place as the order takes it: a terminal by code, or an address in a city. */
type Place = { terminal: string } | { city: string; state: string; lga: string };

/** One trip of the world: who moves it, where, and when each of its steps is dated. */
interface TripPlan {
  party: Party;
  cargoType: CargoType;
  pickup: Place;
  delivery: Place;
  /** Times are offsets from the world's `now`, in ms (negative: in the past). */
  awardedAt: number;
  /** The pickup date, in days from today. */
  pickupDay: number;
  expectedDeliveryDay?: number;
  /** Each live step and its time; the trip walks up to the last of its timeline given here. */
  steps: Partial<Record<TripStatus, number>>;
  /** A step an admin took back (walked, undone, then walked again when it is also in `steps`). */
  undone?: { status: TripStatus; at: number };
  /** DELIVERED recorded by an admin without the handover code. */
  override?: boolean;
  arrivalRecordedBy?: 'GEOFENCE' | 'DRIVER_PHONE';
  issues?: { type: TripIssueType; resolved?: boolean }[];
  documents?: TripDocumentKind[];
  /** Cancelled after its walk, at this time: by the customer before loading, else by an admin. */
  cancelledAt?: number;
}

const at = (days: number, hours = 0, minutes = 0) => -days * DAY + hours * HOUR + minutes * MINUTE;

const APAPA: Place = { terminal: 'APMT-APAPA' };
const IKEJA: Place = { city: 'Ikeja', state: 'Lagos', lga: 'Ikeja' };

/**
 * The plans, named for what each trip stands for. Every range a test reads is the last 30 Lagos days, so
 * the times below (all in the past) put some trips in it and some before it.
 */
const PLANS = {
  /** Completed liner-owned import: late delivery, geofence arrival, waybill and proof of delivery. */
  linerCompleted: {
    party: 'first',
    cargoType: 'IMPORT_LINER_OWNED',
    pickup: APAPA,
    delivery: IKEJA,
    awardedAt: at(10),
    pickupDay: -9,
    expectedDeliveryDay: -9,
    steps: {
      STARTED: at(9),
      AT_PICKUP_LOCATION: at(9, 1, 10),
      LOADED: at(9, 4, 23),
      AT_DELIVERY_LOCATION: at(8, 3),
      DELIVERED: at(8, 4, 41),
      EMPTY_DROP_OFF: at(7, 2, 13),
    },
    arrivalRecordedBy: 'GEOFENCE',
    issues: [{ type: 'BREAKDOWN', resolved: true }],
    documents: ['WAYBILL', 'PROOF_OF_DELIVERY'],
  },
  /** Delivered by an admin without the code, no expected date; the driver's phone recorded the arrival. */
  shipperOverride: {
    party: 'second',
    cargoType: 'IMPORT_SHIPPER_OWNED',
    pickup: { terminal: 'ENL-APAPA' },
    delivery: IKEJA,
    awardedAt: at(8),
    pickupDay: -6,
    steps: {
      STARTED: at(6),
      AT_PICKUP_LOCATION: at(6, 2),
      LOADED: at(6, 7, 49),
      AT_DELIVERY_LOCATION: at(5),
      DELIVERED: at(5, 2, 17),
    },
    override: true,
    arrivalRecordedBy: 'DRIVER_PHONE',
    issues: [{ type: 'PORT_CONGESTION' }, { type: 'BREAKDOWN' }],
  },
  /** Export from a warehouse address, arrived a day early, delivered on time with its proof. */
  exportOnTime: {
    party: 'first',
    cargoType: 'EXPORT',
    pickup: IKEJA,
    delivery: { terminal: 'TICT-TINCAN' },
    awardedAt: at(6),
    pickupDay: -4,
    expectedDeliveryDay: -3,
    steps: {
      STARTED: at(5),
      AT_WAREHOUSE_LOCATION: at(5, 1),
      LOADED: at(5, 3, 5),
      AT_DROP_OFF_LOCATION: at(4, 6),
      DELIVERED: at(4, 6, 53),
    },
    documents: ['PROOF_OF_DELIVERY', 'PHOTO'],
  },
  /** General cargo from a holding bay, arrived the day after its pickup date, in transit now. */
  generalInTransit: {
    party: 'first',
    cargoType: 'GENERAL_CARGO',
    pickup: { terminal: 'LILYPOND-IJORA' },
    delivery: { city: 'Ibadan', state: 'Oyo', lga: 'Ibadan North' },
    awardedAt: at(4),
    pickupDay: -3,
    steps: { STARTED: at(3), AT_PICKUP_LOCATION: at(2, 0, 20), LOADED: at(2, 5, 31) },
    arrivalRecordedBy: 'GEOFENCE',
    issues: [{ type: 'CHECKPOINT_DELAY' }],
    documents: ['WAYBILL'],
  },
  /** Its delivery was taken back by an admin: at the delivery place now, never delivered. */
  undoneDelivery: {
    party: 'first',
    cargoType: 'IMPORT_SHIPPER_OWNED',
    pickup: APAPA,
    delivery: IKEJA,
    awardedAt: at(4, 2),
    pickupDay: -3,
    expectedDeliveryDay: -2,
    steps: {
      STARTED: at(3, 1),
      AT_PICKUP_LOCATION: at(3, 3),
      LOADED: at(3, 6, 11),
      AT_DELIVERY_LOCATION: at(2, 2),
    },
    undone: { status: 'DELIVERED', at: at(2, 3) },
  },
  /** Loaded, taken back, loaded again later: only the live loading counts. */
  undoneLoaded: {
    party: 'second',
    cargoType: 'IMPORT_LINER_OWNED',
    pickup: APAPA,
    delivery: IKEJA,
    awardedAt: at(3),
    pickupDay: -2,
    steps: { STARTED: at(2, 1), AT_PICKUP_LOCATION: at(2, 1, 30), LOADED: at(2, 4, 7) },
    undone: { status: 'LOADED', at: at(2, 2) },
    issues: [{ type: 'LONG_STOP', resolved: true }],
  },
  /** Cancelled by the customer at the pickup, after an accident. */
  cancelledAtPickup: {
    party: 'first',
    cargoType: 'IMPORT_LINER_OWNED',
    pickup: APAPA,
    delivery: IKEJA,
    awardedAt: at(2),
    pickupDay: -1,
    steps: { STARTED: at(1, 2), AT_PICKUP_LOCATION: at(1, 3, 44) },
    issues: [{ type: 'ACCIDENT' }],
    cancelledAt: at(1, 6),
  },
  /** Delivered, then cancelled by an admin before the empty went back: the delivery still happened. */
  cancelledAfterDelivery: {
    party: 'first',
    cargoType: 'IMPORT_LINER_OWNED',
    pickup: APAPA,
    delivery: IKEJA,
    awardedAt: at(16),
    pickupDay: -15,
    expectedDeliveryDay: -13,
    steps: {
      STARTED: at(15),
      AT_PICKUP_LOCATION: at(15, 2),
      LOADED: at(15, 3, 19),
      AT_DELIVERY_LOCATION: at(14),
      DELIVERED: at(14, 1),
    },
    documents: ['PROOF_OF_DELIVERY'],
    cancelledAt: at(13),
  },
  /**
   * An empty delivered at the very instant of the trip above (the sort's tie), its delivery-place arrival
   * stamped after the delivery (a negative wait, not measured).
   */
  tiedEmpty: {
    party: 'second',
    cargoType: 'EMPTY_CONTAINER',
    pickup: { terminal: 'SIFAX-IJORA' },
    delivery: IKEJA,
    awardedAt: at(17),
    pickupDay: -16,
    expectedDeliveryDay: -15,
    steps: {
      STARTED: at(16),
      AT_PICKUP_LOCATION: at(16, 1, 7),
      LOADED: at(16, 2),
      AT_DELIVERY_LOCATION: at(14, 2),
      DELIVERED: at(14, 1),
    },
  },
  /** Awarded, no truck moving yet. */
  awaitingStart: {
    party: 'second',
    cargoType: 'IMPORT_LINER_OWNED',
    pickup: APAPA,
    delivery: IKEJA,
    awardedAt: at(1),
    pickupDay: 0,
    steps: {},
  },
  /** On its way to a warehouse. */
  exportToPickup: {
    party: 'second',
    cargoType: 'EXPORT',
    pickup: IKEJA,
    delivery: APAPA,
    awardedAt: at(1, 1),
    pickupDay: -1,
    steps: { STARTED: at(0, -5) },
    issues: [{ type: 'TRACKING_LOST' }],
  },
  /** Everything before the range: picked up, loaded and delivered 43 to 45 days ago. */
  beforeRange: {
    party: 'first',
    cargoType: 'IMPORT_SHIPPER_OWNED',
    pickup: APAPA,
    delivery: IKEJA,
    awardedAt: at(46),
    pickupDay: -45,
    steps: {
      STARTED: at(45),
      AT_PICKUP_LOCATION: at(45, 2),
      LOADED: at(44),
      AT_DELIVERY_LOCATION: at(43),
      DELIVERED: at(43, 1),
    },
    issues: [{ type: 'DIVERSION' }],
    documents: ['PROOF_OF_DELIVERY'],
  },
  /** Loaded before the range, delivered inside it. */
  loadedBeforeRange: {
    party: 'second',
    cargoType: 'IMPORT_SHIPPER_OWNED',
    pickup: { terminal: 'TICT-TINCAN' },
    delivery: IKEJA,
    awardedAt: at(33),
    pickupDay: -32,
    expectedDeliveryDay: -27,
    steps: {
      STARTED: at(32),
      AT_PICKUP_LOCATION: at(31, 22),
      LOADED: at(31, 23, 2),
      AT_DELIVERY_LOCATION: at(28, 1),
      DELIVERED: at(28, 1, 58),
    },
  },
  /** A truck load whose geofence arrival was stamped after the loading: its wait is not measured. */
  arrivalAfterLoading: {
    party: 'first',
    cargoType: 'GENERAL_CARGO',
    pickup: IKEJA,
    delivery: { city: 'Abeokuta', state: 'Ogun', lga: 'Abeokuta South' },
    awardedAt: at(21),
    pickupDay: -20,
    steps: { STARTED: at(20), AT_PICKUP_LOCATION: at(20, 5), LOADED: at(20, 4) },
    arrivalRecordedBy: 'GEOFENCE',
  },
  /** The other customer's trip with the customer's own transporter, delivered in the range. */
  otherOfFirst: {
    party: 'otherOfFirst',
    cargoType: 'IMPORT_SHIPPER_OWNED',
    pickup: APAPA,
    delivery: IKEJA,
    awardedAt: at(7),
    pickupDay: -6,
    steps: {
      STARTED: at(6, 1),
      AT_PICKUP_LOCATION: at(6, 2),
      LOADED: at(6, 3),
      AT_DELIVERY_LOCATION: at(5, 1),
      DELIVERED: at(5, 2),
    },
    issues: [{ type: 'OTHER' }],
    documents: ['PROOF_OF_DELIVERY'],
  },
  /** A trip of another pair altogether. */
  others: {
    party: 'others',
    cargoType: 'IMPORT_LINER_OWNED',
    pickup: APAPA,
    delivery: IKEJA,
    awardedAt: at(5),
    pickupDay: -4,
    steps: { STARTED: at(4), AT_PICKUP_LOCATION: at(4, 1), LOADED: at(4, 2) },
    issues: [{ type: 'BREAKDOWN' }],
  },
} satisfies Record<string, TripPlan>;

export type StepsTripName = keyof typeof PLANS;

/**
 * A customer's trips walked through their statuses through the API (award, fleet, moves, an admin's
 * undo and override, issues, documents, cancellations), then dated in the past by rewriting the times of
 * their logs, so the step-time reports (operation, delivery, loadout) have a month of history to read.
 * The other customer has trips too, one of them with the customer's own transporter.
 */
export async function tripStepsWorld(t: TestApp) {
  const w = await tripWorld(t);
  const second = await createVerifiedTransporter(t, { name: 'Ikeja Movers Ltd' });
  const { linerId } = await referenceIds(t);
  const now = Date.now();
  const terminalIds = new Map((await t.ctx.db.select().from(terminals)).map((r) => [r.code, r.id]));

  const parties: Record<Party, { customer: Account; transporter: Account }> = {
    first: { customer: w.customer, transporter: w.transporter },
    second: { customer: w.customer, transporter: second },
    others: { customer: w.otherCustomer, transporter: w.otherTransporter },
    otherOfFirst: { customer: w.otherCustomer, transporter: w.transporter },
  };

  const location = (place: Place) =>
    'terminal' in place
      ? { kind: 'TERMINAL', terminalId: terminalIds.get(place.terminal)! }
      : {
          kind: 'ADDRESS',
          address: { ...LAGOS_ADDRESS, city: place.city, state: place.state, lga: place.lga },
        };

  const expectOk = (what: string, res: { status: number; body: unknown }) => {
    if (res.status !== 200 && res.status !== 201) {
      throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body as Record<string, any>;
  };

  const move = async (tripId: string, tripStatus: TripStatus, plan: TripPlan, token: string) => {
    let body: Record<string, unknown> = { tripStatus };
    let as = token;
    if (tripStatus === 'DELIVERED' && plan.override) {
      body = { tripStatus, overrideReason: 'The consignee lost the code; goods checked by the admin' };
      as = w.admin.accessToken;
    } else if (tripStatus === 'DELIVERED') {
      body = { tripStatus, handoverCode: (await w.tripRow(tripId)).handoverCode };
    }
    expectOk(
      `moving to ${tripStatus}`,
      await call(t.app, 'PATCH', `/api/v1/trips/${tripId}/status`, body, { token: as }),
    );
  };

  const walk = async (tripId: string, plan: TripPlan, upTo: TripStatus, token: string) => {
    const timeline = tripTimeline(plan.cargoType);
    const { latestStatus } = await w.tripRow(tripId);
    const from = latestStatus === null ? 0 : timeline.indexOf(latestStatus) + 1;
    for (const status of timeline.slice(from, timeline.indexOf(upTo) + 1)) {
      await move(tripId, status, plan, token);
    }
  };

  const build = async (name: StepsTripName, plan: TripPlan) => {
    const { customer, transporter } = parties[plan.party];
    const generalCargo = plan.cargoType === 'GENERAL_CARGO';
    const order = await w.award(
      {
        cargoType: plan.cargoType,
        clientName: `${name} client`,
        containers: generalCargo ? [] : containerRows(1, linerId, ['FTS_40']),
        generalCargos: generalCargo ? [generalCargoRow()] : [],
        pickup: location(plan.pickup),
        recipient: location(plan.delivery),
      },
      undefined,
      { customer, transporter },
    );
    const tripId = order.trips[0].id as string;
    await w.assignFleet(tripId);
    for (const issue of plan.issues ?? []) {
      const opened = expectOk(
        'opening an issue',
        await call(
          t.app,
          'POST',
          `/api/v1/trips/${tripId}/issues`,
          { issueType: issue.type, description: `${issue.type} on ${name}` },
          { token: transporter.accessToken },
        ),
      );
      if (issue.resolved) {
        expectOk(
          'resolving an issue',
          await call(t.app, 'GET', `/api/v1/trips/issues/resolve/${opened.id}`, undefined, {
            token: transporter.accessToken,
          }),
        );
      }
    }
    for (const kind of plan.documents ?? []) {
      const { payload, headers } = multipartBody(
        { kind },
        {
          fileName: `${kind.toLowerCase()}.pdf`,
          content: SAMPLE_FILES.pdf(),
          contentType: 'application/pdf',
        },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/trips/${tripId}/documents`,
        remoteAddress: randomIp(),
        payload,
        headers: { ...headers, authorization: `Bearer ${transporter.accessToken}` },
      });
      expectOk('uploading a document', { status: res.statusCode, body: res.body });
    }
    const timeline = tripTimeline(plan.cargoType);
    const lastLive = timeline.filter((s) => plan.steps[s] !== undefined).at(-1);
    if (plan.undone) {
      await walk(tripId, plan, plan.undone.status, transporter.accessToken);
      expectOk(
        'undoing a step',
        await call(
          t.app,
          'POST',
          `/api/v1/trips/${tripId}/status/undo`,
          { reason: 'Recorded by mistake' },
          { token: w.admin.accessToken },
        ),
      );
    }
    if (lastLive) await walk(tripId, plan, lastLive, transporter.accessToken);
    if (plan.cancelledAt !== undefined) {
      const loaded = plan.steps.LOADED !== undefined;
      expectOk(
        'cancelling',
        await call(
          t.app,
          'PATCH',
          '/api/v1/trips/cancel',
          { tripIds: [tripId], reason: 'The consignee refused the goods' },
          { token: loaded ? w.admin.accessToken : customer.accessToken },
        ),
      );
    }
    await backdate(tripId, plan);
    return { id: tripId, tripNumber: order.trips[0].tripNumber as string, orderNumber: order.orderNumber };
  };

  /** Rewrites the trip's times to the plan's: its live logs, its undone log, its award and its dates. */
  const backdate = async (tripId: string, plan: TripPlan) => {
    const db = t.ctx.db;
    const instant = (offset: number) => new Date(now + offset);
    for (const [status, offset] of Object.entries(plan.steps) as [TripStatus, number][]) {
      await db
        .update(tripStatusLogs)
        .set({ at: instant(offset) })
        .where(
          and(
            eq(tripStatusLogs.tripId, tripId),
            eq(tripStatusLogs.status, status),
            isNull(tripStatusLogs.undoneAt),
          ),
        );
    }
    if (plan.undone) {
      await db
        .update(tripStatusLogs)
        .set({ at: instant(plan.undone.at), undoneAt: instant(plan.undone.at + HOUR) })
        .where(
          and(
            eq(tripStatusLogs.tripId, tripId),
            eq(tripStatusLogs.status, plan.undone.status),
            isNotNull(tripStatusLogs.undoneAt),
          ),
        );
    }
    if (plan.arrivalRecordedBy) {
      await db
        .update(tripStatusLogs)
        .set({ recordedBy: plan.arrivalRecordedBy })
        .where(
          and(
            eq(tripStatusLogs.tripId, tripId),
            inArray(tripStatusLogs.status, ['AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION']),
            isNull(tripStatusLogs.undoneAt),
          ),
        );
    }
    const timeline = tripTimeline(plan.cargoType);
    const latest = timeline.filter((s) => plan.steps[s] !== undefined).at(-1);
    await db
      .update(trips)
      .set({
        createdAt: instant(plan.awardedAt),
        pickupDate: lagosDateInDays(plan.pickupDay, new Date(now)),
        expectedDeliveryDate:
          plan.expectedDeliveryDay === undefined
            ? null
            : lagosDateInDays(plan.expectedDeliveryDay, new Date(now)),
        latestStatusAt: latest ? instant(plan.steps[latest]!) : null,
        ...(plan.cancelledAt === undefined ? {} : { cancelledAt: instant(plan.cancelledAt) }),
      })
      .where(eq(trips.id, tripId));
    await db
      .update(invoices)
      .set({ createdAt: instant(plan.awardedAt) })
      .where(eq(invoices.tripId, tripId));
  };

  const built = {} as Record<StepsTripName, { id: string; tripNumber: string; orderNumber: string }>;
  for (const [name, plan] of Object.entries(PLANS) as [StepsTripName, TripPlan][]) {
    built[name] = await build(name, plan);
  }

  return {
    ...w,
    second,
    trips: built,
    /** What `tripsOf` reads for one company as customer, from the tables themselves. */
    tripsOfCustomer: (companyId = w.customer.company.id) => tripsOf(t, companyId),
  };
}

export type TripStepsWorld = Awaited<ReturnType<typeof tripStepsWorld>>;

const pickupTerminal = alias(terminals, 'pickup_terminal');
const deliveryTerminal = alias(terminals, 'delivery_terminal');

/**
 * Every trip of a customer with what the reports show beside it, each joined table read as it is, plus
 * every log (undone ones too), issue and document of those trips: the raw rows a test computes from.
 */
export async function tripsOf(t: TestApp, customerCompanyId: string) {
  const db = t.ctx.db;
  const rows = await db
    .select({
      trip: trips,
      orderNumber: orders.orderNumber,
      clientName: orders.clientName,
      consignment: consignments,
      liner: shippingLines.name,
      transporter: companies.name,
      truck: trucks.registrationNumber,
      driverFirstName: drivers.firstName,
      driverLastName: drivers.lastName,
      pickupTerminal,
      deliveryTerminal,
    })
    .from(trips)
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, trips.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(shippingLines, eq(shippingLines.id, consignments.linerId))
    .leftJoin(trucks, eq(trucks.id, trips.truckId))
    .leftJoin(drivers, eq(drivers.id, trips.driverId))
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(deliveryTerminal, eq(deliveryTerminal.id, trips.recipientTerminalId))
    .where(eq(trips.customerCompanyId, customerCompanyId));
  const ids = rows.map((r) => r.trip.id);
  const none = ids.length === 0;
  const logs = none ? [] : await db.select().from(tripStatusLogs).where(inArray(tripStatusLogs.tripId, ids));
  const issues = none ? [] : await db.select().from(tripIssues).where(inArray(tripIssues.tripId, ids));
  const documents = none
    ? []
    : await db.select().from(tripDocuments).where(inArray(tripDocuments.tripId, ids));
  return rows.map((row) => ({
    ...row,
    logs: logs.filter((l) => l.tripId === row.trip.id),
    issues: issues.filter((i) => i.tripId === row.trip.id),
    documents: documents.filter((d) => d.tripId === row.trip.id),
  }));
}

export type CustomerTrip = Awaited<ReturnType<typeof tripsOf>>[number];

/** A trip's step times read from its logs in JS, the way docs/reports.md 1.8 names them. */
export function stepTimesOf(trip: Pick<CustomerTrip, 'logs'>) {
  const live = trip.logs.filter((l) => l.undoneAt === null);
  const first = (...statuses: TripStatus[]) => {
    const found = live.filter((l) => statuses.includes(l.status)).sort((a, b) => +a.at - +b.at)[0];
    return found ?? null;
  };
  const arrival = first('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION');
  return {
    startedAt: first('STARTED')?.at ?? null,
    arrivedPickupAt: arrival?.at ?? null,
    arrivedPickupBy: arrival?.recordedBy ?? null,
    loadedAt: first('LOADED')?.at ?? null,
    arrivedDeliveryAt: first('AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION')?.at ?? null,
    deliveredAt: first('DELIVERED')?.at ?? null,
    deliveredLog: first('DELIVERED'),
    emptyDroppedAt: first('EMPTY_DROP_OFF')?.at ?? null,
  };
}

/** Hours from `a` to `b` when both exist and b is not before a; else null (not measured). */
export function measuredSeconds(a: Date | null, b: Date | null): number | null {
  if (!a || !b) return null;
  const seconds = (b.getTime() - a.getTime()) / 1000;
  return seconds >= 0 ? seconds : null;
}

/** Seconds as hours with one decimal. */
export const hoursOf = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 360) / 10);

/** Mean, median and longest of measured seconds, as hours with one decimal; null over nothing. */
export function durationStats(seconds: number[]) {
  if (seconds.length === 0) return { average: null, median: null, longest: null };
  const sorted = [...seconds].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return {
    average: hoursOf(seconds.reduce((s, x) => s + x, 0) / seconds.length),
    median: hoursOf(median),
    longest: hoursOf(sorted.at(-1)!),
  };
}

/** A place in one line, by the spec's rule: terminal operator and city, else address city and state. */
export function placeText(
  terminal: { operator: string; city: string } | null,
  address: { city: string; state: string } | null,
) {
  if (terminal) return `${terminal.operator}, ${terminal.city}`;
  if (address) return `${address.city}, ${address.state}`;
  return null;
}
