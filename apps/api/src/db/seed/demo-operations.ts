import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  TERMS_VERSION,
  changeTripStatusRequest,
  createDriverRequest,
  createMotorBoyRequest,
  createTruckRequest,
  etaRange,
  inviteFleetManagerRequest,
  isContainerCargo,
  lagosToday,
  payoutAmounts,
  tripTimeline,
  type CargoType,
  type LocationInput,
  type TripDocumentKind,
  type TripLocation,
  type TripLocationInput,
  type TripStatus,
  type TruckType,
  type UpdateContainerFreeTimeRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { hashPassword } from '../../lib/password-hash';
import { fileSha256 } from '../../lib/stored-file';
import type { Principal } from '../../plugins/auth';
import { updateContainerFreeTime } from '../../modules/free-time/free-time-update.service';
import { createDriver } from '../../modules/fleet/driver.service';
import { inviteFleetManager } from '../../modules/fleet/fleet-manager.service';
import { createMotorBoy } from '../../modules/fleet/motor-boy.service';
import { createTruck, setTruckActive } from '../../modules/fleet/truck.service';
import { cancelTrips } from '../../modules/trip/trip-cancel.service';
import { editTrip } from '../../modules/trip/trip-edit.service';
import { assignResources } from '../../modules/trip/trip-resources.service';
import { changeTripStatus } from '../../modules/trip/trip-status.service';
import { openTripIssue, resolveTripIssue } from '../../modules/trip/issue/trip-issue.service';
import { insertPayment, markInvoicePaid } from '../../modules/payment/payment.repository';
import { insertPayout, markPayoutPaid } from '../../modules/payment/payout.repository';
import { readPlatformTerms } from '../../queries/platform-settings.repository';
import { pastTripsOnLaneOf } from '../../queries/trip-lane.repository';
import type { Tx } from '../client';
import {
  consignments,
  drivers,
  fleetManagers,
  invoices,
  motorBoys,
  orders,
  tripDocuments,
  tripIssues,
  tripNotes,
  tripStatusLogs,
  trips,
  trucks,
  users,
} from '../schema';
import {
  AGBARA_FACTORY,
  DAY,
  HOUR,
  IKEJA_WAREHOUSE,
  MINUTE,
  SEED_IP,
  TRANS_AMADI_EXPORT_SHED,
  TRANS_AMADI_WAREHOUSE,
  demoContext,
  lagosDate,
  marketKit,
  principalOf,
} from './demo-kit';
import {
  EKO_CREW,
  EKO_FLEET_MANAGER,
  GARDEN_CITY_CREW,
  demoPhone,
  type Crew,
  type CrewMember,
} from './demo-people';
import type { StoryClock } from './demo-story';
import { samplePdf } from './sample-pdf';

const MAKES: [string, string][] = [
  ['MAN', 'TGS 33.400'],
  ['Mercedes-Benz', 'Actros 2644'],
  ['DAF', 'XF 480'],
  ['Iveco', 'Trakker 420'],
  ['Sinotruk', 'HOWO A7'],
  ['Mack', 'Granite'],
];

export const C40: TruckType = 'CONTAINER_CHASSIS_40';
const C20: TruckType = 'CONTAINER_CHASSIS_20';
export const FLAT: TruckType = 'FLATBED';

export interface FleetPlan {
  crew: Crew;
  /** The trucks in the order they were bought: a chassis for every container trip, a flatbed for cement. */
  truckTypes: TruckType[];
  plate: string;
  licencePrefix: string;
  /** Where this fleet's phone numbers start in `demoPhone`. */
  phoneBase: number;
  /** A spare truck parked until its vehicle licence, run out, is renewed: the fleet pages flag it. */
  expiredTruck: number;
  /** When the company bought its first truck. */
  since: Date;
}

export interface Fleet {
  trucks: { id: string; type: TruckType }[];
  drivers: string[];
  motorBoys: string[];
}

/** A walked trip: how many steps of its timeline it took (-1: not even crewed) and when each happened. */
interface Walk {
  tripId: string;
  tripNumber: string;
  steps: number;
  by: Principal;
  cargoType: CargoType;
  places: TripPlaces;
  /** The plan's place in the list, which spreads the trips of different orders a little apart in time. */
  k: number;
  /** The time of each step taken, timeline order. */
  times: Date[];
}

/** Where the truck reports itself at each stop of a lane: the pickup, the delivery and the empty's return. */
export interface TripPlaces {
  pickup: TripLocationInput;
  delivery: TripLocationInput;
  emptyReturn?: TripLocationInput;
}

export const APAPA_TO_IKEJA: TripPlaces = {
  pickup: { state: 'Lagos', lga: 'Apapa', description: 'APM Terminals gate, Wharf Road' },
  delivery: { state: 'Lagos', lga: 'Ikeja', description: 'Consignee warehouse, Oba Akran Avenue' },
};

/** Hours from each step of a timeline to the next: to the pickup, loading, the road, offloading, the empty back. */
const STEP_HOURS = [2, 5, 7, 3, 18];

