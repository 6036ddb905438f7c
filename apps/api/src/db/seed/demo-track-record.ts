import { and, eq, sql } from 'drizzle-orm';
import {
  lagosToday,
  lgaCentre,
  rateTripRequest,
  tripTimeline,
  type Address,
  type CargoType,
  type ContainerSize,
  type LatLon,
  type RatingTag,
  type TruckType,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { rateTrip } from '../../modules/rating/rating.service';
import { ensurePositionPartitions } from '../../modules/telematics/position-history.repository';
import { assignResources } from '../../modules/trip/trip-resources.service';
import type { Tx } from '../client';
import {
  consignments,
  drivers,
  orders,
  tripRatings,
  tripStatusLogs,
  trips,
  truckPositions,
  trucks,
  users,
} from '../schema';
import {
  AGBARA_FACTORY,
  DAY,
  HOUR,
  IKEJA_WAREHOUSE,
  KANO_DEPOT,
  MINUTE,
  SEED_IP,
  demoContext,
  marketKit,
  principalOf,
} from './demo-kit';
import {
  APAPA_TO_IKEJA,
  C40,
  FLAT,
  seedFleet,
  settleCompletedTrips,
  takeSteps,
  type TripPlaces,
} from './demo-operations';
import { seedDemoCompanyDocuments } from './demo-company-documents';
import { AREWA_CREW } from './demo-people';
import { joinedAt, type StoryClock } from './demo-story';
import { createAccount } from './factories';

const AREWA_EMAIL = 'transporter3@example.com';

/** A lane the demo's customer ships on again and again: where, what, and what it usually costs. */
interface Lane {
  cargoType: CargoType;
  client: string;
  pickup: { terminal: string } | { address: Address };
  recipient: Address;
  /** The truck's way: its first and last point, for the positions it sends while loaded. */
  from: LatLon;
  to: LatLon;
  places: TripPlaces;
  container?: ContainerSize;
  truckType: TruckType;
  /** Hours from each step of the timeline to the next, when all goes to plan. */
  hours: number[];
  naira: number;
}

const centre = (state: string, lga: string): LatLon => lgaCentre(state, lga)!;

const LANES: Lane[] = [
  {
    cargoType: 'IMPORT_SHIPPER_OWNED',
    client: 'Dangote Sugar',
    pickup: { terminal: 'APMT-APAPA' },
    recipient: IKEJA_WAREHOUSE,
    from: centre('Lagos', 'Apapa'),
    to: centre('Lagos', 'Ikeja'),
    places: APAPA_TO_IKEJA,
    container: 'FTS_40',
    truckType: C40,
    hours: [2, 5, 7, 3],
    naira: 450_000,
  },
  {
    cargoType: 'IMPORT_SHIPPER_OWNED',
    client: 'Nestlé Nigeria',
    pickup: { terminal: 'TICT-TINCAN' },
    recipient: IKEJA_WAREHOUSE,
    from: centre('Lagos', 'Apapa'),
    to: centre('Lagos', 'Ikeja'),
    places: {
      pickup: { state: 'Lagos', lga: 'Apapa', description: 'Tin Can Island Container Terminal gate' },
      delivery: APAPA_TO_IKEJA.delivery,
    },
    container: 'FTS_20',
    truckType: C40,
    hours: [2, 4, 6, 3],
    naira: 390_000,
  },
  {
    cargoType: 'GENERAL_CARGO',
    client: 'Lafarge Africa (Wapco)',
    pickup: { address: AGBARA_FACTORY },
    recipient: KANO_DEPOT,
    from: centre('Ogun', 'Ado-Odo/Ota'),
    to: centre('Kano', 'Nasarawa'),
    places: {
      pickup: {
        state: 'Ogun',
        lga: 'Ado-Odo/Ota',
        description: 'Factory loading bay, Agbara Industrial Estate',
      },
      delivery: { state: 'Kano', lga: 'Nasarawa', description: 'Distributor depot, Bompai Road' },
      emptyReturn: { state: 'Kano', lga: 'Nasarawa', description: 'Distributor yard, Bompai' },
    },
    truckType: FLAT,
    hours: [3, 6, 62, 5, 8],
    naira: 1_180_000,
  },
];

/**
 * How each transporter has worked: its price against the lane's usual, which of its trips reached the
 * pickup a day late or delivered late (by its number among that company's trips), the share of loaded
 * time its trucks sent positions, and the stars the customer gave each trip.
 */
interface TrackRecord {
  email: string;
  priceFactor: number;
  latePickup: (k: number) => boolean;
  lateDelivery: (k: number) => boolean;
  tracked: number;
  stars: number[];
}

const RECORDS: TrackRecord[] = [
  {
    email: AREWA_EMAIL,
    priceFactor: 1.05,
    latePickup: () => false,
    lateDelivery: () => false,
    tracked: 0.97,
    stars: [5, 5, 4, 5, 5, 5, 5, 5, 5],
  },
  {
    email: 'transporter@example.com',
    priceFactor: 1,
    latePickup: (k) => k === 5,
    lateDelivery: (k) => k === 3,
    tracked: 0.85,
    stars: [5, 4, 4, 3, 5, 3, 5, 4, 5],
  },
  {
    email: 'transporter2@example.com',
    priceFactor: 0.94,
    latePickup: (k) => k % 2 === 1,
    lateDelivery: (k) => k % 2 === 1 || k === 4,
    tracked: 0.5,
    stars: [4, 2, 4, 2, 2, 3, 4, 2, 3],
  },
];

/** Eighteen trips over the last three months, one every four days, taking turns among the three. */
const TRIPS = 18;
const EVERY_DAYS = 4;
/** Days ago the first of them was ordered; the last was ordered 21 days ago and delivered days after. */
const FIRST_ORDERED_DAYS_AGO = 89;
/** A late trip loses this many hours on the road: enough to pass the date it was expected. */
const DELAY_HOURS = 36;

/**
 * Three months of the demo's past before the trips on the road today: Okafor Imports shipping on three
 * lanes, each order awarded to one of three transporters that worked differently (Arewa Express always on
 * time and dearest, Eko Haulage mostly on time, Garden City cheapest and often late). Each trip is walked
 * through the live services to the end and rated by both sides, its steps then put at their times, its
 * truck's positions written for the share of the road it was tracked, and its invoice paid. From these
 * alone the scorecards have scores (5 completed trips or more each), the lanes price bands (5 awards or
 * more each), and on the open order from Apapa the customer has three scored bids to weigh. Nobody is
 * notified of this past: it is older than the demo's notifications.
 */
export async function seedDemoTrackRecord(
  ctx: AppContext,
  tx: Tx,
  password: string,
  clock: StoryClock,
): Promise<void> {
  const seedCtx = demoContext(ctx, tx);
  const { ago } = clock;
  // Written once: a world asked to seed its later parts again already has this past.
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, AREWA_EMAIL));
  if (existing) return;
  await createAccount(
    tx,
    {
      email: AREWA_EMAIL,
      password,
      firstName: 'Aminu',
      lastName: 'Kabir',
      phoneNumber: '+2348031234521',
      userType: 'TRANSPORTER',
    },
    {
      name: 'Arewa Express Haulage Ltd',
      verificationStatus: 'VERIFIED',
      cacRegistrationNumber: 'RC 4567890',
      tin: '45678901-0001',
      address: {
        street: '40 Murtala Mohammed Way',
        neighborhood: 'Bompai',
        lga: 'Nasarawa',
        city: 'Kano',
        state: 'Kano',
      },
      contactName: 'Aminu Kabir',
      contactPhone: '+2348031234521',
      contactEmail: AREWA_EMAIL,
    },
  );
  await joinedAt(tx, AREWA_EMAIL, ago(200 * DAY), { verifiedAt: ago(196 * DAY) });
  // Verified, so its papers are in and approved like every verified company's.
  await seedDemoCompanyDocuments(ctx, tx);
  const arewa = await principalOf(tx, AREWA_EMAIL);
  await seedFleet(seedCtx, tx, arewa, {
    crew: AREWA_CREW,
    truckTypes: [C40, FLAT, C40, FLAT, C40],
    plate: 'KAN',
    licencePrefix: 'KAN',
    phoneBase: 600,
    expiredTruck: -1,
    since: ago(190 * DAY),
  });

  const customer = await principalOf(tx, 'customer@example.com');
  const admin = await principalOf(tx, 'admin@example.com');
  const transporters = await Promise.all(RECORDS.map((r) => principalOf(tx, r.email)));
  const kit = await marketKit(ctx, tx, customer, 20_000, clock);
  const walked = new Set<string>();

  for (let i = 0; i < TRIPS; i++) {
    const lane = LANES[Math.floor(i / 3) % LANES.length]!;
    const record = RECORDS[i % RECORDS.length]!;
    const by = transporters[i % RECORDS.length]!;
    const k = Math.floor(i / RECORDS.length);
    // Ordered at 9 in the morning (Lagos), so every step after falls at its hour of the day.
    const orderedAt = ago((FIRST_ORDERED_DAYS_AGO - i * EVERY_DAYS) * DAY);
    orderedAt.setUTCHours(8, 0, 0, 0);
    const at = (ms: number) => new Date(orderedAt.getTime() + ms);

    const placed = await kit.order(
      lane.cargoType,
      {
        clientName: lane.client,
        reference: `TR-${String(1001 + i)}`,
        ...(lane.container
          ? { containers: kit.containers(1, 'MSKU', 'MAERSK', lane.container) }
          : {
              generalCargos: [
                {
                  description: 'Bagged cement, 600 bags',
                  quantity: 600,
                  weightTonnes: 30,
                  truckType: lane.truckType,
                },
              ],
            }),
        pickup:
          'terminal' in lane.pickup ? kit.terminal(lane.pickup.terminal) : kit.address(lane.pickup.address),
        recipient: kit.address(lane.recipient),
      },
      orderedAt,
    );
    // The winner and one other bid; prices vary a little from order to order around each company's level.
    const wobble = 1 + (((i * 37) % 9) - 4) / 100;
    const naira = (n: number) => Math.round((lane.naira * n * wobble) / 1000) * 1000;
    const winning = await kit.bid(by, placed.id, naira(record.priceFactor), 1, at(5 * HOUR));
    const other = (i + 1) % RECORDS.length;
    await kit.bid(transporters[other]!, placed.id, naira(RECORDS[other]!.priceFactor), 1, at(9 * HOUR));
    await kit.awardWhole(placed.id, winning.id, { closed: at(DAY), awarded: at(DAY + 2 * HOUR) });

    const [trip] = await tx.select().from(trips).where(eq(trips.orderId, placed.id));
    const tripId = trip!.id;
    const [consignment] = await tx.select().from(consignments).where(eq(consignments.tripId, tripId));
    const truck = await idle(tx, 'truck', by.companyId, lane.truckType);
    await assignResources(
      seedCtx,
      by,
      consignment!.id,
      { truckId: truck, driverId: await idle(tx, 'driver', by.companyId) },
      SEED_IP,
    );
    const walk = { tripId, by, cargoType: lane.cargoType, places: lane.places };
    const timeline = tripTimeline(lane.cargoType);
    await takeSteps(seedCtx, tx, walk, timeline.length);
    await rateBothWays(
      seedCtx,
      { customer, transporter: by },
      tripId,
      record.stars[k]!,
      record.latePickup(k) || record.lateDelivery(k),
    );

    // The times: set off at 6 in the morning on the pickup date, the day after the award; a late pickup
    // reaches the gate the next morning, a late delivery loses a day and a half on the road.
    const started = at(2 * DAY - 3 * HOUR);
    const delivered = timeline.indexOf('DELIVERED');
    const loaded = timeline.indexOf('LOADED');
    const times = [started];
    for (const [step, hours] of lane.hours.entries()) {
      const late =
        (step === 0 && record.latePickup(k) ? 24 : 0) +
        (step === loaded && record.lateDelivery(k) ? DELAY_HOURS : 0);
      times.push(new Date(times[step]!.getTime() + (hours + late) * HOUR + ((i * 7) % 30) * MINUTE));
    }
    const plannedDelivery =
      started.getTime() + lane.hours.slice(0, delivered).reduce((a, b) => a + b, 0) * HOUR;
    for (const [step, status] of timeline.entries()) {
      await tx
        .update(tripStatusLogs)
        .set({ at: times[step]! })
        .where(and(eq(tripStatusLogs.tripId, tripId), eq(tripStatusLogs.status, status)));
    }
    const ended = times[times.length - 1]!;
    await tx
      .update(trips)
      .set({
        truckAssignedAt: new Date(started.getTime() - 14 * HOUR),
        latestStatusAt: ended,
        pickupDate: lagosToday(started),
        expectedDeliveryDate: lagosToday(new Date(plannedDelivery + 4 * HOUR)),
      })
      .where(eq(trips.id, tripId));
    await tx
      .update(orders)
      .set({ pickupDate: lagosToday(started) })
      .where(eq(orders.id, placed.id));
    const ratedAt = new Date(times[delivered]!.getTime() + 20 * HOUR);
    await tx
      .update(tripRatings)
      .set({ createdAt: ratedAt, updatedAt: ratedAt })
      .where(eq(tripRatings.tripId, tripId));
    await writePositions(tx, {
      truckId: truck,
      companyId: by.companyId,
      lane,
      from: times[loaded]!,
      to: times[loaded + 1]!,
      tracked: record.tracked,
      seed: i,
    });
    walked.add(tripId);
  }
  await settleCompletedTrips(tx, admin, walked);

  // The open order from Apapa has a third bid: dearest, from the transporter with the best record.
  const [open] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.reference, 'BL-MEDU-2231'), eq(orders.status, 'OPEN')));
  if (open) {
    await kit.bid(
      arewa,
      open.id,
      468_000,
      2,
      ago(5 * HOUR),
      'Two trucks tracked door to door; Ikeja same day.',
    );
  }
}

