import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  TERMS_VERSION,
  TRUCK_TYPES,
  changeTripStatusRequest,
  createDriverRequest,
  createMotorBoyRequest,
  createTruckRequest,
  inviteFleetManagerRequest,
  payoutAmounts,
  tripTimeline,
  type Address,
  type CargoType,
  type TripDocumentKind,
  type TripLocationInput,
  type TruckType,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { hashPassword } from '../../lib/password-hash';
import type { Principal } from '../../plugins/auth';
import { createDriver } from '../../modules/fleet/driver.service';
import { inviteFleetManager } from '../../modules/fleet/fleet-manager.service';
import { createMotorBoy } from '../../modules/fleet/motor-boy.service';
import { createTruck, setTruckActive } from '../../modules/fleet/truck.service';
import { cancelTrips } from '../../modules/trip/trip-cancel.service';
import { editTrip } from '../../modules/trip/edit-trip.service';
import { assignResources } from '../../modules/trip/trip-resources.service';
import { changeTripStatus } from '../../modules/trip/trip-status.service';
import { openTripIssue, resolveTripIssue } from '../../modules/trip-issue/trip-issue.service';
import { insertPayment, markInvoicePaid } from '../../modules/payment/payment.repository';
import { insertPayout, markPayoutPaid } from '../../modules/payment/payout.repository';
import { readPlatformTerms } from '../../queries/platform-settings.repository';
import type { Tx } from '../client';
import {
  consignments,
  invoices,
  orders,
  tripDocuments,
  tripIssues,
  tripStatusLogs,
  trips,
  users,
} from '../schema';
import {
  AGBARA_FACTORY,
  DAY,
  HOUR,
  IKEJA_WAREHOUSE,
  SEED_IP,
  lagosDate,
  marketKit,
  principalOf,
} from './demo-kit';
import { samplePdf } from './sample-pdf';

const FIRST_NAMES = [
  'Musa',
  'Chukwuemeka',
  'Tunde',
  'Ibrahim',
  'Sunday',
  'Emeka',
  'Yakubu',
  'Segun',
  'Ifeanyi',
  'Aliyu',
  'Babatunde',
  'Obinna',
  'Garba',
  'Kehinde',
  'Uche',
  'Abdullahi',
  'Femi',
  'Nnamdi',
  'Bello',
  'Gbenga',
];
const LAST_NAMES = [
  'Adamu',
  'Okonkwo',
  'Adebayo',
  'Danjuma',
  'Eze',
  'Ogunleye',
  'Lawal',
  'Nwachukwu',
  'Usman',
  'Olawale',
  'Chukwu',
  'Balogun',
  'Haruna',
  'Okeke',
  'Salami',
  'Obi',
  'Bakare',
  'Ibe',
  'Sule',
  'Afolabi',
];
const MAKES: [string, string][] = [
  ['MAN', 'TGS 33.400'],
  ['Mercedes-Benz', 'Actros 2644'],
  ['DAF', 'XF 480'],
  ['Iveco', 'Trakker 420'],
  ['Sinotruk', 'HOWO A7'],
  ['Mack', 'Granite'],
];
const LAGOS_ADDRESSES: Address[] = [
  { street: '5 Alhaji Masha Road', neighborhood: 'Surulere', lga: 'Surulere', city: 'Lagos', state: 'Lagos' },
  { street: '22 Mile 2 Road', neighborhood: 'Mile 2', lga: 'Amuwo-Odofin', city: 'Lagos', state: 'Lagos' },
  { street: '9 Agege Motor Road', neighborhood: 'Mushin', lga: 'Mushin', city: 'Lagos', state: 'Lagos' },
  { street: '14 Ikorodu Road', neighborhood: 'Ketu', lga: 'Kosofe', city: 'Lagos', state: 'Lagos' },
];
const RIVERS_ADDRESS: Address = {
  street: '3 Aba Road',
  neighborhood: 'Rumuokoro',
  lga: 'Obio/Akpor',
  city: 'Port Harcourt',
  state: 'Rivers',
};

/** The places trips report on their way, one per step. */
const ROUTE: TripLocationInput[] = [
  { state: 'Lagos', lga: 'Apapa', description: 'Apapa port access road' },
  { state: 'Lagos', lga: 'Apapa', description: 'Terminal gate, Apapa' },
  { state: 'Lagos', lga: 'Amuwo-Odofin', description: 'Mile 2, Oshodi-Apapa Expressway' },
  { state: 'Lagos', lga: 'Ikeja', description: 'Oba Akran Avenue' },
  { state: 'Lagos', lga: 'Ikeja', description: 'Consignee warehouse' },
  { state: 'Lagos', lga: 'Amuwo-Odofin', description: 'Empty container holding bay' },
];

