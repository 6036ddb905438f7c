import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  DAY_MS,
  LAGOS_OFFSET_MS,
  lagosDateInDays,
  tripTimeline,
  type TripIssueType,
  type TripStatus,
  type TruckDocument,
  type TruckDocumentKind,
} from '@freightlane/domain';
import {
  companies,
  drivers,
  trackingCompanies,
  trackingCredentials,
  trackingDevices,
  tripIssues,
  trips,
  tripStatusLogs,
  truckLatestPositions,
  trucks,
} from '../db/schema';
import { awardedOrder } from './awarded-trips';
import { uniquePhone } from './accounts';
import { GUARANTOR_NAME, insertTruck, NEXT_OF_KIN, signedInFleetManagerOf, uniqueLicence } from './fleet';
import {
  createVerifiedCustomer,
  createVerifiedTransporter,
  LAGOS_ADDRESS,
  referenceIds,
} from './marketplace';
import { call, type TestApp } from './test-app';
import type { Account } from './trip-world';

/** A driver of the company with a name, written straight to the database. */
export async function insertNamedDriver(
  t: TestApp,
  companyId: string,
  name: { firstName: string; lastName: string },
  overrides: Partial<typeof drivers.$inferInsert> = {},
) {
  const [row] = await t.ctx.db
    .insert(drivers)
    .values({
      companyId,
      ...name,
      phoneNumber: uniquePhone(),
      address: { ...LAGOS_ADDRESS },
      nextOfKin: { ...NEXT_OF_KIN, phoneNumber: uniquePhone() },
      guarantor: { name: GUARANTOR_NAME, phoneNumber: uniquePhone(), address: { ...LAGOS_ADDRESS } },
      licenceNumber: uniqueLicence(),
      licenceExpiresOn: lagosDateInDays(400),
      ...overrides,
    })
    .returning();
  return row!;
}

/** The last 30 Lagos days, as a report opens on. */
export const RANGE_FROM = lagosDateInDays(-29);
export const RANGE_TO = lagosDateInDays(0);
export const RANGE = `from=${RANGE_FROM}&to=${RANGE_TO}`;

