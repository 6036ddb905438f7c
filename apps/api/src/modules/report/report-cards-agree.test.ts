import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARGO_TYPE_LABELS,
  DAY_MS,
  EXPIRY_STATUS_LABELS,
  LAGOS_OFFSET_MS,
  lagosDateInDays,
  TRIP_STATUS_LABELS,
  tripTimeline,
  type CargoType,
  type ReportColumn,
  type ReportFigure,
  type ReportKind,
  type ReportRow,
  type TripStatus,
} from '@freightlane/domain';
import { bids, invoices, orders, trips, tripStatusLogs } from '../../db/schema';
import { awardedOrder, placeBidViaApi } from '../../test/awarded-trips';
import { customerTripsWorld } from '../../test/customer-trips-world';
import { insertDriver, insertTruck } from '../../test/fleet';
import {
  containerRows,
  createVerifiedTransporter,
  generalCargoRow,
  placeOrderViaApi,
  referenceIds,
} from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { insertNamedDriver, transporterReportWorld } from '../../test/transporter-report-world';

// Issue 30: a report's figures above the table (its cards) must be what its table says. Every kind is read
// over one range through the HTTP API, every page of its table, and each card is worked out again from
// the rows alone. The range is 69 days ending yesterday, so periods are months and the ends of the range
// are in the past; the data has something on each side of each end.

const FROM = lagosDateInDays(-69);
const TO = lagosDateInDays(-1);
const TODAY = lagosDateInDays(0);
const RANGE = `from=${FROM}&to=${TO}`;
/** The first instant of the range in Lagos, and the first after it. */
const FROM_AT = new Date(Date.parse(`${FROM}T00:00:00Z`) - LAGOS_OFFSET_MS);
const TO_AT = new Date(Date.parse(`${TO}T00:00:00Z`) - LAGOS_OFFSET_MS + DAY_MS);
const HOUR = 3_600_000;

/**
 * Each end of the range from inside and from outside (its first instant, the one before it, its last, the
 * one after it): an instant and the Lagos date it falls on.
 */
const EDGES = [
  { at: FROM_AT, day: FROM },
  { at: new Date(FROM_AT.getTime() - 1), day: lagosDateInDays(-70) },
  { at: new Date(TO_AT.getTime() - 1), day: TO },
  { at: TO_AT, day: TODAY },
] as const;

const lagosAt = (days: number, time: string) => new Date(`${lagosDateInDays(days)}T${time}:00+01:00`);

type Account = { accessToken: string; company: { id: string } };

// ---------------------------------------------------------------------------------------------------------
// Building the books: trips walked through the API, then dated where the range needs them.

/** The trips of an order awarded whole through the API. */
async function awardedTrips(
  t: TestApp,
  customer: Account,
  transporter: Account,
  overrides: Record<string, unknown>,
  amountKobo: number,
) {
  const { order } = await awardedOrder(t, customer, transporter, overrides, amountKobo);
  return { orderId: order.id, tripIds: order.trips.map((trip: { id: string }) => trip.id) as string[] };
}

/** Puts a truck and a driver of the trip's transporter on it (new ones unless given). */
async function assign(t: TestApp, tripId: string, fleet?: { truckId: string; driverId: string }) {
  const [trip] = await t.ctx.db.select().from(trips).where(eq(trips.id, tripId));
  const truckId = fleet?.truckId ?? (await insertTruck(t, trip!.transporterCompanyId)).id;
  const driverId = fleet?.driverId ?? (await insertDriver(t, trip!.transporterCompanyId)).id;
  await t.ctx.db
    .update(trips)
    .set({ truckId, driverId, resourcesAssigned: true })
    .where(eq(trips.id, tripId));
}