/** How long ago a trip took the step it is at, by the number of steps taken. */
function lastStepAge(steps: number, finished: boolean): number {
  if (steps >= 6) return 3 * DAY;
  if (steps === 5) return finished ? 4 * DAY : 10 * HOUR;
  return [0, HOUR, 6 * HOUR, 3 * HOUR, 2 * HOUR][steps]!;
}

/**
 * Trips at every step of every cargo type's timeline, run by the demo transporters with their own fleets,
 * plus issues, notes, documents and a cancelled trip: the world the trip pages are about. The orders were
 * placed and awarded some nine days ago; the trips set off over the days since, the furthest along first.
 */
export async function seedDemoOperations(
  ctx: AppContext,
  tx: Tx,
  password: string,
  clock: StoryClock,
): Promise<void> {
  const seedCtx = demoContext(ctx, tx);
  const parties: Parties = {
    customer: await principalOf(tx, 'customer@example.com'),
    eko: await principalOf(tx, 'transporter@example.com'),
    gardenCity: await principalOf(tx, 'transporter2@example.com'),
    admin: await principalOf(tx, 'admin@example.com'),
  };
  const { eko, gardenCity } = parties;
  const fleets = new Map<string, Fleet>([
    [
      eko.companyId,
      await seedFleet(seedCtx, tx, eko, {
        crew: EKO_CREW,
        truckTypes: [
          ...[C40, C40, FLAT, C40, C40, FLAT, C40, C20, C40, FLAT, C40, 'BOX' as const],
          ...[C40, FLAT, C40, C40, FLAT, C40, C20, FLAT, C40, 'BOX' as const, C40, FLAT],
        ],
        plate: 'LSR',
        licencePrefix: 'LAG',
        phoneBase: 0,
        expiredTruck: 18,
        since: clock.ago(140 * DAY),
      }),
    ],
    [
      gardenCity.companyId,
      await seedFleet(seedCtx, tx, gardenCity, {
        crew: GARDEN_CITY_CREW,
        truckTypes: [C40, C40, C20, C40, C40, C40, FLAT, C40, C40, C40, C20, C40, C40, C40, C40],
        plate: 'PHC',
        licencePrefix: 'RIV',
        phoneBase: 300,
        expiredTruck: 10,
        since: clock.ago(90 * DAY),
      }),
    ],
  ]);
  await seedFleetManager(seedCtx, tx, eko, password, clock);

  const walks = await awardTripsOfEveryCargoType(ctx, tx, parties, clock);
  await walkTrips(seedCtx, tx, walks, fleets, clock);

  const tripAt = (cargoType: CargoType, steps: number) =>
    walks.find((w) => w.cargoType === cargoType && w.steps === steps)!;
  const loaded = tripAt('IMPORT_SHIPPER_OWNED', 3);
  const delivered = tripAt('IMPORT_LINER_OWNED', 5);
  await seedContainerFreeTime(seedCtx, parties.customer, tripAt);
  // The liner-owned box waits in the terminal queue; the shipper-owned one at the same gate is on time.
  await seedTripIssues(seedCtx, tx, { loaded, atPickup: tripAt('IMPORT_LINER_OWNED', 2), delivered });
  await seedTripNotes(seedCtx, tx, parties, { loaded, delivered });
  const at = (walk: Walk, status: TripStatus, after: number) =>
    new Date(walk.times[tripTimeline(walk.cargoType).indexOf(status)]!.getTime() + after);
  await seedTripDocuments(ctx, tx, [
    { walk: loaded, kind: 'TERMINAL_DELIVERY_ORDER', at: at(loaded, 'AT_PICKUP_LOCATION', 30 * MINUTE) },
    { walk: loaded, kind: 'WAYBILL', at: at(loaded, 'LOADED', 15 * MINUTE) },
    { walk: delivered, kind: 'WAYBILL', at: at(delivered, 'LOADED', 15 * MINUTE) },
    { walk: delivered, kind: 'PROOF_OF_DELIVERY', at: at(delivered, 'DELIVERED', 20 * MINUTE) },
    {
      walk: tripAt('IMPORT_LINER_OWNED', 6),
      kind: 'EQUIPMENT_INTERCHANGE_RECEIPT',
      at: at(tripAt('IMPORT_LINER_OWNED', 6), 'EMPTY_DROP_OFF', 30 * MINUTE),
    },
  ]);
  await placeTrucksWhereTheyReported(tx, walks);

  // A trip the customer cancelled before it was crewed.
  const cancelled = tripAt('EMPTY_CONTAINER', -1);
  await cancelTrips(
    seedCtx,
    parties.customer,
    { tripIds: [cancelled.tripId], reason: 'The consignee returned the empty himself.' },
    SEED_IP,
  );
  await tx
    .update(trips)
    .set({ cancelledAt: clock.ago(20 * HOUR) })
    .where(eq(trips.id, cancelled.tripId));

  await settleCompletedTrips(tx, parties.admin, new Set(walks.map((w) => w.tripId)));
  await retireATruck(
    seedCtx,
    tx,
    walks.filter((w) => w.by.companyId === eko.companyId),
  );
}