/** The Lagos calendar day of an instant, computed without SQL. */
export const lagosDayOf = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** The first instant of a Lagos calendar day. */
export const lagosDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+01:00`));

/** Every day from `from` to `to`, both included (none when `to` comes first). */
export function daysFromTo(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** An instant on the Lagos clock, `days` from today at `time` (HH:mm). */
const lagosAt = (days: number, time: string) => new Date(`${lagosDateInDays(days)}T${time}:00+01:00`);

/** The trucks' documents: a date `days` from today, with a number or without. */
const document = (days: number, number: string | null = null): TruckDocument => ({
  number,
  expiresOn: lagosDateInDays(days),
});

type Steps = Partial<Record<TripStatus, Date>>;

interface TripPlan {
  transporter: Account;
  cargoType?: 'IMPORT_SHIPPER_OWNED' | 'IMPORT_LINER_OWNED';
  truckId?: string;
  driverId?: string;
  /** Award time. */
  awardedAt: Date;
  pickupInDays: number;
  expectedInDays?: number | null;
  /** When each step was taken; the trip walks through them through the API, then they are backdated. */
  steps?: Steps;
  /** Issues opened once the trip has set off (or before, when it never does). */
  issues?: TripIssueType[];
  cancelledAt?: Date;
  amountKobo?: number;
}

/**
 * The books of a transporter for the transporter reports (docs/reports.md 3), read as its owner and as its
 * fleet manager. Apapa Haulage Ltd has five trucks and six drivers:
 *
 * - TA1 carries a loaded trip (trip 3, arrival late: an earlier on-time arrival log was undone), has a
 *   tracker and a position, a vehicle licence expired five days ago, road worthiness expiring in ten days and
 *   no hackney permit; TA2 is assigned to trip 4 (not started, pickup yesterday) and did a long trip 7 that
 *   set off 35 days ago and ended 25 days ago; TA3 did trips 1 and 2 in range and trip 8 well before it,
 *   its insurance expired 40 days ago; TA4 did trip 6 and set off on trip 5, cancelled the next day, and
 *   was deactivated since, its licence expired three days ago; TA5 was registered ten days ago and has not
 *   moved.
 * - Drivers DA1…DA4 drove those trips (DA4 deactivated since, DA2's licence expired), DA5 is deactivated
 *   and never drove, DA6 joined five days ago.
 * - Trip 9 (pickup today) has no truck or driver, trip 11 was cancelled before it set off.
 *
 * Onitsha Movers Ltd has its own truck, driver and trip in range, which Apapa must never see.
 */
export async function transporterReportWorld(t: TestApp) {
  const customer = await createVerifiedCustomer(t, { name: 'Ikeja Breweries Ltd' });
  const owner = await createVerifiedTransporter(t, { name: 'Apapa Haulage Ltd' });
  const other = await createVerifiedTransporter(t, { name: 'Onitsha Movers Ltd' });
  const fleetManager = await signedInFleetManagerOf(t, owner, { firstName: 'Bola', lastName: 'Adeyemi' });
  const { terminal } = await referenceIds(t);
  const now = Date.now();

  const truck = (
    companyId: string,
    createdDaysAgo: number,
    documents: Partial<Record<TruckDocumentKind, TruckDocument>>,
  ) => insertTruck(t, companyId, { documents, createdAt: new Date(now - createdDaysAgo * DAY_MS) });

  const driver = (
    companyId: string,
    firstName: string,
    lastName: string,
    createdDaysAgo: number,
    licenceInDays = 400,
  ) =>
    insertNamedDriver(
      t,
      companyId,
      { firstName, lastName },
      {
        licenceExpiresOn: lagosDateInDays(licenceInDays),
        createdAt: new Date(now - createdDaysAgo * DAY_MS),
      },
    );

  const TA1 = await truck(owner.company.id, 100, {
    vehicleLicence: document(-5, 'VL-100001'),
    roadWorthiness: document(10),
    insurance: document(200, 'INS-100001'),
  });
  const TA2 = await truck(owner.company.id, 100, {
    vehicleLicence: document(100, 'VL-100002'),
    roadWorthiness: document(150),
    insurance: document(250, 'INS-100002'),
    hackneyPermit: document(300, 'HP-100002'),
  });
  const TA3 = await truck(owner.company.id, 100, {
    vehicleLicence: document(60, 'VL-100003'),
    roadWorthiness: document(90),
    insurance: document(-40, 'INS-100003'),
    hackneyPermit: document(25),
  });
  const TA4 = await truck(owner.company.id, 100, {
    vehicleLicence: document(-3, 'VL-100004'),
    roadWorthiness: document(120),
    insurance: document(130),
  });
  const TA5 = await truck(owner.company.id, 10, {
    vehicleLicence: document(365, 'VL-100005'),
    roadWorthiness: document(20),
    insurance: document(300),
  });
  const TB1 = await truck(other.company.id, 100, {
    vehicleLicence: document(-2, 'VL-900001'),
    roadWorthiness: document(5),
  });

  const DA1 = await driver(owner.company.id, 'Chinedu', 'Okeke', 100);
  const DA2 = await driver(owner.company.id, 'Emeka', 'Nwosu', 100, -2);
  const DA3 = await driver(owner.company.id, 'Funke', 'Adebayo', 100);
  const DA4 = await driver(owner.company.id, 'Garba', 'Sule', 100);
  const DA5 = await driver(owner.company.id, 'Halima', 'Bello', 60);
  const DA6 = await driver(owner.company.id, 'Ifeanyi', 'Eze', 5);
  const DB1 = await driver(other.company.id, 'Jide', 'Ola', 100, -1);

  const tokenOf = (account: Account) => account.accessToken;

  const moveTo = async (tripId: string, transporter: Account, status: TripStatus) => {
    let body: Record<string, unknown> = { tripStatus: status };
    if (status === 'DELIVERED') {
      const detail = await call(t.app, 'GET', `/api/v1/trips/${tripId}`, undefined, {
        token: tokenOf(customer),
      });
      body = { ...body, handoverCode: detail.body.handover.code };
    }
    if (status === 'LOADED') {
      body = { ...body, location: { state: 'Lagos', lga: 'Apapa', description: 'Wharf Road' } };
    }
    const res = await call(t.app, 'PATCH', `/api/v1/trips/${tripId}/status`, body, {
      token: tokenOf(transporter),
    });
    if (res.status !== 200)
      throw new Error(`moving to ${status} failed: ${res.status} ${JSON.stringify(res.body)}`);
  };

  const openIssue = async (tripId: string, transporter: Account, issueType: TripIssueType) => {
    const res = await call(
      t.app,
      'POST',
      `/api/v1/trips/${tripId}/issues`,
      { issueType, description: `${issueType} on the road` },
      { token: tokenOf(transporter) },
    );
    if (res.status !== 201)
      throw new Error(`opening an issue failed: ${res.status} ${JSON.stringify(res.body)}`);
  };

  /**
   * A trip awarded through the API, given its truck and driver, walked through its steps and opened its
   * issues as its transporter, cancelled when planned; then its dates are moved into the past.
   */
  const trip = async (plan: TripPlan) => {
    const { order } = await awardedOrder(
      t,
      customer,
      plan.transporter,
      { cargoType: plan.cargoType ?? 'IMPORT_SHIPPER_OWNED' },
      plan.amountKobo ?? 45_000_000,
    );
    const tripId = order.trips[0].id as string;
    if (plan.truckId && plan.driverId) {
      await t.ctx.db
        .update(trips)
        .set({
          truckId: plan.truckId,
          driverId: plan.driverId,
          resourcesAssigned: true,
          truckAssignedAt: plan.awardedAt,
        })
        .where(eq(trips.id, tripId));
    }
    const statuses = tripTimeline(plan.cargoType ?? 'IMPORT_SHIPPER_OWNED').filter((s) => plan.steps?.[s]);
    for (const [index, status] of statuses.entries()) {
      await moveTo(tripId, plan.transporter, status);
      if (index === 0)
        for (const issue of plan.issues ?? []) await openIssue(tripId, plan.transporter, issue);
    }
    if (statuses.length === 0)
      for (const issue of plan.issues ?? []) await openIssue(tripId, plan.transporter, issue);
    if (plan.cancelledAt) {
      const res = await call(
        t.app,
        'PATCH',
        '/api/v1/trips/cancel',
        { tripIds: [tripId], reason: 'The consignee postponed' },
        { token: tokenOf(plan.transporter) },
      );
      if (res.status !== 200) throw new Error(`cancelling failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    for (const status of statuses) {
      await t.ctx.db
        .update(tripStatusLogs)
        .set({ at: plan.steps![status]! })
        .where(
          and(
            eq(tripStatusLogs.tripId, tripId),
            eq(tripStatusLogs.status, status),
            isNull(tripStatusLogs.undoneAt),
          ),
        );
    }
    const last = statuses.at(-1);
    await t.ctx.db
      .update(trips)
      .set({
        createdAt: plan.awardedAt,
        pickupDate: lagosDateInDays(plan.pickupInDays),
        expectedDeliveryDate:
          plan.expectedInDays === undefined || plan.expectedInDays === null
            ? null
            : lagosDateInDays(plan.expectedInDays),
        ...(last ? { latestStatusAt: plan.steps![last]! } : {}),
        ...(plan.cancelledAt ? { cancelledAt: plan.cancelledAt } : {}),
      })
      .where(eq(trips.id, tripId));
    return { id: tripId, tripNumber: order.trips[0].tripNumber as string };
  };

  const trip8 = await trip({
    transporter: owner,
    truckId: TA3.id,
    driverId: DA3.id,
    awardedAt: lagosAt(-47, '10:00'),
    pickupInDays: -45,
    expectedInDays: -43,
    steps: {
      STARTED: lagosAt(-45, '08:00'),
      AT_PICKUP_LOCATION: lagosAt(-45, '10:00'),
      LOADED: lagosAt(-45, '13:00'),
      AT_DELIVERY_LOCATION: lagosAt(-43, '09:00'),
      DELIVERED: lagosAt(-42, '10:00'),
    },
  });
  const trip7 = await trip({
    transporter: owner,
    truckId: TA2.id,
    driverId: DA1.id,
    awardedAt: lagosAt(-37, '10:00'),
    pickupInDays: -35,
    expectedInDays: -30,
    steps: {
      STARTED: lagosAt(-35, '08:00'),
      AT_PICKUP_LOCATION: lagosAt(-35, '11:00'),
      LOADED: lagosAt(-34, '09:00'),
      AT_DELIVERY_LOCATION: lagosAt(-26, '18:00'),
      DELIVERED: lagosAt(-25, '10:00'),
    },
  });
  const trip1 = await trip({
    transporter: owner,
    truckId: TA3.id,
    driverId: DA3.id,
    awardedAt: lagosAt(-22, '10:00'),
    pickupInDays: -20,
    expectedInDays: -19,
    issues: ['BREAKDOWN', 'CHECKPOINT_DELAY'],
    steps: {
      STARTED: lagosAt(-20, '07:00'),
      AT_PICKUP_LOCATION: lagosAt(-20, '09:30'),
      LOADED: lagosAt(-20, '14:00'),
      AT_DELIVERY_LOCATION: lagosAt(-19, '09:00'),
      DELIVERED: lagosAt(-18, '12:00'),
    },
  });
  const trip6 = await trip({
    transporter: owner,
    truckId: TA4.id,
    driverId: DA4.id,
    awardedAt: lagosAt(-16, '10:00'),
    pickupInDays: -15,
    expectedInDays: null,
    issues: ['OTHER'],
    steps: {
      STARTED: lagosAt(-15, '08:00'),
      AT_PICKUP_LOCATION: lagosAt(-15, '09:00'),
      LOADED: lagosAt(-15, '12:00'),
      AT_DELIVERY_LOCATION: lagosAt(-15, '18:00'),
      DELIVERED: lagosAt(-14, '08:00'),
    },
  });
  const trip5 = await trip({
    transporter: owner,
    truckId: TA4.id,
    driverId: DA4.id,
    awardedAt: lagosAt(-13, '10:00'),
    pickupInDays: -12,
    expectedInDays: -10,
    steps: { STARTED: lagosAt(-12, '08:00') },
    cancelledAt: lagosAt(-11, '10:00'),
  });
  const trip2 = await trip({
    transporter: owner,
    cargoType: 'IMPORT_LINER_OWNED',
    truckId: TA3.id,
    driverId: DA3.id,
    awardedAt: lagosAt(-10, '10:00'),
    pickupInDays: -8,
    expectedInDays: -7,
    steps: {
      STARTED: lagosAt(-8, '07:00'),
      AT_PICKUP_LOCATION: lagosAt(-8, '09:00'),
      LOADED: lagosAt(-8, '11:00'),
      AT_DELIVERY_LOCATION: lagosAt(-8, '15:00'),
      DELIVERED: lagosAt(-8, '17:00'),
      EMPTY_DROP_OFF: lagosAt(-7, '10:00'),
    },
  });
  const trip3 = await trip({
    transporter: owner,
    truckId: TA1.id,
    driverId: DA1.id,
    awardedAt: lagosAt(-5, '10:00'),
    pickupInDays: -3,
    expectedInDays: -1,
    issues: ['ACCIDENT'],
    steps: {
      STARTED: lagosAt(-3, '06:00'),
      AT_PICKUP_LOCATION: lagosAt(-2, '09:00'),
      LOADED: lagosAt(-2, '15:00'),
    },
  });
  // An arrival recorded on the pickup day, undone by an admin: on time if it were read.
  await t.ctx.db.insert(tripStatusLogs).values({
    tripId: trip3.id,
    status: 'AT_PICKUP_LOCATION',
    at: lagosAt(-3, '08:00'),
    undoneAt: lagosAt(-3, '08:30'),
    undoReason: 'Recorded before the truck arrived',
  });
  const trip4 = await trip({
    transporter: owner,
    truckId: TA2.id,
    driverId: DA2.id,
    awardedAt: lagosAt(-4, '10:00'),
    pickupInDays: -1,
  });
  const trip9 = await trip({ transporter: owner, awardedAt: lagosAt(-2, '10:00'), pickupInDays: 0 });
  const trip11 = await trip({
    transporter: owner,
    awardedAt: lagosAt(-11, '10:00'),
    pickupInDays: -9,
    cancelledAt: lagosAt(-10, '12:00'),
  });
  const otherTrip = await trip({
    transporter: other,
    truckId: TB1.id,
    driverId: DB1.id,
    awardedAt: lagosAt(-6, '10:00'),
    pickupInDays: -5,
    expectedInDays: -4,
    issues: ['DIVERSION'],
    steps: {
      STARTED: lagosAt(-5, '08:00'),
      AT_PICKUP_LOCATION: lagosAt(-5, '09:00'),
      LOADED: lagosAt(-5, '12:00'),
      AT_DELIVERY_LOCATION: lagosAt(-4, '09:00'),
      DELIVERED: lagosAt(-4, '12:00'),
    },
  });

  await t.ctx.db.update(trucks).set({ active: false }).where(eq(trucks.id, TA4.id));
  await t.ctx.db
    .update(drivers)
    .set({ active: false })
    .where(inArray(drivers.id, [DA4.id, DA5.id]));

  // TA1 follows a tracker, whose last position came an hour ago.
  const [provider] = await t.ctx.db.select().from(trackingCompanies).limit(1);
  const [credential] = await t.ctx.db
    .insert(trackingCredentials)
    .values({ companyId: owner.company.id, trackingCompanyId: provider!.id, label: 'Yard trackers' })
    .returning();
  await t.ctx.db.insert(trackingDevices).values({
    credentialId: credential!.id,
    companyId: owner.company.id,
    externalId: 'dev-1',
    name: 'TA1 tracker',
    uniqueId: '865000000000001',
    truckId: TA1.id,
    linkedAt: new Date(now - 50 * DAY_MS),
  });
  await t.ctx.db.insert(truckLatestPositions).values({
    truckId: TA1.id,
    companyId: owner.company.id,
    recordedAt: new Date(now - 3_600_000),
    latitude: 6.45,
    longitude: 3.36,
    source: provider!.kind,
  });

  /**
   * Every trip of a transporter as stored, each with its live step times and issue count, read straight
   * from the tables: what the tests compute the figures from.
   */
  const tripsOf = async (companyId: string) => {
    const rows = await t.ctx.db.select().from(trips).where(eq(trips.transporterCompanyId, companyId));
    const ids = rows.map((r) => r.id);
    const logs = await t.ctx.db
      .select()
      .from(tripStatusLogs)
      .where(and(inArray(tripStatusLogs.tripId, ids), isNull(tripStatusLogs.undoneAt)));
    const issues = await t.ctx.db.select().from(tripIssues).where(inArray(tripIssues.tripId, ids));
    const customers = await t.ctx.db.select().from(companies);
    return rows.map((trip) => {
      const at = (...statuses: TripStatus[]) =>
        logs.find((l) => l.tripId === trip.id && statuses.includes(l.status))?.at ?? null;
      return {
        trip,
        customer: customers.find((c) => c.id === trip.customerCompanyId)!.name,
        startedAt: at('STARTED'),
        arrivedPickupAt: at('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION'),
        loadedAt: at('LOADED'),
        deliveredAt: at('DELIVERED'),
        issues: issues.filter((i) => i.tripId === trip.id).length,
      };
    });
  };

  const trucksOf = (companyId: string) =>
    t.ctx.db.select().from(trucks).where(eq(trucks.companyId, companyId));
  const driversOf = (companyId: string) =>
    t.ctx.db.select().from(drivers).where(eq(drivers.companyId, companyId));

  return {
    customer,
    owner,
    other,
    fleetManager,
    terminal,
    trucks: { TA1, TA2, TA3, TA4, TA5, TB1 },
    drivers: { DA1, DA2, DA3, DA4, DA5, DA6, DB1 },
    trips: { trip1, trip2, trip3, trip4, trip5, trip6, trip7, trip8, trip9, trip11, otherTrip },
    tripsOf,
    trucksOf,
    driversOf,
  };
}