interface Fleet {
  trucks: string[];
  drivers: string[];
  motorBoys: string[];
}

/** Fleet phones: +234 80 5XXX XXXX, numbered per company so two seeds never collide. */
function fleetPhone(companyIndex: number, n: number): string {
  return `+23480${5 + companyIndex}${String(1_000_000 + n)
    .slice(1)
    .padStart(7, '0')}`;
}

async function seedFleet(
  seedCtx: AppContext,
  owner: Principal,
  companyIndex: number,
  size: { trucks: number; motorBoys: number },
  plateState: string,
): Promise<Fleet> {
  const fleet: Fleet = { trucks: [], drivers: [], motorBoys: [] };
  let phone = 0;
  const person = (i: number) => ({
    firstName: FIRST_NAMES[(i * 7 + companyIndex * 3) % FIRST_NAMES.length]!,
    lastName: LAST_NAMES[(i * 3 + companyIndex * 5) % LAST_NAMES.length]!,
    phoneNumber: fleetPhone(companyIndex, ++phone),
    address: companyIndex === 0 ? LAGOS_ADDRESSES[i % LAGOS_ADDRESSES.length]! : RIVERS_ADDRESS,
    nextOfKin: { name: 'Grace Adamu', phoneNumber: fleetPhone(companyIndex, ++phone), relationship: 'Wife' },
    guarantor: {
      name: 'Chief Okon Bassey',
      phoneNumber: fleetPhone(companyIndex, ++phone),
      address: companyIndex === 0 ? IKEJA_WAREHOUSE : RIVERS_ADDRESS,
    },
  });
  const containerTypes: TruckType[] = ['CONTAINER_CHASSIS_40', 'CONTAINER_CHASSIS_20', 'FLATBED', 'BOX'];
  for (let i = 0; i < size.trucks; i++) {
    const [make, model] = MAKES[i % MAKES.length]!;
    const type =
      i < containerTypes.length * 3 ? containerTypes[i % containerTypes.length]! : TRUCK_TYPES[i % 6]!;
    // A few documents run out soon or already have, so the fleet pages have something to flag.
    const licenceDays = i === 1 ? 12 : i === 2 ? -5 : 200 + i * 9;
    const truck = await createTruck(
      seedCtx,
      owner,
      createTruckRequest.parse({
        registrationNumber: `${plateState} ${String(101 + i * 37).slice(-3)} ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i * 5 + companyIndex) % 26))}`,
        make,
        model,
        year: 2012 + (i % 11),
        type,
        capacityTonnes: type === 'CONTAINER_CHASSIS_20' ? 25 : type === 'BOX' ? 15 : 30,
        documents: {
          vehicleLicence: { number: `VL-${300100 + i}`, expiresOn: lagosDate(licenceDays) },
          roadWorthiness: { expiresOn: lagosDate(i === 3 ? 25 : 150 + i) },
          insurance: { number: `GIT-${77000 + i}`, expiresOn: lagosDate(300 - i) },
          ...(i % 2 === 0 ? { hackneyPermit: { expiresOn: lagosDate(90 + i) } } : {}),
        },
      }),
      SEED_IP,
    );
    fleet.trucks.push(truck.id);
  }
  for (let i = 0; i < size.trucks; i++) {
    const driver = await createDriver(
      seedCtx,
      owner,
      createDriverRequest.parse({
        ...person(i),
        licenceNumber: `${companyIndex === 0 ? 'LAG' : 'RIV'}${String(48213 + i * 17)}AA${String(10 + i)}`,
        licenceExpiresOn: lagosDate(i === 4 ? 20 : 400 + i * 11),
      }),
      SEED_IP,
    );
    fleet.drivers.push(driver.id);
  }
  for (let i = 0; i < size.motorBoys; i++) {
    const motorBoy = await createMotorBoy(
      seedCtx,
      owner,
      createMotorBoyRequest.parse(person(i + 40)),
      SEED_IP,
    );
    fleet.motorBoys.push(motorBoy.id);
  }
  return fleet;
}

interface Walk {
  tripId: string;
  /** How many steps of its timeline the trip has taken; -1 leaves it without resources. */
  steps: number;
}