interface Parties {
  customer: Principal;
  eko: Principal;
  gardenCity: Principal;
  admin: Principal;
}

/** A crew member's wizard details, with the three phone numbers given to the `n`-th person of the fleet. */
function personOf(member: CrewMember, phone: (k: number) => string) {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    phoneNumber: phone(0),
    address: member.home,
    nextOfKin: { ...member.nextOfKin, phoneNumber: phone(1) },
    guarantor: { ...member.guarantor, phoneNumber: phone(2) },
  };
}

/**
 * The trucks, drivers and motor boys of one transporter, bought and hired over the months before the
 * trips. A few documents run out soon or already have, so the fleet pages have something to flag.
 */
export async function seedFleet(
  seedCtx: AppContext,
  tx: Tx,
  owner: Principal,
  plan: FleetPlan,
): Promise<Fleet> {
  const fleet: Fleet = { trucks: [], drivers: [], motorBoys: [] };
  const on = (i: number) => new Date(plan.since.getTime() + i * 4 * DAY);
  for (const [i, type] of plan.truckTypes.entries()) {
    const [make, model] = MAKES[i % MAKES.length]!;
    const licenceDays = i === 1 ? 12 : i === plan.expiredTruck ? -5 : 200 + i * 9;
    const truck = await createTruck(
      seedCtx,
      owner,
      createTruckRequest.parse({
        registrationNumber: `${plan.plate} ${String(101 + i * 37).slice(-3)} ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i * 5 + plan.phoneBase) % 26))}`,
        make,
        model,
        year: 2012 + (i % 11),
        type,
        capacityTonnes: type === C20 ? 25 : type === 'BOX' ? 15 : 30,
        documents: {
          vehicleLicence: { number: `VL-${300100 + i}`, expiresOn: lagosDate(licenceDays) },
          roadWorthiness: { expiresOn: lagosDate(i === 3 ? 25 : 150 + i) },
          insurance: { number: `GIT-${77000 + i}`, expiresOn: lagosDate(300 - i) },
          ...(i % 2 === 0 ? { hackneyPermit: { expiresOn: lagosDate(90 + i) } } : {}),
        },
      }),
      SEED_IP,
    );
    await tx
      .update(trucks)
      .set({ createdAt: on(i), updatedAt: on(i) })
      .where(eq(trucks.id, truck.id));
    fleet.trucks.push({ id: truck.id, type });
  }
  const phones = (person: number) => (k: number) => demoPhone(plan.phoneBase + person * 3 + k);
  for (const [i, member] of plan.crew.drivers.entries()) {
    const driver = await createDriver(
      seedCtx,
      owner,
      createDriverRequest.parse({
        ...personOf(member, phones(i)),
        licenceNumber: `${plan.licencePrefix}${String(48213 + i * 17)}AA${String(10 + i)}`,
        licenceExpiresOn: lagosDate(i === 4 ? 20 : 400 + i * 11),
      }),
      SEED_IP,
    );
    const hired = on(i + 1);
    await tx.update(drivers).set({ createdAt: hired, updatedAt: hired }).where(eq(drivers.id, driver.id));
    fleet.drivers.push(driver.id);
  }
  for (const [i, member] of plan.crew.motorBoys.entries()) {
    const person = plan.crew.drivers.length + i;
    const motorBoy = await createMotorBoy(
      seedCtx,
      owner,
      createMotorBoyRequest.parse(personOf(member, phones(person))),
      SEED_IP,
    );
    const hired = on(i + 2);
    await tx
      .update(motorBoys)
      .set({ createdAt: hired, updatedAt: hired })
      .where(eq(motorBoys.id, motorBoy.id));
    fleet.motorBoys.push(motorBoy.id);
  }
  return fleet;
}

/** Eko's fleet manager took her invitation two months ago: the demo login works at once. */
async function seedFleetManager(
  seedCtx: AppContext,
  tx: Tx,
  eko: Principal,
  password: string,
  clock: StoryClock,
): Promise<void> {
  const { email, ...details } = EKO_FLEET_MANAGER;
  await inviteFleetManager(seedCtx, eko, inviteFleetManagerRequest.parse({ ...details, email }), SEED_IP);
  const invited = clock.ago(60 * DAY);
  const accepted = clock.ago(59 * DAY);
  const [user] = await tx
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      createdAt: invited,
      updatedAt: accepted,
      activatedAt: accepted,
      // She took the invitation, which records her consent to the terms.
      termsAcceptedAt: accepted,
      termsVersion: TERMS_VERSION,
    })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  await tx
    .update(fleetManagers)
    .set({ createdAt: invited, updatedAt: accepted })
    .where(eq(fleetManagers.userId, user!.id));
}