export type TransporterReportWorld = Awaited<ReturnType<typeof transporterReportWorld>>;
export type WorldTrip = Awaited<ReturnType<TransporterReportWorld['tripsOf']>>[number];

/** A trip's active interval (docs/reports.md 1.8), or null when it never set off. */
export function activeInterval(row: WorldTrip, now: Date): { start: Date; end: Date } | null {
  if (!row.startedAt) return null;
  const end = row.trip.completed ? row.trip.latestStatusAt! : (row.trip.cancelledAt ?? now);
  return { start: row.startedAt, end };
}

/**
 * Days on trip and available days of a truck or driver over [from, to], from the definition: each day
 * from its creation to today, checked against every active interval of its trips.
 */
export function dayFigures(
  resource: { createdAt: Date; active: boolean },
  intervals: { start: Date; end: Date }[],
  from: string,
  to: string,
  now: Date,
) {
  const first = [from, lagosDayOf(resource.createdAt)].sort().at(-1)!;
  const last = [to, lagosDayOf(now)].sort()[0]!;
  const days = daysFromTo(first, last);
  const onTripDays = days.filter((day) => {
    const start = lagosDayStart(day).getTime();
    return intervals.some((i) => i.start.getTime() < start + DAY_MS && i.end.getTime() > start);
  });
  return { days, onTripDays, available: resource.active ? days.length : null };
}
