import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  capacityTonnesField,
  createDriverRequest,
  createMotorBoyRequest,
  createTruckRequest,
  DRIVER_WIZARD_STAGES,
  driverStageSchemas,
  expiringWithin,
  fleetListQuery,
  fleetManagerStageSchemas,
  inviteFleetManagerRequest,
  licenceNumberField,
  maxTruckYear,
  motorBoyStageSchemas,
  nextWizardStage,
  registrationNumberField,
  truckStageSchemas,
  TRUCK_WIZARD_STAGES,
  truckYearField,
  updateDriverRequest,
  updateTruckRequest,
} from './fleet';

const fields = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};
const messages = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

const address = { street: '12 Creek Road', lga: 'Apapa', city: 'Apapa', state: 'Lagos' };
const truckDetails = {
  registrationNumber: 'lsr-123xy',
  make: 'MAN',
  model: 'TGS 33.400',
  year: 2019,
  type: 'CONTAINER_CHASSIS_40',
  capacityTonnes: 30.5,
};
const personDetails = {
  firstName: 'Chinedu',
  lastName: 'Okafor',
  phoneNumber: '+2348031234567',
  address,
};
const nextOfKin = { name: 'Ngozi Okafor', phoneNumber: '+2348059876543', relationship: 'Wife' };
const guarantor = { name: 'Emeka Nwosu', phoneNumber: '+2347061234567', address };
const licence = { licenceNumber: 'lag 12345 aa01', licenceExpiresOn: '2027-03-31' };

describe('registration numbers', () => {
  it.each(['LSR 123 XY', 'lsr123xy', 'LSR-123XY', 'lsr-123-xy', '  Lsr 123xy '])('normalises %j', (plate) => {
    expect(registrationNumberField.parse(plate)).toBe('LSR 123 XY');
  });

  it('normalises the dashed form too', () => {
    expect(registrationNumberField.parse('ABC-123DE')).toBe('ABC 123 DE');
  });

  it.each([
    'LS 123 XY',
    'LSR 12 XY',
    'LSR 1234 XY',
    'LSR 123 X',
    '123 LSR XY',
    'LSR  123 XY',
    'LSR_123_XY',
    '',
  ])('refuses %j', (plate) => {
    expect(messages(registrationNumberField, plate)).toEqual([
      'Enter the plate as 3 letters, 3 digits and 2 letters, e.g. LSR 123 XY',
    ]);
  });
});

describe('driver licence numbers', () => {
  it('normalises to upper case without separators', () => {
    expect(licenceNumberField.parse('lag 12345 aa01')).toBe('LAG12345AA01');
    expect(licenceNumberField.parse('kjt-12345')).toBe('KJT12345');
    expect(licenceNumberField.parse('ABC123456789012')).toBe('ABC123456789012');
  });

  it.each(['AB123456', 'LAG1234', 'LAG1234567890123', '123ABCDEF', 'LAG12345/01', ''])(
    'refuses %j',
    (value) => {
      expect(fields(licenceNumberField, value)).toEqual(['']);
    },
  );
});

describe('truck year and capacity', () => {
  it('accepts 1970 through next year', () => {
    const next = maxTruckYear();
    expect(next).toBe(Number(new Date(Date.now() + 3_600_000).toISOString().slice(0, 4)) + 1);
    expect(truckYearField.parse(1970)).toBe(1970);
    expect(truckYearField.parse(next)).toBe(next);
    expect(messages(truckYearField, 1969)).toEqual(['Year must be 1970 or later']);
    expect(messages(truckYearField, next + 1)).toEqual([`Year must be ${next} or earlier`]);
    expect(messages(truckYearField, 2019.5)).toEqual(['Year is a whole number']);
  });

  it('takes the year from the Lagos calendar', () => {
    expect(maxTruckYear(new Date('2025-12-31T23:30:00Z'))).toBe(2027);
    expect(maxTruckYear(new Date('2025-12-31T22:30:00Z'))).toBe(2026);
  });

  it('allows at most one decimal within 0 < x <= 100', () => {
    for (const ok of [0.1, 1.1, 30.5, 33.3, 100]) expect(capacityTonnesField.parse(ok)).toBe(ok);
    expect(messages(capacityTonnesField, 30.25)).toEqual(['Capacity has at most 1 decimal']);
    expect(messages(capacityTonnesField, 0)).toEqual(['Capacity must be more than 0 tonnes']);
    expect(messages(capacityTonnesField, 100.1)).toEqual(['Capacity is at most 100 tonnes']);
    expect(messages(capacityTonnesField, '30')).toEqual(['Enter the capacity in tonnes']);
  });
});