/**
 * One awarded order per cargo type with a trip for every step: none, resources only, then each status.
 * The orders were placed some ten days ago, a day apart from bidding to award.
 */
async function awardTripsOfEveryCargoType(
  ctx: AppContext,
  tx: Tx,
  parties: Parties,
  clock: StoryClock,
): Promise<Walk[]> {
  const { customer, eko, gardenCity } = parties;
  const { terminal, address, containers, order, bid, awardWhole } = await marketKit(
    ctx,
    tx,
    customer,
    9000,
    clock,
  );
  const plans: {
    cargoType: CargoType;
    by: Principal;
    client: string;
    reference: string;
    pickup: LocationInput;
    recipient: LocationInput;
    places: TripPlaces;
  }[] = [
    {
      cargoType: 'IMPORT_SHIPPER_OWNED',
      by: eko,
      client: 'Dangote Sugar',
      reference: 'BL-MSKU-5521',
      pickup: terminal('APMT-APAPA'),
      recipient: address(IKEJA_WAREHOUSE),
      places: APAPA_TO_IKEJA,
    },
    {
      cargoType: 'IMPORT_LINER_OWNED',
      by: eko,
      client: 'Chisco Agro Allied',
      reference: 'BL-MEDU-7702',
      pickup: terminal('APMT-APAPA'),
      recipient: address(IKEJA_WAREHOUSE),
      places: {
        ...APAPA_TO_IKEJA,
        emptyReturn: { state: 'Lagos', lga: 'Amuwo-Odofin', description: 'ANET holding bay, Mile 2' },
      },
    },
    {
      cargoType: 'EMPTY_CONTAINER',
      by: gardenCity,
      client: 'Okafor Imports Ltd',
      reference: 'EMPTY-RET-31',
      pickup: address(TRANS_AMADI_WAREHOUSE),
      recipient: terminal('WACT-ONNE'),
      places: {
        pickup: { state: 'Rivers', lga: 'Obio/Akpor', description: 'Consignee warehouse, Trans-Amadi' },
        delivery: { state: 'Rivers', lga: 'Eleme', description: 'WACT empty return gate, Onne' },
      },
    },
    {
      cargoType: 'EXPORT',
      by: gardenCity,
      client: 'Olam Nigeria',
      reference: 'EXP-CASHEW-14',
      pickup: address(TRANS_AMADI_EXPORT_SHED),
      recipient: terminal('WACT-ONNE'),
      places: {
        pickup: { state: 'Rivers', lga: 'Obio/Akpor', description: 'Exporter warehouse, Trans-Amadi' },
        delivery: { state: 'Rivers', lga: 'Eleme', description: 'WACT export gate, Onne' },
      },
    },
    {
      cargoType: 'GENERAL_CARGO',
      by: eko,
      client: 'Lafarge Africa (Wapco)',
      reference: 'PO-90417',
      pickup: address(AGBARA_FACTORY),
      recipient: address(IKEJA_WAREHOUSE),
      places: {
        pickup: {
          state: 'Ogun',
          lga: 'Ado-Odo/Ota',
          description: 'Factory loading bay, Agbara Industrial Estate',
        },
        delivery: APAPA_TO_IKEJA.delivery,
        emptyReturn: {
          state: 'Ogun',
          lga: 'Ado-Odo/Ota',
          description: 'Factory yard, Agbara Industrial Estate',
        },
      },
    },
  ];
  const walks: Walk[] = [];
  for (const [k, plan] of plans.entries()) {
    const count = tripTimeline(plan.cargoType).length + 2;
    const isGeneral = plan.cargoType === 'GENERAL_CARGO';
    const placedAt = clock.ago(10 * DAY - k * 2 * HOUR);
    const later = (ms: number) => new Date(placedAt.getTime() + ms);
    const placed = await order(
      plan.cargoType,
      {
        clientName: plan.client,
        reference: plan.reference,
        ...(isGeneral
          ? {
              generalCargos: Array.from({ length: count }, (_, i) => ({
                description: `Bagged cement, 600 bags (load ${i + 1} of ${count})`,
                quantity: 600,
                weightTonnes: 30,
                truckType: 'FLATBED' as const,
              })),
            }
          : {
              containers: containers(
                count,
                plan.cargoType === 'EXPORT' ? 'CMAU' : 'MSKU',
                plan.cargoType === 'EXPORT' ? 'CMA-CGM' : 'MAERSK',
              ),
            }),
        pickup: plan.pickup,
        recipient: plan.recipient,
      },
      placedAt,
    );
    const winning = await bid(plan.by, placed.id, isGeneral ? 820_000 : 440_000, count, later(4 * HOUR));
    await awardWhole(placed.id, winning.id, { closed: later(DAY), awarded: later(DAY + 3 * HOUR) });
    const created = await tx
      .select({ id: trips.id, tripNumber: trips.tripNumber })
      .from(trips)
      .where(eq(trips.orderId, placed.id))
      .orderBy(asc(trips.tripNumber));
    for (const [i, trip] of created.entries()) {
      walks.push({
        tripId: trip.id,
        tripNumber: trip.tripNumber,
        steps: i - 1,
        by: plan.by,
        cargoType: plan.cargoType,
        places: plan.places,
        k,
        times: [],
      });
    }
    // The customer asked for pickup from the day after the award; the trips set off over the days since.
    await tx
      .update(orders)
      .set({ pickupDate: lagosToday(later(2 * DAY)) })
      .where(eq(orders.id, placed.id));
  }
  return walks;
}