/** Moves the trip step by step up to `status`, as its transporter through the API. */
async function walkTo(t: TestApp, tripId: string, transporter: Account, status: TripStatus) {
  const [trip] = await t.ctx.db.select().from(trips).where(eq(trips.id, tripId));
  const timeline = tripTimeline(trip!.cargoType);
  for (const tripStatus of timeline.slice(0, timeline.indexOf(status) + 1)) {
    const body =
      tripStatus === 'DELIVERED' ? { tripStatus, handoverCode: trip!.handoverCode } : { tripStatus };
    const res = await call(t.app, 'PATCH', `/api/v1/trips/${tripId}/status`, body, {
      token: transporter.accessToken,
    });
    if (res.status !== 200)
      throw new Error(`moving to ${tripStatus}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** Dates each live log of the trip as given, and the trip's latest status time with its last one. */
async function stamp(t: TestApp, tripId: string, steps: Partial<Record<TripStatus, Date>>) {
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
  const latest = trip!.latestStatus ? steps[trip!.latestStatus] : undefined;
  if (latest) await t.ctx.db.update(trips).set({ latestStatusAt: latest }).where(eq(trips.id, tripId));
}

/** Every step of an import's timeline up to `status` at `at`, the earlier ones an hour apart before it. */
function stepsUpTo(status: TripStatus, at: Date, cargoType: CargoType = 'IMPORT_SHIPPER_OWNED') {
  const timeline = tripTimeline(cargoType);
  const taken = timeline.slice(0, timeline.indexOf(status) + 1);
  return Object.fromEntries(
    taken.map((s, i) => [s, new Date(at.getTime() - (taken.length - 1 - i) * HOUR)]),
  ) as Partial<Record<TripStatus, Date>>;
}

/** The trip's award time (its order's placing and its invoice's raising too), pickup and expected dates. */
async function date(
  t: TestApp,
  tripId: string,
  values: { awardedAt?: Date; pickup?: string; expected?: string | null },
) {
  const [trip] = await t.ctx.db
    .update(trips)
    .set({
      ...(values.awardedAt ? { createdAt: values.awardedAt } : {}),
      ...(values.pickup ? { pickupDate: values.pickup } : {}),
      ...(values.expected !== undefined ? { expectedDeliveryDate: values.expected } : {}),
    })
    .where(eq(trips.id, tripId))
    .returning();
  if (values.awardedAt) {
    await t.ctx.db.update(orders).set({ createdAt: values.awardedAt }).where(eq(orders.id, trip!.orderId));
    await t.ctx.db.update(invoices).set({ createdAt: values.awardedAt }).where(eq(invoices.tripId, tripId));
  }
}

const setInvoice = (t: TestApp, tripId: string, values: Partial<typeof invoices.$inferInsert>) =>
  t.ctx.db.update(invoices).set(values).where(eq(invoices.tripId, tripId));

/**
 * The customer world of the trip-based reports (customerTripsWorld: trips on time and late, an undone
 * delivery, a cancelled trip with its voided invoice, a paid and an overdue invoice, documents, issues,
 * another customer) and beside it: a delivered trip at each edge of the range, awarded, invoiced, loaded,
 * delivered and paid at that instant (the other customer has one at each end inside the range too); two
 * general-cargo loads of 1.25 t on two lanes, one cancelled after delivery with its invoice voided; and a
 * third transporter whose only trip in the range was cancelled before it set off.
 */
async function customerBooks(t: TestApp) {
  const w = await customerTripsWorld(t);
  const { customer, other, first } = w;
  const { linerId } = await referenceIds(t);
  const lanes = [
    (await referenceIds(t, { terminal: 'ENL-APAPA' })).terminalId,
    (await referenceIds(t, { terminal: 'TICT-TINCAN' })).terminalId,
  ];

  const edgeTrips: string[] = [];
  for (const [by, edges] of [
    [customer, EDGES],
    [other, EDGES.filter((e) => e.day >= FROM && e.day <= TO)],
  ] as const) {
    for (const edge of edges) {
      const {
        tripIds: [id],
      } = await awardedTrips(
        t,
        by,
        first,
        { cargoType: 'IMPORT_SHIPPER_OWNED', containers: containerRows(1, linerId, ['FTS_20']) },
        45_000_000,
      );
      await assign(t, id!);
      await walkTo(t, id!, first, 'DELIVERED');
      // Every step at the instant: the trip is picked up, loaded and delivered right at the edge.
      await stamp(t, id!, Object.fromEntries(tripTimeline('IMPORT_SHIPPER_OWNED').map((s) => [s, edge.at])));
      await date(t, id!, { awardedAt: edge.at, pickup: edge.day, expected: edge.day });
      await setInvoice(t, id!, {
        status: 'PAID',
        paidAt: edge.at,
        dueAt: new Date(edge.at.getTime() + 7 * DAY_MS),
      });
      if (by === customer) edgeTrips.push(id!);
    }
  }
  // The first edge trip's arrival was recorded by the truck's geofence; the third's delivery by an admin.
  await t.ctx.db
    .update(tripStatusLogs)
    .set({ recordedBy: 'GEOFENCE' })
    .where(and(eq(tripStatusLogs.tripId, edgeTrips[0]!), eq(tripStatusLogs.status, 'AT_PICKUP_LOCATION')));
  await t.ctx.db
    .update(tripStatusLogs)
    .set({ handoverOverrideReason: 'The consignee had lost the code' })
    .where(and(eq(tripStatusLogs.tripId, edgeTrips[2]!), eq(tripStatusLogs.status, 'DELIVERED')));

  // Two loads of 1.25 t each on their own lane: each row shows 1.3 t, so the tonnes add up to 2.6.
  const loads: string[] = [];
  for (const terminalId of lanes) {
    const {
      tripIds: [id],
    } = await awardedTrips(
      t,
      customer,
      first,
      {
        cargoType: 'GENERAL_CARGO',
        containers: [],
        generalCargos: [generalCargoRow({ weightTonnes: 1.25 })],
        pickup: { kind: 'TERMINAL', terminalId },
      },
      30_000_000,
    );
    await assign(t, id!);
    await walkTo(t, id!, first, 'DELIVERED');
    await stamp(t, id!, stepsUpTo('DELIVERED', lagosAt(-30, '15:00'), 'GENERAL_CARGO'));
    await date(t, id!, { awardedAt: lagosAt(-33, '10:00'), pickup: lagosDateInDays(-31), expected: null });
    loads.push(id!);
  }
  // The second load was cancelled after its delivery (an admin's act): it moved, and was never billed.
  await t.ctx.db
    .update(trips)
    .set({ cancelledAt: lagosAt(-29, '09:00'), cancellationReason: 'Billed outside the platform' })
    .where(eq(trips.id, loads[1]!));
  await setInvoice(t, loads[1]!, { status: 'VOID' });

  // A third transporter whose one trip in the range the customer cancelled before it set off.
  const third = await createVerifiedTransporter(t, { name: 'Ikorodu Carriers Ltd' });
  const {
    tripIds: [cancelled],
  } = await awardedTrips(t, customer, third, {}, 38_000_000);
  await date(t, cancelled!, { awardedAt: lagosAt(-25, '10:00'), pickup: lagosDateInDays(-20) });
  const res = await call(
    t.app,
    'PATCH',
    '/api/v1/trips/cancel',
    { tripIds: [cancelled], reason: 'The vessel was delayed' },
    { token: customer.accessToken },
  );
  if (res.status !== 200) throw new Error(`cancelling: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...w, third };
}

/**
 * The transporter world of the fleet reports (transporterReportWorld: five trucks and six drivers in
 * every state, trips completed, under way, awaiting start and cancelled, documents expired, expiring and
 * missing, another transporter) and beside it: a trip completed at each edge of the range on its own
 * truck and driver, its bid won then; a completed trip whose truck and driver were taken off it since; a
 * trip without a truck or driver whose pickup day has passed; trips under way that set off at the range's
 * first instant and just before it; a truck whose insurance expired before the range; and bids lost,
 * lost to a cancelled order and withdrawn.
 */
async function transporterBooks(t: TestApp) {
  const w = await transporterReportWorld(t);
  const { customer, owner } = w;
  const companyId = owner.company.id;
  const longAgo = new Date(FROM_AT.getTime() - 30 * DAY_MS);
  const truckFor = (plate: string, documents = {}) =>
    insertTruck(t, companyId, { registrationNumber: plate, createdAt: longAgo, documents });
  const driverFor = (firstName: string, lastName: string) =>
    insertNamedDriver(t, companyId, { firstName, lastName }, { createdAt: longAgo });
  const trip = async (amountKobo = 50_000_000) =>
    (await awardedTrips(t, customer, owner, { cargoType: 'IMPORT_SHIPPER_OWNED' }, amountKobo)).tripIds[0]!;

  const edgeTruck = await truckFor('EDG 101 AA');
  const edgeDriver = await driverFor('Kunle', 'Ajayi');
  for (const edge of EDGES) {
    const id = await trip();
    await assign(t, id, { truckId: edgeTruck.id, driverId: edgeDriver.id });
    await walkTo(t, id, owner, 'DELIVERED');
    await stamp(t, id, stepsUpTo('DELIVERED', edge.at));
    await date(t, id, { awardedAt: edge.at, pickup: edge.day, expected: edge.day });
    const [row] = await t.ctx.db.select({ bidId: trips.bidId }).from(trips).where(eq(trips.id, id));
    await t.ctx.db.update(bids).set({ decidedAt: edge.at }).where(eq(bids.id, row!.bidId));
  }

  // Completed in the range; its truck and driver have been taken off it since.
  const bare = await trip(61_000_000);
  await assign(t, bare);
  await walkTo(t, bare, owner, 'DELIVERED');
  await stamp(t, bare, stepsUpTo('DELIVERED', lagosAt(-20, '16:00')));
  await date(t, bare, { awardedAt: lagosAt(-22, '10:00'), pickup: lagosDateInDays(-21), expected: null });
  await t.ctx.db.update(trips).set({ truckId: null, driverId: null }).where(eq(trips.id, bare));

  // Never given a truck or driver, and its pickup day has passed.
  const unplanned = await trip();
  await date(t, unplanned, {
    awardedAt: lagosAt(-6, '10:00'),
    pickup: lagosDateInDays(-3),
    expected: lagosDateInDays(-2),
  });

  // Under way: one set off at the range's first instant (with an open issue), one just before it.
  for (const [plate, name, startedAt, pickup, expected] of [
    ['EDG 102 AB', ['Bisi', 'Lawal'], FROM_AT, FROM, TO],
    ['EDG 103 AC', ['Dayo', 'Okafor'], new Date(FROM_AT.getTime() - 1), EDGES[1].day, TODAY],
  ] as const) {
    const id = await trip();
    const truck = await truckFor(plate);
    const driver = await driverFor(name[0], name[1]);
    await assign(t, id, { truckId: truck.id, driverId: driver.id });
    if (plate === 'EDG 102 AB') {
      await walkTo(t, id, owner, 'LOADED');
      await stamp(t, id, {
        STARTED: startedAt,
        AT_PICKUP_LOCATION: new Date(startedAt.getTime() + 2 * HOUR),
        LOADED: new Date(startedAt.getTime() + 5 * HOUR),
      });
      const issue = await call(
        t.app,
        'POST',
        `/api/v1/trips/${id}/issues`,
        { issueType: 'BREAKDOWN', description: 'Fan belt gone at Berger' },
        { token: owner.accessToken },
      );
      if (issue.status !== 201) throw new Error(`opening an issue: ${issue.status}`);
    } else {
      await walkTo(t, id, owner, 'STARTED');
      await stamp(t, id, { STARTED: startedAt });
    }
    await date(t, id, { awardedAt: new Date(startedAt.getTime() - DAY_MS), pickup, expected });
  }

  // Insurance expired 100 days ago, long before the range: still expired now.
  await truckFor('EDG 104 AD', {
    vehicleLicence: { number: 'VL-104', expiresOn: lagosDateInDays(200) },
    roadWorthiness: { number: null, expiresOn: lagosDateInDays(150) },
    insurance: { number: 'INS-104', expiresOn: lagosDateInDays(-100) },
    hackneyPermit: { number: 'HP-104', expiresOn: lagosDateInDays(300) },
  });

  // Bids decided in the range without a trip: lost, lost when the customer cancelled, and withdrawn.
  for (const [status, at, orderCancelled] of [
    ['LOST', lagosAt(-10, '12:00'), false],
    ['LOST', lagosAt(-12, '12:00'), true],
    ['WITHDRAWN', lagosAt(-8, '12:00'), false],
  ] as const) {
    const order = await placeOrderViaApi(t, customer.accessToken, {});
    const bid = await placeBidViaApi(t, owner.accessToken, order.id, 44_000_000);
    await t.ctx.db
      .update(bids)
      .set(status === 'WITHDRAWN' ? { status, withdrawnAt: at } : { status, decidedAt: at })
      .where(eq(bids.id, bid.id));
    if (orderCancelled) {
      await t.ctx.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, order.id));
    }
  }
  return { ...w, bare, unplanned, edgeTruck };
}

