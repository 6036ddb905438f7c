import { randomInt } from 'node:crypto';
import type {
  CreateDriverInput,
  CreateMotorBoyInput,
  CreateTruckInput,
  Driver,
  MotorBoy,
  Truck,
} from '@freightlane/domain';
import { drivers, motorBoys, trucks } from '../db/schema';
import { createUser } from '../db/seed/factories';
import { GOOD_PASSWORD, LOGIN_URL, uniqueEmail, uniquePhone } from './accounts';
import { lagosDate, LAGOS_ADDRESS } from './marketplace';
import { call, type TestApp } from './test-app';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (n: number) => Array.from({ length: n }, () => LETTERS[randomInt(0, 26)]).join('');
const digits = (n: number) => String(randomInt(0, 10 ** n)).padStart(n, '0');

/** A canonical Nigerian plate (LSR 123 XY form); 26^5 * 1000 combinations, so tests do not collide. */
export function uniquePlate(): string {
  return `${letters(3)} ${digits(3)} ${letters(2)}`;
}

/** A licence number in the FRSC shape: 3 letters then 9 letters or digits. */
export function uniqueLicence(): string {
  return `LAG${digits(5)}${letters(2)}${digits(2)}`;
}

export const NEXT_OF_KIN = { name: 'Adaeze Okafor', relationship: 'Sister' } as const;
export const GUARANTOR_NAME = 'Chief Emeka Nwosu';

/** A valid create-truck body with a fresh plate and every document valid for a year. */
export function truckBody(overrides: Record<string, unknown> = {}) {
  return {
    registrationNumber: uniquePlate(),
    make: 'MAN',
    model: 'TGS 33.400',
    year: 2019,
    type: 'CONTAINER_CHASSIS_40',
    capacityTonnes: 30.5,
    documents: {
      vehicleLicence: { number: `VL-${digits(6)}`, expiresOn: lagosDate(365) },
      roadWorthiness: { expiresOn: lagosDate(200) },
      insurance: { number: `INS-${digits(6)}`, expiresOn: lagosDate(300) },
    },
    ...overrides,
  } as CreateTruckInput & Record<string, unknown>;
}

function personBody() {
  return {
    firstName: 'Musa',
    lastName: 'Ibrahim',
    phoneNumber: uniquePhone(),
    address: { ...LAGOS_ADDRESS },
    nextOfKin: { ...NEXT_OF_KIN, phoneNumber: uniquePhone() },
    guarantor: { name: GUARANTOR_NAME, phoneNumber: uniquePhone(), address: { ...LAGOS_ADDRESS } },
  };
}

/** A valid create-driver body with a fresh phone and licence, the licence valid for two years. */
export function driverBody(overrides: Record<string, unknown> = {}) {
  return {
    ...personBody(),
    licenceNumber: uniqueLicence(),
    licenceExpiresOn: lagosDate(730),
    ...overrides,
  } as CreateDriverInput & Record<string, unknown>;
}

/** A valid create-motor-boy body with a fresh phone. */
export function motorBoyBody(overrides: Record<string, unknown> = {}) {
  return { ...personBody(), firstName: 'Tunde', lastName: 'Bello', ...overrides } as CreateMotorBoyInput &
    Record<string, unknown>;
}

async function createViaApi<T>(t: TestApp, token: string, path: string, body: unknown, what: string) {
  const res = await call(t.app, 'POST', path, body, { token });
  if (res.status !== 201)
    throw new Error(`creating a ${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** Registers a truck as the transporter (or fleet manager) of `token`; fails the test on any non-201. */
export function createTruckViaApi(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  return createViaApi<Truck>(t, token, '/api/v1/fleet/trucks', truckBody(overrides), 'truck');
}

/** Registers a driver as the transporter (or fleet manager) of `token`; fails the test on any non-201. */
export function createDriverViaApi(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  return createViaApi<Driver>(t, token, '/api/v1/fleet/drivers', driverBody(overrides), 'driver');
}

/** Registers a motor boy as the transporter (or fleet manager) of `token`; fails the test on any non-201. */
export function createMotorBoyViaApi(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  return createViaApi<MotorBoy>(t, token, '/api/v1/fleet/motor-boys', motorBoyBody(overrides), 'motor boy');
}

/**
 * A fleet manager of `owner`'s company, created straight in the database (the invitation journey has its
 * own tests) and signed in through the API.
 */
export async function signedInFleetManagerOf(
  t: TestApp,
  owner: { company: { id: string } },
  name: { firstName?: string; lastName?: string } = {},
) {
  const email = uniqueEmail('fleet.manager');
  const user = await createUser(t.ctx.db, owner.company.id, {
    email,
    password: GOOD_PASSWORD,
    userType: 'FLEET_MANAGER',
    firstName: 'Bola',
    ...name,
  });
  const res = await call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user, email, accessToken: res.body.accessToken as string };
}

/** A truck of the company written straight to the database, where the fleet API is not the subject. */
export async function insertTruck(
  t: TestApp,
  companyId: string,
  overrides: Partial<typeof trucks.$inferInsert> = {},
) {
  const [truck] = await t.ctx.db
    .insert(trucks)
    .values({
      companyId,
      registrationNumber: uniquePlate(),
      make: 'MAN',
      model: 'TGS 33.400',
      year: 2019,
      type: 'CONTAINER_CHASSIS_40',
      capacityTenthTonnes: 305,
      ...overrides,
    })
    .returning();
  return truck!;
}

/** A motor boy of the company written straight to the database. */
export async function insertMotorBoy(t: TestApp, companyId: string) {
  const [motorBoy] = await t.ctx.db
    .insert(motorBoys)
    .values({ companyId, ...personBody() })
    .returning();
  return motorBoy!;
}

/** A driver (Musa Ibrahim) of the company written straight to the database. */
export async function insertDriver(t: TestApp, companyId: string) {
  const [driver] = await t.ctx.db
    .insert(drivers)
    .values({ companyId, ...personBody(), licenceNumber: uniqueLicence(), licenceExpiresOn: lagosDate(700) })
    .returning();
  return driver!;
}