/** The time of each step a walked trip took, the last one `lastStepAge` ago. */
function stepTimes(walk: Walk, clock: StoryClock): Date[] {
  if (walk.steps <= 0) return [];
  const finished = walk.steps === tripTimeline(walk.cargoType).length;
  const times = [clock.now - lastStepAge(walk.steps, finished) - walk.k * 25 * MINUTE];
  for (let i = walk.steps - 2; i >= 0; i--) times.unshift(times[0]! - STEP_HOURS[i]! * HOUR);
  return times.map((t) => new Date(t));
}

/** Where the truck says it is when it reaches `status`: the lane's stops, nowhere on the other steps. */
function placeOf(status: TripStatus, places: TripPlaces): TripLocationInput | undefined {
  if (status === 'AT_PICKUP_LOCATION' || status === 'AT_WAREHOUSE_LOCATION') return places.pickup;
  if (status === 'AT_DELIVERY_LOCATION' || status === 'AT_DROP_OFF_LOCATION') return places.delivery;
  if (status === 'EMPTY_DROP_OFF') return places.emptyReturn;
  return undefined;
}

/**
 * Crews each walked trip and moves it through its steps, then puts each step at its time. Each truck,
 * driver and motor boy works one trip (a chassis for a container, a flatbed for cement), so nobody is on
 * two trips at once; one trip in three goes without a motor boy.
 */
async function walkTrips(
  seedCtx: AppContext,
  tx: Tx,
  walks: Walk[],
  fleets: Map<string, Fleet>,
  clock: StoryClock,
): Promise<void> {
  // Finished trips first: the fleet's older trucks and crews ran them.
  walks.sort((a, b) => b.steps - a.steps);
  const taken = new Set<string>();
  const counts = new Map<string, number>();
  const next = <T>(list: T[], key: (item: T) => string, fits: (item: T) => boolean = () => true) => {
    const found = list.find((item) => fits(item) && !taken.has(key(item)));
    if (!found) throw new Error('The demo fleet has too few trucks or people for its trips');
    taken.add(key(found));
    return found;
  };
  for (const walk of walks) {
    walk.times = stepTimes(walk, clock);
    if (walk.steps < 0) {
      await tx
        .update(trips)
        .set({ pickupDate: lagosDate(1) })
        .where(eq(trips.id, walk.tripId));
      continue;
    }
    const fleet = fleets.get(walk.by.companyId)!;
    const n = counts.get(walk.by.companyId) ?? 0;
    counts.set(walk.by.companyId, n + 1);
    const truckType: TruckType = isContainerCargo(walk.cargoType) ? C40 : FLAT;
    const [consignment] = await tx
      .select({ id: consignments.id })
      .from(consignments)
      .where(eq(consignments.tripId, walk.tripId));
    await assignResources(
      seedCtx,
      walk.by,
      consignment!.id,
      {
        truckId: next(
          fleet.trucks,
          (t) => t.id,
          (t) => t.type === truckType,
        ).id,
        driverId: next(fleet.drivers, (id) => id),
        motorBoyId: n % 3 === 2 ? null : next(fleet.motorBoys, (id) => id),
      },
      SEED_IP,
    );
    await takeSteps(seedCtx, tx, walk, walk.steps);
    await putStepsInTime(seedCtx, tx, walk, clock);
  }
}

/**
 * Moves a crewed trip through the first `steps` steps of its timeline as its transporter would: the place
 * at each stop, a note at loading, the consignee's handover code at delivery. Each step is stamped now; the
 * caller puts it at its time.
 */
export async function takeSteps(
  seedCtx: AppContext,
  tx: Tx,
  walk: Pick<Walk, 'tripId' | 'by' | 'cargoType' | 'places'>,
  steps: number,
): Promise<void> {
  const timeline = tripTimeline(walk.cargoType);
  for (let step = 0; step < steps; step++) {
    const status = timeline[step]!;
    const [trip] = await tx.select({ code: trips.handoverCode }).from(trips).where(eq(trips.id, walk.tripId));
    const place = placeOf(status, walk.places);
    await changeTripStatus(
      seedCtx,
      walk.by,
      walk.tripId,
      changeTripStatusRequest.parse({
        tripStatus: status,
        ...(place ? { location: place } : {}),
        ...(status === 'DELIVERED' ? { handoverCode: trip!.code } : {}),
        ...(status === 'LOADED'
          ? {
              note: isContainerCargo(walk.cargoType)
                ? 'Seal intact, container loaded and strapped.'
                : '600 bags counted, strapped and covered with tarpaulin.',
            }
          : {}),
      }),
      SEED_IP,
    );
  }
}