describe('truck wizard', () => {
  it('has details then documents', () => {
    expect(TRUCK_WIZARD_STAGES).toEqual(['details', 'documents']);
    expect(Object.keys(truckStageSchemas)).toEqual([...TRUCK_WIZARD_STAGES]);
  });

  it('checks the details stage', () => {
    expect(truckStageSchemas.details.parse(truckDetails)).toMatchObject({ registrationNumber: 'LSR 123 XY' });
    expect(
      fields(truckStageSchemas.details, { ...truckDetails, make: ' ', type: 'LORRY', capacityTonnes: -1 }),
    ).toEqual(['make', 'type', 'capacityTonnes']);
    expect(fields(truckStageSchemas.details, { ...truckDetails, colour: 'red' })).toEqual(['']);
  });

  it('checks the documents stage, every document optional', () => {
    expect(truckStageSchemas.documents.parse({})).toEqual({});
    expect(truckStageSchemas.documents.parse({ documents: {} })).toEqual({ documents: {} });
    const parsed = truckStageSchemas.documents.parse({
      documents: {
        insurance: { number: ' ', expiresOn: '2026-09-30' },
        hackneyPermit: { expiresOn: '2026-01-31' },
      },
    });
    expect(parsed.documents?.insurance).toEqual({ number: undefined, expiresOn: '2026-09-30' });
    expect(
      fields(truckStageSchemas.documents, {
        documents: { roadWorthiness: { number: 'RW-1', expiresOn: '30/09/2026' }, insurance: {}, permit: {} },
      }),
    ).toEqual(['documents.roadWorthiness.expiresOn', 'documents.insurance.expiresOn', 'documents']);
  });

  it('creates from the merged stages and updates any subset', () => {
    const truck = createTruckRequest.parse({
      ...truckDetails,
      documents: { vehicleLicence: { number: 'VL-778', expiresOn: '2026-12-31' } },
    });
    expect(truck).toMatchObject({
      registrationNumber: 'LSR 123 XY',
      documents: { vehicleLicence: { number: 'VL-778', expiresOn: '2026-12-31' } },
    });
    expect(fields(createTruckRequest, { documents: {} })).toEqual([
      'registrationNumber',
      'make',
      'model',
      'year',
      'type',
      'capacityTonnes',
    ]);
    expect(updateTruckRequest.parse({ capacityTonnes: 20 })).toEqual({ capacityTonnes: 20 });
    expect(fields(updateTruckRequest, { registrationNumber: 'XX' })).toEqual(['registrationNumber']);
  });
});

describe('driver wizard', () => {
  it('has details, licence, next of kin and guarantor stages', () => {
    expect(DRIVER_WIZARD_STAGES).toEqual(['details', 'licence', 'nextOfKin', 'guarantor']);
    expect(Object.keys(driverStageSchemas)).toEqual([...DRIVER_WIZARD_STAGES]);
    expect(nextWizardStage(DRIVER_WIZARD_STAGES, 'details')).toBe('licence');
    expect(nextWizardStage(DRIVER_WIZARD_STAGES, 'nextOfKin')).toBe('guarantor');
    expect(nextWizardStage(DRIVER_WIZARD_STAGES, 'guarantor')).toBeNull();
  });

  it('checks the details stage', () => {
    expect(driverStageSchemas.details.parse(personDetails)).toMatchObject({ address: { neighborhood: '' } });
    expect(
      fields(driverStageSchemas.details, {
        ...personDetails,
        firstName: '',
        phoneNumber: '08031234567',
        address: { ...address, lga: 'Kano Municipal' },
      }),
    ).toEqual(['firstName', 'phoneNumber', 'address.lga']);
  });

  it('checks the licence stage', () => {
    expect(driverStageSchemas.licence.parse(licence)).toEqual({
      licenceNumber: 'LAG12345AA01',
      licenceExpiresOn: '2027-03-31',
    });
    expect(
      fields(driverStageSchemas.licence, { licenceNumber: 'X1', licenceExpiresOn: '2027-02-30' }),
    ).toEqual(['licenceNumber', 'licenceExpiresOn']);
  });

  it('checks the next of kin stage', () => {
    expect(driverStageSchemas.nextOfKin.parse({ nextOfKin })).toEqual({ nextOfKin });
    expect(
      fields(driverStageSchemas.nextOfKin, {
        nextOfKin: { name: '', phoneNumber: '123', relationship: ' ' },
      }),
    ).toEqual(['nextOfKin.name', 'nextOfKin.phoneNumber', 'nextOfKin.relationship']);
    expect(fields(driverStageSchemas.nextOfKin, {})).toEqual(['nextOfKin']);
  });

  it('checks the guarantor stage', () => {
    expect(driverStageSchemas.guarantor.parse({ guarantor }).guarantor.address.state).toBe('Lagos');
    expect(
      fields(driverStageSchemas.guarantor, {
        guarantor: { ...guarantor, phoneNumber: '', address: { ...address, state: 'Lagos State' } },
      }),
    ).toEqual(['guarantor.phoneNumber', 'guarantor.address.state']);
  });

  it('creates from all four stages', () => {
    const driver = createDriverRequest.parse({ ...personDetails, ...licence, nextOfKin, guarantor });
    expect(driver).toMatchObject({
      firstName: 'Chinedu',
      licenceNumber: 'LAG12345AA01',
      nextOfKin,
      guarantor,
    });
    expect(fields(createDriverRequest, { ...personDetails, ...licence, nextOfKin })).toEqual(['guarantor']);
    expect(
      fields(createDriverRequest, { ...personDetails, ...licence, nextOfKin, guarantor, photo: 'x' }),
    ).toEqual(['']);
    expect(updateDriverRequest.parse({ licenceExpiresOn: '2028-01-01' })).toEqual({
      licenceExpiresOn: '2028-01-01',
    });
  });
});