/**
 * Trips at every step of every cargo type's timeline, run by the demo transporters with their own fleets,
 * plus issues, notes, documents and a cancelled trip: the world the trip pages are about.
 */
export async function seedDemoOperations(ctx: AppContext, tx: Tx, password: string): Promise<void> {
  const seedCtx: AppContext = { ...ctx, db: tx as unknown as AppContext['db'] };
  const parties: Parties = {
    customer: await principalOf(tx, 'customer@example.com'),
    eko: await principalOf(tx, 'transporter@example.com'),
    gardenCity: await principalOf(tx, 'transporter2@example.com'),
    admin: await principalOf(tx, 'admin@example.com'),
  };
  const { eko, gardenCity } = parties;
  const fleets = new Map<string, Fleet>([
    [eko.companyId, await seedFleet(seedCtx, eko, 0, { trucks: 20, motorBoys: 12 }, 'LSR')],
    [gardenCity.companyId, await seedFleet(seedCtx, gardenCity, 1, { trucks: 12, motorBoys: 8 }, 'RSH')],
  ]);
  await seedFleetManager(seedCtx, tx, eko, password);

  const walks = await awardTripsOfEveryCargoType(seedCtx, tx, parties);
  await walkTrips(seedCtx, tx, walks, fleets);
  await settleCompletedTrips(tx, parties.admin);

  const tripAt = (cargoType: CargoType, steps: number) =>
    walks.find((w) => w.cargoType === cargoType && w.steps === steps)!;
  const loaded = tripAt('IMPORT_SHIPPER_OWNED', 3);
  const delivered = tripAt('IMPORT_LINER_OWNED', 5);
  await seedContainerFreeTime(tx, tripAt);
  await seedTripIssues(seedCtx, tx, { loaded, atPickup: tripAt('EXPORT', 2), delivered });
  await seedTripNotes(seedCtx, parties, { loaded, delivered });
  await seedTripDocuments(ctx, tx, [
    { walk: loaded, kind: 'WAYBILL', name: 'waybill.pdf' },
    { walk: loaded, kind: 'TERMINAL_DELIVERY_ORDER', name: 'terminal-delivery-order.pdf' },
    { walk: delivered, kind: 'WAYBILL', name: 'waybill.pdf' },
    { walk: delivered, kind: 'PROOF_OF_DELIVERY', name: 'proof-of-delivery.pdf' },
    { walk: tripAt('IMPORT_LINER_OWNED', 6), kind: 'EQUIPMENT_INTERCHANGE_RECEIPT', name: 'eir.pdf' },
  ]);

  // A trip the customer cancelled before loading; and a retired truck.
  const cancelled = tripAt('EMPTY_CONTAINER', -1);
  await cancelTrips(
    seedCtx,
    parties.customer,
    { tripIds: [cancelled.tripId], reason: 'The empty was returned by the consignee directly.' },
    SEED_IP,
  );
  const eko0 = fleets.get(eko.companyId)!;
  await setTruckActive(seedCtx, eko, eko0.trucks[eko0.trucks.length - 1]!, false, SEED_IP);
}

interface Parties {
  customer: Principal;
  eko: Principal;
  gardenCity: Principal;
  admin: Principal;
}

type OwnedWalk = Walk & { by: Principal; cargoType: CargoType };

/** Eko's fleet manager has accepted the invitation: the demo login works at once. */
async function seedFleetManager(
  seedCtx: AppContext,
  tx: Tx,
  eko: Principal,
  password: string,
): Promise<void> {
  await inviteFleetManager(
    seedCtx,
    eko,
    inviteFleetManagerRequest.parse({
      firstName: 'Kemi',
      lastName: 'Adewale',
      phoneNumber: '+2348031234508',
      email: 'fleet.manager@example.com',
      address: LAGOS_ADDRESSES[0],
      nextOfKin: { name: 'Tayo Adewale', phoneNumber: '+2348031234509', relationship: 'Husband' },
      guarantor: { name: 'Dr. Femi Ojo', phoneNumber: '+2348031234510', address: IKEJA_WAREHOUSE },
    }),
    SEED_IP,
  );
  await tx
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      activatedAt: new Date(),
      // She took the invitation, which records her consent to the terms.
      termsAcceptedAt: new Date(),
      termsVersion: TERMS_VERSION,
    })
    .where(eq(users.email, 'fleet.manager@example.com'));
}