/**
 * Puts a walked trip's steps at their times: its crew assigned the afternoon before it set off (or
 * yesterday, for a trip not started), its pickup date the day it set off, the expected delivery of a trip
 * on the road, and the ETA its lane's past trips give from the time it was loaded.
 */
async function putStepsInTime(seedCtx: AppContext, tx: Tx, walk: Walk, clock: StoryClock): Promise<void> {
  const timeline = tripTimeline(walk.cargoType);
  const [started] = walk.times;
  for (const [i, at] of walk.times.entries()) {
    await tx
      .update(tripStatusLogs)
      .set({ at })
      .where(and(eq(tripStatusLogs.tripId, walk.tripId), eq(tripStatusLogs.status, timeline[i]!)));
  }
  const crewedAt = started
    ? new Date(started.getTime() - 14 * HOUR)
    : clock.ago(20 * HOUR - walk.k * 10 * MINUTE);
  await tx
    .update(trips)
    .set({
      truckAssignedAt: crewedAt,
      latestStatusAt: walk.times[walk.times.length - 1] ?? null,
      pickupDate: started ? lagosToday(started) : lagosDate(2),
    })
    .where(eq(trips.id, walk.tripId));
  const deliveredStep = timeline.indexOf('DELIVERED');
  if (started && walk.steps <= deliveredStep) {
    // The transporter's word on when it delivers: the road's usual hours from setting off, and a margin.
    const hoursToDeliver = STEP_HOURS.slice(0, deliveredStep).reduce((a, b) => a + b, 0) + 4;
    await editTrip(
      seedCtx,
      walk.by,
      walk.tripId,
      { expectedDeliveryDate: lagosToday(new Date(started.getTime() + hoursToDeliver * HOUR)) },
      SEED_IP,
    );
  }
  const loadedAt = walk.times[timeline.indexOf('LOADED')];
  if (loadedAt) {
    const past = await pastTripsOnLaneOf(tx, walk.tripId, 20);
    const eta = etaRange(
      past.map((p) => (p.arrivedAt.getTime() - p.loadedAt.getTime()) / MINUTE),
      loadedAt,
    );
    await tx
      .update(trips)
      .set({ etaTypicalAt: eta?.typical ?? null, etaWorstAt: eta?.worst ?? null })
      .where(eq(trips.id, walk.tripId));
  }
}

/**
 * An open checkpoint delay on a loaded trip (the ongoing table shows DELAYED), open congestion at the
 * terminal a trip waits at, and a breakdown on the road of a trip delivered since, fixed and resolved.
 */
async function seedTripIssues(
  seedCtx: AppContext,
  tx: Tx,
  { loaded, atPickup, delivered }: Record<'loaded' | 'atPickup' | 'delivered', Walk>,
): Promise<void> {
  const after = (walk: Walk, status: TripStatus, ms: number) =>
    new Date(walk.times[tripTimeline(walk.cargoType).indexOf(status)]!.getTime() + ms);
  const open = async (
    walk: Walk,
    openedAt: Date,
    issue: Omit<Parameters<typeof openTripIssue>[3], 'openingTimeStamp'>,
  ) => {
    const opened = await openTripIssue(
      seedCtx,
      walk.by,
      walk.tripId,
      { ...issue, openingTimeStamp: openedAt.toISOString() },
      SEED_IP,
    );
    await tx.update(tripIssues).set({ createdAt: openedAt }).where(eq(tripIssues.id, opened.id));
    return opened;
  };
  await open(loaded, after(loaded, 'LOADED', HOUR), {
    issueType: 'CHECKPOINT_DELAY',
    description: 'Held at the Mile 2 checkpoint for papers; the driver is with the officers.',
    location: { state: 'Lagos', lga: 'Amuwo-Odofin', description: 'Mile 2 checkpoint' },
  });
  await open(atPickup, after(atPickup, 'AT_PICKUP_LOCATION', HOUR), {
    issueType: 'PORT_CONGESTION',
    description: 'Queue at the terminal gate; about 40 trucks ahead.',
  });
  const breakdown = await open(delivered, after(delivered, 'LOADED', 2 * HOUR), {
    issueType: 'BREAKDOWN',
    description: 'Flat tyre on the Oshodi-Apapa Expressway; spare fitted.',
    location: { state: 'Lagos', lga: 'Oshodi-Isolo', description: 'Oshodi-Apapa Expressway' },
  });
  await resolveTripIssue(seedCtx, delivered.by, breakdown.id, SEED_IP);
  await tx
    .update(tripIssues)
    .set({ resolvedAt: after(delivered, 'LOADED', 3.5 * HOUR) })
    .where(eq(tripIssues.id, breakdown.id));
}