// ---------------------------------------------------------------------------------------------------------
// Reading a report whole, and checking its cards against its rows.

interface Report {
  summary: ReportFigure[];
  columns: ReportColumn[];
  rows: ReportRow[];
  chart: { points: Record<string, unknown>[] };
}

/** The report over the range through the API: its cards, and every row of its table, page by page. */
async function readReport(t: TestApp, kind: ReportKind, account: { accessToken: string }): Promise<Report> {
  const size = 7;
  const url = (page: number) => `/api/v1/reports/${kind}?${RANGE}&page=${page}&size=${size}`;
  const first = await call(t.app, 'GET', url(0), undefined, { token: account.accessToken });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const rows: ReportRow[] = [...first.body.page.content];
  for (let page = 1; page < first.body.page.totalPages; page++) {
    const next = await call(t.app, 'GET', url(page), undefined, { token: account.accessToken });
    rows.push(...next.body.page.content);
  }
  expect(rows).toHaveLength(first.body.page.totalElements);
  return { summary: first.body.summary, columns: first.body.columns, rows, chart: first.body.chart };
}

/**
 * A ratio pooled over trips (or lanes) whose parts the rows do not carry, only each row's own ratio: the
 * pooled one is their weighted mean, so it lies between the least and the greatest of them (and is one
 * of them when only one row has any).
 */