describe('motor boy and fleet manager wizards', () => {
  it('creates a motor boy without a licence', () => {
    expect(Object.keys(motorBoyStageSchemas)).toEqual(['details', 'nextOfKin', 'guarantor']);
    expect(createMotorBoyRequest.parse({ ...personDetails, nextOfKin, guarantor })).toMatchObject({
      lastName: 'Okafor',
    });
    expect(fields(createMotorBoyRequest, { ...personDetails, ...licence, nextOfKin, guarantor })).toEqual([
      '',
    ]);
  });

  it('invites a fleet manager with an email', () => {
    expect(Object.keys(fleetManagerStageSchemas)).toEqual(['details', 'nextOfKin', 'guarantor']);
    expect(fields(fleetManagerStageSchemas.details, { ...personDetails, email: 'not-an-email' })).toEqual([
      'email',
    ]);
    const invite = inviteFleetManagerRequest.parse({
      ...personDetails,
      email: ' Ada@Example.NG ',
      nextOfKin,
      guarantor,
    });
    expect(invite.email).toBe('ada@example.ng');
    expect(fields(inviteFleetManagerRequest, { ...personDetails, nextOfKin, guarantor })).toEqual(['email']);
  });
});

describe('fleetListQuery', () => {
  it('reads page, search text and the active filter from a query string', () => {
    expect(fleetListQuery.parse({ q: ' okafor ', active: 'false' })).toEqual({
      page: 0,
      size: 20,
      q: 'okafor',
      active: false,
    });
    expect(fleetListQuery.parse({ q: '' })).toEqual({ page: 0, size: 20, q: undefined });
    expect(fields(fleetListQuery, { active: 'maybe' })).toEqual(['active']);
  });
});

describe('expiringWithin', () => {
  // 10:00 in Lagos on 1 June 2026.
  const now = new Date('2026-06-01T09:00:00Z');

  it('flags documents by days left', () => {
    expect(expiringWithin('2026-06-01', 30, now)).toBe('EXPIRING');
    expect(expiringWithin('2026-07-01', 30, now)).toBe('EXPIRING');
    expect(expiringWithin('2026-07-02', 30, now)).toBe('VALID');
    expect(expiringWithin('2026-05-31', 30, now)).toBe('EXPIRED');
    expect(expiringWithin('2020-01-01', 30, now)).toBe('EXPIRED');
    expect(expiringWithin(null, 30, now)).toBe('MISSING');
    expect(expiringWithin('', 30, now)).toBe('MISSING');
    expect(expiringWithin('soon', 30, now)).toBe('MISSING');
  });

  it('defaults to a 30-day warning', () => {
    expect(expiringWithin('2026-07-01', undefined, now)).toBe('EXPIRING');
    expect(expiringWithin('2026-07-02', undefined, now)).toBe('VALID');
    expect(expiringWithin('2026-06-08', 7, now)).toBe('EXPIRING');
    expect(expiringWithin('2026-06-09', 7, now)).toBe('VALID');
  });

  it('counts days on the Lagos calendar', () => {
    // 23:30 UTC on 31 May is already 1 June in Lagos.
    const lateUtc = new Date('2026-05-31T23:30:00Z');
    expect(expiringWithin('2026-05-31', 30, lateUtc)).toBe('EXPIRED');
    expect(expiringWithin('2026-07-01', 30, lateUtc)).toBe('EXPIRING');
    expect(expiringWithin('2026-07-02', 30, lateUtc)).toBe('VALID');
  });
});