/** Notes from each side, each written when it would be. */
async function seedTripNotes(
  seedCtx: AppContext,
  tx: Tx,
  { customer, admin }: Parties,
  { loaded, delivered }: Record<'loaded' | 'delivered', Walk>,
): Promise<void> {
  const step = (walk: Walk, status: TripStatus) =>
    walk.times[tripTimeline(walk.cargoType).indexOf(status)]!.getTime();
  const notes: [Walk, Principal, 'CUSTOMER' | 'TRANSPORTER' | 'ADMIN', string, Date][] = [
    [
      loaded,
      customer,
      'CUSTOMER',
      'Call Mr. Obi (0803 555 0101) at the gate.',
      new Date(step(loaded, 'STARTED') - 3 * HOUR),
    ],
    [
      loaded,
      loaded.by,
      'TRANSPORTER',
      'Driver has the TDO and the gate pass; going to Ikeja by Mile 2.',
      new Date(step(loaded, 'LOADED') + 20 * MINUTE),
    ],
    [
      delivered,
      admin,
      'ADMIN',
      'Breakdown reviewed with the transporter; no charge to the customer.',
      new Date(step(delivered, 'DELIVERED') + HOUR),
    ],
  ];
  for (const [walk, by, side, note, at] of notes) {
    await editTrip(seedCtx, by, walk.tripId, { note }, SEED_IP);
    await tx
      .update(tripNotes)
      .set({ createdAt: at, updatedAt: at })
      .where(and(eq(tripNotes.tripId, walk.tripId), eq(tripNotes.side, side)));
  }
}

/** The transporter's papers on the trips, each uploaded when it came to hand. */
async function seedTripDocuments(
  ctx: AppContext,
  tx: Tx,
  documents: { walk: Walk; kind: TripDocumentKind; at: Date }[],
): Promise<void> {
  const fileNames: Partial<Record<TripDocumentKind, string>> = {
    WAYBILL: 'waybill.pdf',
    TERMINAL_DELIVERY_ORDER: 'terminal-delivery-order.pdf',
    PROOF_OF_DELIVERY: 'proof-of-delivery.pdf',
    EQUIPMENT_INTERCHANGE_RECEIPT: 'eir.pdf',
  };
  for (const { walk, kind, at } of documents) {
    const body = samplePdf([kind.replaceAll('_', ' '), `Trip ${walk.tripNumber}`, 'Demo document']);
    await tx.insert(tripDocuments).values({
      tripId: walk.tripId,
      kind,
      fileName: fileNames[kind]!,
      contentType: 'application/pdf',
      sizeBytes: body.length,
      sha256: fileSha256(body),
      storageKey: await ctx.storage.put('trip-documents', body),
      uploadedByUserId: walk.by.userId,
      uploadedByCompanyId: walk.by.companyId,
      createdAt: at,
    });
  }
}

/**
 * A trip's last known place is where it last reported itself, by a step or an issue: a breakdown on the
 * road, resolved, does not keep a delivered trip on the expressway.
 */
async function placeTrucksWhereTheyReported(tx: Tx, walks: Walk[]): Promise<void> {
  for (const walk of walks.filter((w) => w.steps > 0)) {
    const reports: { at: Date; location: TripLocation | null }[] = [
      ...(await tx
        .select({ at: tripStatusLogs.at, location: tripStatusLogs.location })
        .from(tripStatusLogs)
        .where(and(eq(tripStatusLogs.tripId, walk.tripId), isNotNull(tripStatusLogs.location)))),
      ...(await tx
        .select({ at: tripIssues.openedAt, location: tripIssues.location })
        .from(tripIssues)
        .where(and(eq(tripIssues.tripId, walk.tripId), isNotNull(tripIssues.location)))),
    ];
    const latest = reports.sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    await tx
      .update(trips)
      .set({ currentLocation: latest?.location ?? null })
      .where(eq(trips.id, walk.tripId));
  }
}

/**
 * The customer's facts on some of its import containers (docs/decisions/019-money.md), kept through the
 * service the customer uses: discharge dates that put one container past its free time, one on its last
 * free day and others a day or a few days from it, deposits the line holds, expected returns of empties,
 * and a deposit refunded after the empty came back. "Containers at risk" then shows the naira at stake in
 * every shade of urgency, and the alerts of the days still ahead are queued.
 */
