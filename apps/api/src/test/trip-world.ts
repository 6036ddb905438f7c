import { and, eq } from 'drizzle-orm';
import { tripTimeline, type TripStatus } from '@freightlane/domain';
import { auditLog, consignments, trips } from '../db/schema';
import { signedInAccount } from './accounts';
import { awardedOrder } from './awarded-trips';
import { insertDriver, insertTruck, signedInFleetManagerOf } from './fleet';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  generalCargoRow,
  referenceIds,
} from './marketplace';
import { call, type TestApp } from './test-app';

export type Account = Awaited<ReturnType<typeof createVerifiedCustomer>>;

/** A trip as the award answers it. */
export interface TripRef {
  id: string;
  tripNumber: string;
  trackingId: string;
}

export interface TripWorldOptions {
  /** Company names of the trading pair, for tests that read other names back. */
  names?: { customer?: string; transporter?: string };
}

/**
 * The parties of the trip tests, all signed in: a verified customer (Lekki Foods Ltd) and transporter (Agege
 * Haulage Ltd) who trade with each other, a second pair (Ibadan Grains Ltd, Kano Express Ltd) who never see
 * their trips, an admin (of Freightlane Ops) and the transporter's fleet manager Bola Adeyemi; with helpers
 * that award them trips and move those trips along.
 */
export async function tripWorld(t: TestApp, options: TripWorldOptions = {}) {
  const names = options.names ?? {};
  const customer = await createVerifiedCustomer(t, { name: names.customer ?? 'Lekki Foods Ltd' });
  const transporter = await createVerifiedTransporter(t, { name: names.transporter ?? 'Agege Haulage Ltd' });
  const otherCustomer = await createVerifiedCustomer(t, { name: 'Ibadan Grains Ltd' });
  const otherTransporter = await createVerifiedTransporter(t, { name: 'Kano Express Ltd' });
  const admin = await signedInAccount(t, 'ADMIN', { name: 'Freightlane Ops' });
  const fleetManager = await signedInFleetManagerOf(t, transporter, {
    firstName: 'Bola',
    lastName: 'Adeyemi',
  });
  const { linerId } = await referenceIds(t);

  /**
   * An order of the customer awarded whole to the transporter (or of the parties given), through the API;
   * answers the order detail with its trips.
   */
  const award = async (
    overrides: Record<string, unknown> = {},
    amountKobo?: number,
    parties: { customer: Account; transporter: Account } = { customer, transporter },
  ) => (await awardedOrder(t, parties.customer, parties.transporter, overrides, amountKobo)).order;

  /** `count` container trips of one new order of the customer × transporter. */
  const newTrips = async (count: number, overrides: Record<string, unknown> = {}) =>
    (await award({ containers: containerRows(count, linerId), ...overrides })).trips as TripRef[];

  /** One trip of a new order of the customer × transporter (an Import LOC container unless overridden). */
  const newTrip = async (overrides: Record<string, unknown> = {}) =>
    (await award(overrides)).trips[0] as TripRef;

  /** One general-cargo truck load of the customer × transporter. */
  const generalCargoTrip = (cargo: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) =>
    newTrip({
      cargoType: 'GENERAL_CARGO',
      containers: [],
      generalCargos: [generalCargoRow(cargo)],
      ...overrides,
    });

  /** A trip of the other pair: none of the first pair's business. */
  const tripOfOthers = async () =>
    (await award({}, undefined, { customer: otherCustomer, transporter: otherTransporter }))
      .trips[0] as TripRef;

  const tripRow = async (tripId: string) => {
    const [row] = await t.ctx.db.select().from(trips).where(eq(trips.id, tripId));
    if (!row) throw new Error(`No trip ${tripId}`);
    return row;
  };

  const consignmentOf = async (tripId: string) => {
    const [row] = await t.ctx.db.select().from(consignments).where(eq(consignments.tripId, tripId));
    if (!row) throw new Error(`No consignment on trip ${tripId}`);
    return row;
  };

  /** The trip detail as `token` (the customer unless given) reads it; fails the test on any non-200. */
  const detail = async (tripId: string, token = customer.accessToken) => {
    const res = await call(t.app, 'GET', `/api/v1/trips/${tripId}`, undefined, { token });
    if (res.status !== 200) throw new Error(`reading trip failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  /** The audit rows of one action on one entity. */
  const audits = (entityId: string, action: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

  /**
   * A new truck and driver of the trip's transporter put on the trip, as assigning resources would, so the
   * trip can start.
   */
  const assignFleet = async (tripId: string, truck: { registrationNumber?: string } = {}) => {
    const { transporterCompanyId } = await tripRow(tripId);
    const onTrip = {
      truck: await insertTruck(t, transporterCompanyId, truck),
      driver: await insertDriver(t, transporterCompanyId),
    };
    await t.ctx.db
      .update(trips)
      .set({ truckId: onTrip.truck.id, driverId: onTrip.driver.id, resourcesAssigned: true })
      .where(eq(trips.id, tripId));
    return onTrip;
  };

  /**
   * Moves a trip with its fleet through the steps of its cargo type's timeline, from where it stands up to
   * and including `status`, as its transporter through the API. Delivery takes the code the customer reads.
   */
  const walkTo = async (tripId: string, status: TripStatus) => {
    const { cargoType, latestStatus } = await tripRow(tripId);
    const timeline = tripTimeline(cargoType);
    const from = latestStatus === null ? 0 : timeline.indexOf(latestStatus) + 1;
    const to = timeline.indexOf(status);
    if (to < from) throw new Error(`A ${cargoType} trip at ${latestStatus} cannot walk to ${status}`);
    for (const tripStatus of timeline.slice(from, to + 1)) {
      const body =
        tripStatus === 'DELIVERED'
          ? { tripStatus, handoverCode: (await detail(tripId)).handover.code }
          : { tripStatus };
      const res = await call(t.app, 'PATCH', `/api/v1/trips/${tripId}/status`, body, {
        token: transporter.accessToken,
      });
      if (res.status !== 200) {
        throw new Error(`moving to ${tripStatus} failed: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
  };

  /** A new truck of the trip's transporter, not on any trip yet. */
  const spareTruck = async (tripId: string) => insertTruck(t, (await tripRow(tripId)).transporterCompanyId);

  /** Puts another truck on the trip as its transporter does after a breakdown, through the API. */
  const replaceTruck = async (tripId: string, truckId: string) => {
    const res = await call(
      t.app,
      'PATCH',
      `/api/v1/trips/${tripId}/resources`,
      { truckId },
      {
        token: transporter.accessToken,
      },
    );
    if (res.status !== 200)
      throw new Error(`replacing the truck failed: ${res.status} ${JSON.stringify(res.body)}`);
  };

  return {
    customer,
    transporter,
    otherCustomer,
    otherTransporter,
    admin,
    fleetManager,
    linerId,
    award,
    newTrips,
    newTrip,
    generalCargoTrip,
    tripOfOthers,
    tripRow,
    consignmentOf,
    detail,
    audits,
    assignFleet,
    spareTruck,
    replaceTruck,
    walkTo,
  };
}

export type TripWorld = Awaited<ReturnType<typeof tripWorld>>;