interface Within {
  within: (number | null)[];
}
/** An average of unrounded times, where the rows show each time to one decimal: equal to within `by`. */
interface Near {
  near: number | null;
  by: number;
}
type Expected = number | null | Within | Near;

/**
 * Checks every card of `report`: those in `expected` against the figure worked out from the rows, and
 * those `apart` (with no counterpart in the rows) only by name, so no card goes unchecked.
 */
function agree(report: Report, expected: Record<string, Expected>, apart: Record<string, string> = {}) {
  expect(new Set(report.summary.map((f) => f.key))).toEqual(
    new Set([...Object.keys(expected), ...Object.keys(apart)]),
  );
  for (const figure of report.summary) {
    if (figure.key in apart) continue;
    const want = expected[figure.key]!;
    const what = `${figure.label} (${figure.key})`;
    if (want !== null && typeof want === 'object' && 'within' in want) {
      const values = want.within.filter((v): v is number => v !== null);
      if (values.length === 0) expect(figure.value, what).toBeNull();
      else {
        expect(figure.value, what).toBeGreaterThanOrEqual(Math.min(...values));
        expect(figure.value, what).toBeLessThanOrEqual(Math.max(...values));
      }
    } else if (want !== null && typeof want === 'object') {
      if (want.near === null) expect(figure.value, what).toBeNull();
      else expect(Math.abs(Number(figure.value) - want.near), what).toBeLessThanOrEqual(want.by + 1e-9);
    } else {
      expect(figure.value, what).toBe(want);
    }
  }
}

const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const sum = (rows: ReportRow[], key: string, keep: (r: ReportRow) => boolean = () => true) =>
  rows.filter(keep).reduce((s, r) => s + num(r[key]), 0);
const count = (rows: ReportRow[], keep: (r: ReportRow) => boolean) => rows.filter(keep).length;
/** A percentage with one decimal, as the reports round it; N/A over nothing. */
const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((1000 * part) / whole) / 10;
/** Kobo per unit, rounded to the kobo; N/A over nothing. */
const per = (total: number, units: number) => (units === 0 ? null : Math.round(total / units));
/** Rounded to one decimal (sums of one-decimal values pick up binary noise). */
const oneDecimal = (v: number) => Math.round(v * 10) / 10;
const values = (rows: ReportRow[], key: string) =>
  rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number');