async function seedContainerFreeTime(
  seedCtx: AppContext,
  customer: Principal,
  tripAt: (cargoType: CargoType, steps: number) => Walk,
): Promise<void> {
  const deposit = 75_000_000;
  const none = {
    dischargeDate: null,
    expectedEmptyReturnDate: null,
    depositKobo: null,
    depositStatus: 'NOT_PAID',
    depositRefundedOn: null,
  } as const;
  const facts: [Walk, Partial<UpdateContainerFreeTimeRequest>][] = [
    // Discharged nine days ago and only loaded out today: past its free days, detention runs until the
    // empty is back.
    [
      tripAt('IMPORT_LINER_OWNED', 3),
      {
        dischargeDate: lagosDate(-9),
        depositKobo: deposit,
        depositStatus: 'PAID',
        expectedEmptyReturnDate: lagosDate(2),
      },
    ],
    // Delivered, its empty due back tomorrow, and today its last free day.
    [
      tripAt('IMPORT_LINER_OWNED', 5),
      {
        dischargeDate: lagosDate(-6),
        depositKobo: deposit,
        depositStatus: 'PAID',
        expectedEmptyReturnDate: lagosDate(1),
      },
    ],
    // Still at the port with one free day left.
    [
      tripAt('IMPORT_LINER_OWNED', 1),
      { dischargeDate: lagosDate(-5), depositKobo: deposit, depositStatus: 'PAID' },
    ],
    // A shipper-owned box at the terminal with two free days left: no deposit, no empty to return.
    [tripAt('IMPORT_SHIPPER_OWNED', 2), { dischargeDate: lagosDate(-4) }],
    [
      tripAt('IMPORT_LINER_OWNED', 4),
      {
        dischargeDate: lagosDate(-2),
        depositKobo: deposit,
        depositStatus: 'PAID',
        expectedEmptyReturnDate: lagosDate(3),
      },
    ],
    // Its empty is back and the line has refunded the deposit.
    [
      tripAt('IMPORT_LINER_OWNED', 6),
      {
        dischargeDate: lagosDate(-10),
        depositKobo: deposit,
        depositStatus: 'REFUNDED',
        depositRefundedOn: lagosDate(0),
      },
    ],
  ];
  for (const [walk, values] of facts) {
    await updateContainerFreeTime(seedCtx, customer, walk.tripId, { ...none, ...values }, SEED_IP);
  }
}

/**
 * The customer has paid for every trip completed, the day after it ended, by a bank transfer the admin
 * recorded: the payment and financial reports then have money paid as well as owed, and the transporters'
 * earnings have payouts, the older half transferred the day after payment and the newer still pending.
 */
export async function settleCompletedTrips(
  tx: Tx,
  admin: Principal,
  walked: ReadonlySet<string>,
): Promise<void> {
  const unpaid = await tx
    .select({
      id: invoices.id,
      tripId: invoices.tripId,
      invoiceNumber: invoices.invoiceNumber,
      transporterCompanyId: invoices.transporterCompanyId,
      amountKobo: invoices.amountKobo,
      subtotalKobo: sql<number>`${invoices.haulageKobo} + ${invoices.chargesKobo}`.mapWith(Number),
      endedAt: trips.latestStatusAt,
    })
    .from(invoices)
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .where(and(eq(trips.completed, true), eq(invoices.status, 'PENDING_PAYMENT'), isNull(trips.cancelledAt)))
    .orderBy(asc(trips.latestStatusAt), asc(invoices.invoiceNumber));
  const { commissionBasisPoints } = await readPlatformTerms(tx);
  const settled = unpaid.filter((u) => walked.has(u.tripId));
  for (const [i, invoice] of settled.entries()) {
    const paidAt = new Date(invoice.endedAt!.getTime() + 26 * HOUR);
    const payment = await insertPayment(tx, {
      invoiceId: invoice.id,
      method: 'BANK_TRANSFER',
      status: 'SUCCEEDED',
      reference: `TRF-${invoice.invoiceNumber}`,
      amountKobo: invoice.amountKobo,
      channel: 'bank_transfer',
      note: 'Seen on the statement of the platform’s collection account',
      paidAt,
      createdBy: admin.userId,
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    await markInvoicePaid(tx, invoice.id, paidAt);
    const payout = await insertPayout(tx, {
      invoiceId: invoice.id,
      transporterCompanyId: invoice.transporterCompanyId,
      status: 'PENDING',
      createdAt: payment.paidAt!,
      ...payoutAmounts(invoice.amountKobo, invoice.subtotalKobo, commissionBasisPoints),
    });
    if (payout && i < Math.floor(settled.length / 2)) {
      await markPayoutPaid(tx, payout.id, {
        reference: `PO-${invoice.invoiceNumber}`,
        paidOutAt: new Date(paidAt.getTime() + DAY),
        paidOutBy: admin.userId,
      });
    }
  }
}

/**
 * One of Eko's trucks is retired: the one whose last trip ended longest ago, so it leaves no trip
 * without its truck. (Deactivating a truck on a live or upcoming trip is refused anyway.)
 */
async function retireATruck(seedCtx: AppContext, tx: Tx, ekoWalks: Walk[]): Promise<void> {
  const finished = ekoWalks
    .filter((w) => w.steps === tripTimeline(w.cargoType).length)
    .sort((a, b) => a.times[a.times.length - 1]!.getTime() - b.times[b.times.length - 1]!.getTime());
  const [oldest] = finished;
  if (!oldest) return;
  const [trip] = await tx.select({ truckId: trips.truckId }).from(trips).where(eq(trips.id, oldest.tripId));
  await setTruckActive(seedCtx, oldest.by, trip!.truckId!, false, SEED_IP);
}