/**
 * An active truck of the type, or driver, that is on no live trip: the history's trips each end before the
 * next, so the company's first such one runs it.
 */
async function idle(tx: Tx, kind: 'truck' | 'driver', companyId: string, type?: TruckType): Promise<string> {
  const table = kind === 'truck' ? trucks : drivers;
  const onTrip = kind === 'truck' ? sql`t.truck_id` : sql`t.driver_id`;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.companyId, companyId),
        eq(table.active, true),
        type ? eq(trucks.type, type) : undefined,
        sql`NOT EXISTS (SELECT 1 FROM trips t WHERE ${onTrip} = ${table.id}
          AND t.completed = false AND t.cancelled_at IS NULL)`,
      ),
    )
    .orderBy(table.createdAt)
    .limit(1);
  if (!row) throw new Error(`The demo fleet has no idle ${kind} for its past trips`);
  return row.id;
}

/** The customer rates the transporter (late trips say so), and the transporter rates a prompt payer back. */
async function rateBothWays(
  seedCtx: AppContext,
  parties: { customer: Principal; transporter: Principal },
  tripId: string,
  stars: number,
  late: boolean,
): Promise<void> {
  const praise: RatingTag[] = stars >= 5 ? ['ON_TIME', 'CAREFUL_WITH_CARGO'] : ['GOOD_COMMUNICATION'];
  await rateTrip(
    seedCtx,
    parties.customer,
    tripId,
    rateTripRequest.parse({
      score: stars,
      tags: late ? ['LATE'] : stars >= 4 ? praise : ['HARD_TO_REACH'],
      comment: late ? 'Arrived a day after we expected the container.' : null,
    }),
    { ip: SEED_IP },
  );
  await rateTrip(
    seedCtx,
    parties.transporter,
    tripId,
    rateTripRequest.parse({ score: 5, tags: ['QUICK_PAYMENT', 'CLEAR_INSTRUCTIONS'], comment: null }),
    { ip: SEED_IP },
  );
}

