import {
  driverSchema,
  lagosDateInDays,
  fleetManagerSchema,
  motorBoySchema,
  truckSchema,
  type Driver,
  type FleetManager,
  type MotorBoy,
  type Truck,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';

/** API answers for the fleet tests, parsed with the domain's response schemas. */

/** A Lagos calendar date `days` from today (negative: in the past). */
export function daysFromToday(days: number): string {
  return lagosDateInDays(days);
}

export const TRUCK_ID = '3f2a1c4e-7b6d-4e8f-9a0b-1c2d3e4f5a61';
export const DRIVER_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c12';
export const MOTOR_BOY_ID = '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d23';
export const MANAGER_ID = '7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e34';

const LAGOS_ADDRESS = {
  street: '12 Oba Akran Avenue',
  neighborhood: 'Ikeja Industrial Estate',
  lga: 'Ikeja',
  city: 'Ikeja',
  state: 'Lagos',
} as const;

export function truck(overrides: Partial<Truck> = {}): Truck {
  return apiFixture(truckSchema, {
    id: TRUCK_ID,
    registrationNumber: 'LSR 123 XY',
    make: 'MAN',
    model: 'TGS 33.400',
    year: 2019,
    type: 'CONTAINER_CHASSIS_40',
    capacityTonnes: 30.5,
    documents: {
      vehicleLicence: { number: 'VL-001122', expiresOn: daysFromToday(200) },
      roadWorthiness: { number: null, expiresOn: daysFromToday(150) },
      insurance: { number: 'INS-7788', expiresOn: daysFromToday(300) },
      hackneyPermit: { number: null, expiresOn: daysFromToday(120) },
    },
    active: true,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  });
}

const person = {
  phoneNumber: '+2348031234567',
  address: { ...LAGOS_ADDRESS },
  nextOfKin: { name: 'Adaeze Okafor', phoneNumber: '+2348051112222', relationship: 'Sister' },
  guarantor: { name: 'Chief Emeka Nwosu', phoneNumber: '+2348063334444', address: { ...LAGOS_ADDRESS } },
  active: true,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

export function driver(overrides: Partial<Driver> = {}): Driver {
  return apiFixture(driverSchema, {
    ...person,
    id: DRIVER_ID,
    firstName: 'Musa',
    lastName: 'Ibrahim',
    licenceNumber: 'LAG12345AA01',
    licenceExpiresOn: daysFromToday(400),
    hasPhoto: false,
    ...overrides,
  });
}

export function motorBoy(overrides: Partial<MotorBoy> = {}): MotorBoy {
  return apiFixture(motorBoySchema, {
    ...person,
    id: MOTOR_BOY_ID,
    firstName: 'Tunde',
    lastName: 'Bello',
    ...overrides,
  });
}

export function fleetManager(overrides: Partial<FleetManager> = {}): FleetManager {
  return apiFixture(fleetManagerSchema, {
    ...person,
    id: MANAGER_ID,
    firstName: 'Ngozi',
    lastName: 'Eze',
    email: 'ngozi@kano-haulage.ng',
    invitationStatus: 'PENDING',
    ...overrides,
  });
}