const mean = (xs: number[]) =>
  xs.length === 0 ? null : oneDecimal(xs.reduce((s, x) => s + x, 0) / xs.length);
function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return oneDecimal(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}
/** Distinct values of a column among some rows. */
const distinct = (rows: ReportRow[], key: string) => new Set(rows.map((r) => r[key])).size;
/**
 * A rate's numerator recovered from a row: the rate is rounded to 0.1 %, which pins the whole count down
 * exactly while the denominator is under 1,000.
 */
const partOf = (rate: unknown, whole: unknown) =>
  typeof rate === 'number' && typeof whole === 'number' ? Math.round((rate * whole) / 100) : 0;
const within = (rows: ReportRow[], key: string): Within => ({
  within: rows.map((r) => r[key] as number | null),
});
/** One decimal per row: an average of n rounded times is within 0.05 of the rounded average, plus its own rounding. */
const near = (xs: number[]): Near => ({ near: mean(xs), by: 0.1 });

const CARGO_BY_LABEL = new Map(Object.entries(CARGO_TYPE_LABELS).map(([k, v]) => [v, k as CargoType]));

// ---------------------------------------------------------------------------------------------------------

describe('every report’s cards agree with its rows (issue 30)', () => {
  let t: TestApp;
  let books: Awaited<ReturnType<typeof customerBooks>>;
  let fleet: Awaited<ReturnType<typeof transporterBooks>>;
  beforeAll(async () => {
    t = await createTestApp();
    books = await customerBooks(t);
    fleet = await transporterBooks(t);
  }, 240_000);
  afterAll(() => t?.close());

  const customerReport = (kind: ReportKind) => readReport(t, kind, books.customer);
  const transporterReport = (kind: ReportKind) => readReport(t, kind, fleet.owner);

  // ---- customer reports ------------------------------------------------------------------------------

  it('financial: a voided invoice is a row’s invoice, counted as voided; spend leaves its amount out', async () => {
    const r = await customerReport('financial');
    const R = r.rows;
    expect(sum(R, 'voidedInvoices')).toBeGreaterThanOrEqual(2);
    const billed = sum(R, 'invoices') - sum(R, 'voidedInvoices');
    agree(r, {
      spend: sum(R, 'spend'),
      paid: sum(R, 'paid'),
      outstanding: sum(R, 'outstanding'),
      overdue: sum(R, 'overdue'),
      voided: sum(R, 'voided'),
      invoices: sum(R, 'invoices'),
      voidedInvoices: sum(R, 'voidedInvoices'),
      averagePerTrip: per(sum(R, 'spend'), billed),
      paidShare: percent(sum(R, 'paid'), sum(R, 'spend')),
    });
    // The chart's bars of a period add up to its spend, and over the range to the cards.
    const bars = r.chart.points.reduce((s, p) => s + num(p.paid) + num(p.outstanding), 0);
    expect(bars).toBe(sum(R, 'paid') + sum(R, 'outstanding'));
    // A range of more than 62 days is grouped by month, and its period column is a month ("Dec 2026").
    expect(r.columns.find((c) => c.key === 'period')?.type).toBe('month');
  });

  it('executive: the period rows add up to the counts and spend; the rates pool the periods’', async () => {
    const r = await customerReport('executive');
    const R = r.rows;
    expect(R.map((row) => row.period)).toEqual([...new Set(R.map((row) => row.period))]);
    const trended = ['spend', 'ordersPlaced', 'tripsAwarded', 'tripsDelivered'];
    const previous = Object.fromEntries(
      r.summary
        .filter((f) => /(Previous|Change)$/.test(f.key))
        .map((f) => [f.key, 'the range before this one, or a comparison with it: no row is in that range']),
    );
    agree(
      r,
      {
        ...Object.fromEntries(trended.map((k) => [k, sum(R, k)])),
        onTimePickup: within(R, 'onTimePickup'),
        onTimeDelivery: within(R, 'onTimeDelivery'),
        issueRate: within(R, 'issueRate'),
      },
      {
        ...previous,
        containersMoved: 'the table has no column of containers',
        averageTransit: 'the table has no column of transit times',
        documentCompleteness: 'the table has no column of documents',
        outstandingNow: 'owed now on invoices of any date, not a figure of the range',
        overdueNow: 'overdue now on invoices of any date, not a figure of the range',
      },
    );
  });

  it('operation: the stages add up to the trips, cancelled and completed each their own row', async () => {
    const r = await customerReport('operation');
    const R = r.rows;
    const stage = (label: string) => num(R.find((row) => row.stage === label)?.tripsNow);
    const live = ['To pickup', 'At pickup', 'In transit', 'At delivery', 'Empty return'];
    expect(stage('Cancelled')).toBeGreaterThan(0);
    const issueCards = r.summary.filter((f) => f.key.endsWith('Issues') && f.key !== 'openIssues');
    agree(
      r,
      {
        trips: sum(R, 'tripsNow'),
        inProgress: live.reduce((s, label) => s + stage(label), 0),
        completed: stage('Completed'),
        cancelled: stage('Cancelled'),
      },
      {
        issues: 'issues are counted by type, not by stage: the chart carries them',
        openIssues: 'the table counts trips by stage, not their issues',
        tripsWithIssue: 'the table counts trips by stage, not their issues',
        ...Object.fromEntries(issueCards.map((f) => [f.key, 'an issue type: a point of the chart'])),
      },
    );
    // Those cards agree with the chart instead: a point per issue type.
    const points = new Map(r.chart.points.map((p) => [p.issueType, num(p.issues)]));
    for (const card of issueCards) expect(card.value, card.label).toBe(points.get(card.label));
    const all = r.summary.find((f) => f.key === 'issues')!.value;
    expect(all).toBe([...points.values()].reduce((s, n) => s + n, 0));
  });

  it('master: every trip is a row; containers and truck loads add up to the trips', async () => {
    const r = await customerReport('master');
    const R = r.rows;
    const cancelled = (row: ReportRow) => row.status === 'Cancelled';
    const completed = (row: ReportRow) => {
      const cargo = CARGO_BY_LABEL.get(String(row.cargoType));
      return !cancelled(row) && !!cargo && row.status === TRIP_STATUS_LABELS[tripTimeline(cargo).at(-1)!];
    };
    const truckLoad = (row: ReportRow) => row.cargoType === CARGO_TYPE_LABELS.GENERAL_CARGO;
    expect(count(R, cancelled)).toBeGreaterThan(0);
    expect(R.map((row) => row.pickupDate).every((d) => String(d) >= FROM && String(d) <= TO)).toBe(true);
    agree(r, {
      trips: R.length,
      completed: count(R, completed),
      cancelled: count(R, cancelled),
      containers: count(R, (row) => !truckLoad(row)),
      truckLoads: count(R, truckLoad),
      amount: sum(R, 'amount', (row) => !cancelled(row)),
    });
  });

  it('delivery: the deliveries, their timing and proof are the rows’', async () => {
    const r = await customerReport('delivery');
    const R = r.rows;
    const onTime = count(R, (row) => row.onTime === 'On time');
    const late = count(R, (row) => row.onTime === 'Late');
    expect(count(R, (row) => row.handover === 'Admin override')).toBeGreaterThanOrEqual(1);
    agree(r, {
      delivered: R.length,
      onTimeDelivery: percent(onTime, onTime + late),
      withoutExpectedDate: count(R, (row) => row.onTime === 'No target'),
      averageTransit: near(values(R, 'transit')),
      medianTransit: { near: median(values(R, 'transit')), by: 0.1 },
      proofOfDelivery: percent(
        count(R, (row) => row.proofOfDelivery === 'Yes'),
        R.length,
      ),
      adminOverrides: count(R, (row) => row.handover === 'Admin override'),
    });
  });

  it('loadout: the loadings, their waits and arrivals are the rows’', async () => {
    const r = await customerReport('loadout');
    const R = r.rows;
    const onTime = count(R, (row) => row.onTimePickup === 'On time');
    const late = count(R, (row) => row.onTimePickup === 'Late');
    const waits = values(R, 'waitAtLoadout');
    expect(count(R, (row) => row.arrivalRecordedBy === 'Geofence')).toBeGreaterThanOrEqual(1);
    agree(r, {
      loadings: R.length,
      averageWait: near(waits),
      medianWait: { near: median(waits), by: 0.1 },
      longestWait: waits.length === 0 ? null : Math.max(...waits),
      onTimePickup: percent(onTime, onTime + late),
      geofenceArrivals: percent(
        count(R, (row) => row.arrivalRecordedBy === 'Geofence'),
        R.length,
      ),
    });
  });

  it('KPI: every transporter with a trip in the range is a row, one whose only trip was cancelled too', async () => {
    const r = await customerReport('kpi');
    const R = r.rows;
    expect(R.find((row) => row.transporter === 'Ikorodu Carriers Ltd')).toMatchObject({
      trips: 0,
      cancelled: 1,
    });
    agree(r, {
      trips: sum(R, 'trips'),
      cancelled: sum(R, 'cancelled'),
      transporters: R.length,
      issueRate: percent(
        R.reduce((s, row) => s + partOf(row.issueRate, row.trips), 0),
        sum(R, 'trips'),
      ),
      onTimePickup: within(R, 'onTimePickup'),
      onTimeDelivery: within(R, 'onTimeDelivery'),
      averageTransit: within(R, 'averageTransit'),
      documentCompleteness: within(R, 'documentCompleteness'),
    });
  });

  it('cost: the lanes add up to the cost and trips; the ratios are the rows’ pooled', async () => {
    const r = await customerReport('cost');
    const R = r.rows;
    agree(r, {
      totalCost: sum(R, 'totalCost'),
      trips: sum(R, 'trips'),
      lanes: R.length,
      costPerTrip: per(sum(R, 'totalCost'), sum(R, 'trips')),
      // Each lane's ratio is rounded to the kobo, so the pooled one is checked against them, not rebuilt.
      costPerContainer: within(R, 'costPerContainer'),
      costPerTonne: within(R, 'costPerTonne'),
    });
  });

  it('invoice: every invoice is a row, a voided one shown as Void', async () => {
    const r = await customerReport('invoice');
    const R = r.rows;
    const of = (status: string) => sum(R, 'amount', (row) => row.status === status);
    expect(count(R, (row) => row.status === 'Void')).toBeGreaterThanOrEqual(2);
    agree(r, {
      invoices: R.length,
      invoiced: sum(R, 'amount', (row) => row.status !== 'Void'),
      pending: of('Pending'),
      overdue: of('Overdue'),
      paid: of('Paid'),
      voided: of('Void'),
    });
  });

  it('payment: every payment is a row', async () => {
    const r = await customerReport('payment');
    const R = r.rows;
    expect(R.length).toBeGreaterThanOrEqual(3);
    const days = sum(R, 'daysToPay');
    agree(
      r,
      {
        payments: R.length,
        amount: sum(R, 'amount'),
        averageDaysToPay: R.length === 0 ? null : Math.round((10 * days) / R.length) / 10,
        paidOnTime: percent(
          count(R, (row) => row.paidOnTime === 'Yes'),
          R.length,
        ),
      },
      { dueUnpaid: 'invoices still owed that fall due in the range: not payments, so no rows' },
    );
  });

  it('sales: the clients add up to the trips, cost and what is owed', async () => {
    const r = await customerReport('sales');
    const R = r.rows;
    agree(r, {
      clients: R.length,
      trips: sum(R, 'trips'),
      haulageCost: sum(R, 'haulageCost'),
      outstanding: sum(R, 'outstanding'),
      averagePerClient: per(sum(R, 'haulageCost'), R.length),
    });
  });

  it('cargo movement: the tonnes are the sum of the rows’ tonnes, as shown', async () => {
    const r = await customerReport('cargo-movement');
    const R = r.rows;
    expect(count(R, (row) => row.tonnes === 1.3)).toBeGreaterThanOrEqual(2);
    agree(r, {
      containers: sum(R, 'containers'),
      empty: sum(R, 'empty'),
      truckLoads: sum(R, 'truckLoads'),
      tonnes: oneDecimal(sum(R, 'tonnes')),
      lanes: distinct(R, 'lane'),
    });
    expect(r.columns.find((c) => c.key === 'period')?.type).toBe('month');
  });

  // ---- transporter reports ---------------------------------------------------------------------------

  it('fleet: the trucks by status and their days are the rows’', async () => {
    const r = await transporterReport('fleet');
    const R = r.rows;
    const active = R.filter((row) => row.status !== 'Inactive');
    const status = (s: string) => count(R, (row) => row.status === s);
    agree(
      r,
      {
        trucks: active.length,
        onTrip: status('On trip'),
        assigned: status('Assigned'),
        available: status('Available'),
        inactive: status('Inactive'),
        utilisation: percent(sum(active, 'daysOnTrip'), sum(active, 'availableDays')),
        idleDays: sum(active, 'idleDays'),
      },
      { expiredDocuments: 'documents are the vehicle report’s rows, not the fleet’s' },
    );
  });

  it('vehicle: every document expired, expiring or missing now is a row, whenever it expired', async () => {
    const r = await transporterReport('vehicle');
    const R = r.rows;
    const state = (label: string) => (row: ReportRow) => row.state === label;
    expect(
      R.find((row) => row.truck === 'EDG 104 AD' && row.state === EXPIRY_STATUS_LABELS.EXPIRED),
    ).toBeTruthy();
    const trucksCard = r.summary.find((f) => f.key === 'trucks')!.value as number;
    const needingCare = new Set(
      R.filter((row) => row.state !== EXPIRY_STATUS_LABELS.VALID).map((row) => row.truck),
    );
    agree(
      r,
      {
        expired: count(R, state(EXPIRY_STATUS_LABELS.EXPIRED)),
        expiring: count(R, state(EXPIRY_STATUS_LABELS.EXPIRING)),
        missing: count(R, state(EXPIRY_STATUS_LABELS.MISSING)),
        allValid: trucksCard - needingCare.size,
        dueInRange: count(
          R,
          (row) => row.expiresOn !== null && String(row.expiresOn) >= FROM && String(row.expiresOn) <= TO,
        ),
      },
      { trucks: 'a truck whose documents are all valid and none falling due in the range has no row' },
    );
  });

  it('driver: the drivers’ rows add up to the trips; a trip without a driver is counted apart', async () => {
    const r = await transporterReport('driver');
    const R = r.rows;
    expect(r.summary.find((f) => f.key === 'withoutDriver')!.value).toBeGreaterThanOrEqual(2);
    agree(
      r,
      {
        drivers: count(R, (row) => num(row.trips) > 0),
        trips: sum(R, 'trips'),
        onTimePickup: within(R, 'onTimePickup'),
        onTimeDelivery: within(R, 'onTimeDelivery'),
        issueRate: percent(
          R.reduce((s, row) => s + partOf(row.issueRate, row.trips), 0),
          sum(R, 'trips'),
        ),
        licencesExpired: count(
          R,
          (row) => row.active === 'Yes' && row.licenceState === EXPIRY_STATUS_LABELS.EXPIRED,
        ),
      },
      { withoutDriver: 'a trip without a driver belongs to no driver’s row' },
    );
  });

  it('schedule: the pickups and deliveries are the rows’', async () => {
    const r = await transporterReport('schedule');
    const R = r.rows;
    const trips = (keep: (row: ReportRow) => boolean) => distinct(R.filter(keep), 'trip');
    expect(R.filter((row) => row.date === FROM || row.date === TO)).not.toHaveLength(0);
    agree(
      r,
      {
        pickups: count(R, (row) => row.event === 'Pickup'),
        deliveries: count(R, (row) => row.event === 'Delivery'),
        withoutTruck: trips((row) => row.truck === null),
        withoutDriver: trips((row) => row.driver === null),
        pickupsOverdue: count(
          R,
          (row) => row.event === 'Pickup' && String(row.date) < TODAY && row.arrivedAtPickup === 'No',
        ),
      },
      {
        withoutExpectedDelivery:
          'every live trip without the date, whatever the range: such a trip has no delivery row',
      },
    );
  });

  it('truck: the trucks’ rows add up to the trips, revenue, distance and days', async () => {
    const r = await transporterReport('truck');
    const R = r.rows;
    const active = R.filter((row) => row.idleDays !== null);
    const distances = values(R, 'distance');
    expect(R.find((row) => row.truck === fleet.edgeTruck.registrationNumber)?.tripsCompleted).toBe(2);
    expect(r.summary.find((f) => f.key === 'withoutTruck')!.value).toBe(1);
    agree(
      r,
      {
        trucksUsed: count(R, (row) => num(row.tripsCompleted) > 0),
        tripsCompleted: sum(R, 'tripsCompleted'),
        revenue: sum(R, 'revenue'),
        profit: sum(R, 'profit'),
        distance: distances.length === 0 ? null : oneDecimal(distances.reduce((s, d) => s + d, 0)),
        revenuePerKm: within(R, 'revenuePerKm'),
        idleTruckDays: sum(active, 'idleDays'),
        fleetUtilisation: percent(
          sum(active, 'daysOnTrip'),
          sum(active, 'daysOnTrip') + sum(active, 'idleDays'),
        ),
      },
      { withoutTruck: 'a trip without a truck belongs to no truck’s row' },
    );
  });

  it('driver status: the drivers by status and their days are the rows’', async () => {
    const r = await transporterReport('driver-status');
    const R = r.rows;
    const status = (s: string) => count(R, (row) => row.status === s);
    agree(r, {
      drivers: R.length,
      onTrip: status('On trip'),
      assigned: status('Assigned'),
      available: status('Available'),
      off: status('Off'),
      licencesExpired: count(
        R,
        (row) => row.status !== 'Off' && row.licenceState === EXPIRY_STATUS_LABELS.EXPIRED,
      ),
      daysOnTrip: sum(R, 'daysOnTrip'),
    });
  });

  it('active trip: the trips under way that set off in the range are the rows', async () => {
    const r = await transporterReport('active-trip');
    const R = r.rows;
    expect(R.map((row) => row.setOff)).toContain(FROM_AT.toISOString());
    agree(
      r,
      {
        activeTrips: R.length,
        delayed: count(R, (row) => row.delayed === 'Yes'),
        openIssues: sum(R, 'openIssues'),
        averageTimeInStage: near(values(R, 'timeInStage')),
      },
      {
        setOffBeforeRange: 'trips that set off before the range: not rows of it, counted so none hides',
        silentTrucks: 'needs each truck’s tracker and the company’s silence setting, which no column shows',
      },
    );
  });

  it('performance: the months add up to the bids, trips and money; the rates pool the months’', async () => {
    const r = await transporterReport('performance');
    const R = r.rows;
    expect(sum(R, 'bidsDecided')).toBeGreaterThanOrEqual(3);
    agree(
      r,
      {
        bidsDecided: sum(R, 'bidsDecided'),
        bidsWon: sum(R, 'bidsWon'),
        winRate: percent(sum(R, 'bidsWon'), sum(R, 'bidsDecided')),
        tripsAwarded: sum(R, 'tripsAwarded'),
        booked: sum(R, 'booked'),
        tripsCompleted: sum(R, 'tripsCompleted'),
        revenue: sum(R, 'revenue'),
        onTimePickup: within(R, 'onTimePickup'),
        onTimeDelivery: within(R, 'onTimeDelivery'),
        averageTransit: within(R, 'averageTransit'),
        issueRate: within(R, 'issueRate'),
        cancelled: sum(R, 'cancelled'),
      },
      {
        bidsClosedByCancellation: 'bids the customer’s cancellation closed: not decided, so in no column',
        bidsWithdrawn: 'a withdrawn bid is never decided, so it is in no column',
      },
    );
    expect(r.columns.find((c) => c.key === 'month')?.type).toBe('month');
  });
});