/** One awarded order per cargo type with a trip for every step: none, resources only, then each status. */
async function awardTripsOfEveryCargoType(
  seedCtx: AppContext,
  tx: Tx,
  parties: Parties,
): Promise<OwnedWalk[]> {
  const { customer, eko, gardenCity } = parties;
  const { terminal, address, containers, order, bid, awardWhole } = await marketKit(
    seedCtx,
    tx,
    customer,
    9000,
  );
  const plans: { cargoType: CargoType; by: Principal; client: string; reference: string }[] = [
    { cargoType: 'IMPORT_SHIPPER_OWNED', by: eko, client: 'Dangote Sugar', reference: 'BL-MSKU-5521' },
    { cargoType: 'IMPORT_LINER_OWNED', by: eko, client: 'Chisco Agro Allied', reference: 'BL-MEDU-7702' },
    { cargoType: 'EMPTY_CONTAINER', by: gardenCity, client: 'Okafor Imports Ltd', reference: 'EMPTY-RET-31' },
    { cargoType: 'EXPORT', by: gardenCity, client: 'Olam Nigeria', reference: 'EXP-CASHEW-14' },
    { cargoType: 'GENERAL_CARGO', by: eko, client: 'Lafarge Africa (Wapco)', reference: 'PO-90417' },
  ];
  const walks: OwnedWalk[] = [];
  for (const plan of plans) {
    const count = tripTimeline(plan.cargoType).length + 2;
    const isGeneral = plan.cargoType === 'GENERAL_CARGO';
    const placed = await order(plan.cargoType, {
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
      pickup:
        plan.cargoType === 'EXPORT' || isGeneral
          ? address(AGBARA_FACTORY)
          : plan.cargoType === 'EMPTY_CONTAINER'
            ? address(IKEJA_WAREHOUSE)
            : terminal(plan.by === gardenCity ? 'WACT-ONNE' : 'APMT-APAPA'),
      recipient:
        plan.cargoType === 'EXPORT'
          ? terminal('TICT-TINCAN')
          : plan.cargoType === 'EMPTY_CONTAINER'
            ? terminal('ANET-AMUWO-ODOFIN')
            : address(IKEJA_WAREHOUSE),
    });
    const winning = await bid(plan.by, placed.id, isGeneral ? 820_000 : 440_000, count);
    await awardWhole(placed.id, winning.id);
    const created = await tx
      .select({ id: trips.id })
      .from(trips)
      .where(eq(trips.orderId, placed.id))
      .orderBy(asc(trips.tripNumber));
    for (const [i, trip] of created.entries()) {
      const steps = i - 1;
      walks.push({ tripId: trip.id, steps, by: plan.by, cargoType: plan.cargoType });
      // Trips further along were picked up longer ago; the ones not started yet are due in the coming days.
      await tx
        .update(trips)
        .set({ pickupDate: lagosDate(steps <= 0 ? 2 + steps : -Math.ceil(steps / 2)) })
        .where(eq(trips.id, trip.id));
    }
    await tx
      .update(orders)
      .set({ pickupDate: lagosDate(-3) })
      .where(eq(orders.id, placed.id));
  }

  return walks;
}

/** Assigns a truck, driver and motor boy to each walked trip and moves it through its steps. */
async function walkTrips(
  seedCtx: AppContext,
  tx: Tx,
  walks: OwnedWalk[],
  fleets: Map<string, Fleet>,
): Promise<void> {
  // Finished trips first, so their trucks and drivers are free again for the live ones.
  walks.sort((a, b) => b.steps - a.steps);
  const used = new Map<string, number>();
  for (const walk of walks) {
    if (walk.steps < 0) continue;
    const fleet = fleets.get(walk.by.companyId)!;
    const n = used.get(walk.by.companyId) ?? 0;
    used.set(walk.by.companyId, n + 1);
    const [consignment] = await tx
      .select({ id: consignments.id })
      .from(consignments)
      .where(eq(consignments.tripId, walk.tripId));
    await assignResources(
      seedCtx,
      walk.by,
      consignment!.id,
      {
        truckId: fleet.trucks[n % fleet.trucks.length]!,
        driverId: fleet.drivers[n % fleet.drivers.length]!,
        motorBoyId: n % 3 === 2 ? null : fleet.motorBoys[n % fleet.motorBoys.length]!,
      },
      SEED_IP,
    );
    const timeline = tripTimeline(walk.cargoType);
    for (let step = 0; step < walk.steps; step++) {
      const status = timeline[step]!;
      const [trip] = await tx
        .select({ code: trips.handoverCode })
        .from(trips)
        .where(eq(trips.id, walk.tripId));
      await changeTripStatus(
        seedCtx,
        walk.by,
        walk.tripId,
        changeTripStatusRequest.parse({
          tripStatus: status,
          ...(step % 2 === 1 ? { location: ROUTE[step] } : {}),
          ...(status === 'DELIVERED' ? { handoverCode: trip!.code } : {}),
          ...(status === 'LOADED' ? { note: 'Seal intact, container loaded and strapped.' } : {}),
        }),
        SEED_IP,
      );
    }
    if (walk.steps > 0 && walk.steps < timeline.length) {
      await editTrip(
        seedCtx,
        walk.by,
        walk.tripId,
        { expectedDeliveryDate: lagosDate(1 + (n % 4)) },
        SEED_IP,
      );
    }
    await backdateLogs(tx, walk.tripId, walk.steps);
  }
}