/**
 * The truck's positions while loaded, one a quarter hour along the straight line of the lane, except in the
 * quarter hours it was not heard from (`1 - tracked` of them, spread through the trip).
 */
async function writePositions(
  tx: Tx,
  p: { truckId: string; companyId: string; lane: Lane; from: Date; to: Date; tracked: number; seed: number },
): Promise<void> {
  const slots = Math.max(1, Math.floor((p.to.getTime() - p.from.getTime()) / (15 * MINUTE)));
  const rows = [];
  for (let s = 0; s < slots; s++) {
    if (((s * 37 + p.seed * 11) % 100) / 100 >= p.tracked) continue;
    const f = s / slots;
    rows.push({
      truckId: p.truckId,
      companyId: p.companyId,
      recordedAt: new Date(p.from.getTime() + s * 15 * MINUTE + 2 * MINUTE),
      receivedAt: new Date(p.from.getTime() + s * 15 * MINUTE + 3 * MINUTE),
      latitude: p.lane.from.latitude + (p.lane.to.latitude - p.lane.from.latitude) * f,
      longitude: p.lane.from.longitude + (p.lane.to.longitude - p.lane.from.longitude) * f,
      speedKmh: 45,
      source: 'TRACCAR' as const,
    });
  }
  if (rows.length === 0) return;
  // The trip's days get their partitions as the live ones do, rather than waiting in the default one.
  await ensurePositionPartitions(tx, p.from.toISOString().slice(0, 10), p.to.toISOString().slice(0, 10));
  await tx.insert(truckPositions).values(rows);
}