/**
 * An open checkpoint delay on a loaded trip (the ongoing table shows DELAYED), open port congestion at
 * pickup, and a breakdown on a delivered trip, fixed and resolved.
 */
async function seedTripIssues(
  seedCtx: AppContext,
  tx: Tx,
  { loaded, atPickup, delivered }: Record<'loaded' | 'atPickup' | 'delivered', OwnedWalk>,
): Promise<void> {
  await openTripIssue(
    seedCtx,
    loaded.by,
    loaded.tripId,
    {
      issueType: 'CHECKPOINT_DELAY',
      description: 'Held at the Mile 2 checkpoint for papers; the driver is with the officers.',
      openingTimeStamp: new Date(Date.now() - 2 * HOUR).toISOString(),
      location: { state: 'Lagos', lga: 'Amuwo-Odofin', description: 'Mile 2 checkpoint' },
    },
    SEED_IP,
  );
  await openTripIssue(
    seedCtx,
    atPickup.by,
    atPickup.tripId,
    {
      issueType: 'PORT_CONGESTION',
      description: 'Queue at the terminal gate; about 40 trucks ahead.',
      openingTimeStamp: new Date(Date.now() - 5 * HOUR).toISOString(),
    },
    SEED_IP,
  );
  const breakdown = await openTripIssue(
    seedCtx,
    delivered.by,
    delivered.tripId,
    {
      issueType: 'BREAKDOWN',
      description: 'Flat tyre on the Oshodi-Apapa Expressway; spare fitted.',
      openingTimeStamp: new Date(Date.now() - 30 * HOUR).toISOString(),
      location: { state: 'Lagos', lga: 'Oshodi-Isolo', description: 'Oshodi-Apapa Expressway' },
    },
    SEED_IP,
  );
  await resolveTripIssue(seedCtx, delivered.by, breakdown.id, SEED_IP);
  await tx
    .update(tripIssues)
    .set({ resolvedAt: new Date(Date.now() - 28 * HOUR) })
    .where(eq(tripIssues.id, breakdown.id));
}

/** Notes from each side. */
async function seedTripNotes(
  seedCtx: AppContext,
  { customer, admin }: Parties,
  { loaded, delivered }: Record<'loaded' | 'delivered', OwnedWalk>,
): Promise<void> {
  await editTrip(
    seedCtx,
    customer,
    loaded.tripId,
    { note: 'Call Mr. Obi (0803 555 0101) at the gate.' },
    SEED_IP,
  );
  await editTrip(
    seedCtx,
    loaded.by,
    loaded.tripId,
    { note: 'Driver has the TDO and the EIR. Expect delivery before 4 pm.' },
    SEED_IP,
  );
  await editTrip(
    seedCtx,
    admin,
    delivered.tripId,
    { note: 'Breakdown reviewed with the transporter; no charge to the customer.' },
    SEED_IP,
  );
}

/** Waybills on loaded trips, a proof of delivery on delivered ones. */
async function seedTripDocuments(
  ctx: AppContext,
  tx: Tx,
  documents: { walk: OwnedWalk; kind: TripDocumentKind; name: string }[],
): Promise<void> {
  for (const { walk, kind, name } of documents) {
    const body = samplePdf([kind.replaceAll('_', ' '), `Trip ${walk.tripId.slice(0, 8)}`, 'Demo document']);
    await tx.insert(tripDocuments).values({
      tripId: walk.tripId,
      kind,
      fileName: name,
      contentType: 'application/pdf',
      sizeBytes: body.length,
      storageKey: await ctx.storage.put('trip-documents', body),
      uploadedByUserId: walk.by.userId,
      uploadedByCompanyId: walk.by.companyId,
    });
  }
}

/**
 * The customer's facts on some of its import containers (docs/decisions/019-money.md): discharge dates
 * that put one container past its free time, one on its last free day and others a day or a few days from
 * it, deposits the line holds, expected returns of empties, and a deposit refunded after the empty came
 * back. "Containers at risk" then shows the naira at stake in every shade of urgency.
 */
async function seedContainerFreeTime(
  tx: Tx,
  tripAt: (cargoType: CargoType, steps: number) => OwnedWalk,
): Promise<void> {
  const deposit = 75_000_000;
  const facts: [OwnedWalk, Partial<typeof consignments.$inferInsert>][] = [
    // Loaded out days ago and past its free days: detention runs until the empty is back.
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
        dischargeDate: lagosDate(-1),
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
    await tx.update(consignments).set(values).where(eq(consignments.tripId, walk.tripId));
  }
}

/** Spreads a walked trip's logs over the last days, four hours apart, ending two hours ago. */
/**
 * The customer has paid for every trip completed, an hour after it ended, by a bank transfer the admin
 * recorded: the payment and financial reports then have money paid as well as owed, and the transporters'
 * earnings have payouts, the older half transferred two days after payment and the newer still pending.
 */
async function settleCompletedTrips(tx: Tx, admin: Principal): Promise<void> {
  const unpaid = await tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      transporterCompanyId: invoices.transporterCompanyId,
      amountKobo: invoices.amountKobo,
      subtotalKobo: sql<number>`${invoices.haulageKobo} + ${invoices.chargesKobo}`.mapWith(Number),
      endedAt: trips.latestStatusAt,
      raisedAt: invoices.createdAt,
    })
    .from(invoices)
    .innerJoin(trips, eq(trips.id, invoices.tripId))
    .where(and(eq(trips.completed, true), eq(invoices.status, 'PENDING_PAYMENT')))
    .orderBy(asc(trips.latestStatusAt), asc(invoices.invoiceNumber));
  const { commissionBasisPoints } = await readPlatformTerms(tx);
  for (const [i, invoice] of unpaid.entries()) {
    // An hour after the delivery, and never before the invoice was raised (the seed raises them today).
    const paidAt = new Date(
      Math.max((invoice.endedAt ?? new Date()).getTime() + HOUR, invoice.raisedAt.getTime()),
    );
    await insertPayment(tx, {
      invoiceId: invoice.id,
      method: 'BANK_TRANSFER',
      status: 'SUCCEEDED',
      reference: `TRF-${invoice.invoiceNumber}`,
      amountKobo: invoice.amountKobo,
      channel: 'bank_transfer',
      note: 'Seen on the statement of the platform’s collection account',
      paidAt,
      createdBy: admin.userId,
    });
    await markInvoicePaid(tx, invoice.id, paidAt);
    const payout = await insertPayout(tx, {
      invoiceId: invoice.id,
      transporterCompanyId: invoice.transporterCompanyId,
      status: 'PENDING',
      ...payoutAmounts(invoice.amountKobo, invoice.subtotalKobo, commissionBasisPoints),
    });
    if (payout && i < Math.floor(unpaid.length / 2)) {
      await markPayoutPaid(tx, payout.id, {
        reference: `PO-${invoice.invoiceNumber}`,
        paidOutAt: new Date(Math.min(paidAt.getTime() + 2 * DAY, Date.now())),
        paidOutBy: admin.userId,
      });
    }
  }
}

async function backdateLogs(tx: Tx, tripId: string, steps: number): Promise<void> {
  if (steps <= 0) return;
  const logs = await tx
    .select({ id: tripStatusLogs.id })
    .from(tripStatusLogs)
    .where(and(eq(tripStatusLogs.tripId, tripId), isNull(tripStatusLogs.undoneAt)))
    .orderBy(asc(tripStatusLogs.at));
  const end = Date.now() - 2 * HOUR - (steps % 3) * DAY * 0.25;
  let last = new Date(end);
  for (const [i, log] of logs.entries()) {
    last = new Date(end - (logs.length - 1 - i) * 4 * HOUR);
    await tx.update(tripStatusLogs).set({ at: last }).where(eq(tripStatusLogs.id, log.id));
  }
  await tx
    .update(trips)
    .set({ latestStatusAt: last })
    .where(inArray(trips.id, [tripId]));
}
