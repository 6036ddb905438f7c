import {
  DRIVER_WIZARD_STAGES,
  FLEET_MANAGER_WIZARD_STAGES,
  MOTOR_BOY_WIZARD_STAGES,
  TRUCK_WIZARD_STAGES,
} from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { worstTruckDocuments } from './components/fleet-badges';
import { errorsByStage, fieldErrorsOf } from './components/fleet-wizard';
import { ApiError } from '../../lib/api';
import {
  DRIVER_STAGES,
  FLEET_MANAGER_STAGES,
  MOTOR_BOY_STAGES,
  stageOfField,
  TRUCK_STAGES,
} from './fleet-stages';
import { daysFromToday, truck } from './test-fixtures';

describe('the fleet wizards', () => {
  it('have the domain’s stages in the domain’s order', () => {
    expect(TRUCK_STAGES.map((s) => s.key)).toEqual([...TRUCK_WIZARD_STAGES]);
    expect(DRIVER_STAGES.map((s) => s.key)).toEqual([...DRIVER_WIZARD_STAGES]);
    expect(MOTOR_BOY_STAGES.map((s) => s.key)).toEqual([...MOTOR_BOY_WIZARD_STAGES]);
    expect(FLEET_MANAGER_STAGES.map((s) => s.key)).toEqual([...FLEET_MANAGER_WIZARD_STAGES]);
  });

  it('send a server field to the stage that holds it', () => {
    expect(stageOfField(DRIVER_STAGES, 'guarantor.address.lga')?.key).toBe('guarantor');
    expect(stageOfField(DRIVER_STAGES, 'licenceExpiresOn')?.key).toBe('licence');
    expect(stageOfField(FLEET_MANAGER_STAGES, 'email')?.key).toBe('details');
    expect(stageOfField(TRUCK_STAGES, 'documents.insurance.expiresOn')?.key).toBe('documents');
    expect(stageOfField(TRUCK_STAGES, 'somethingElse')).toBeNull();

    const refused = new ApiError(400, 'Check the fields', 'BAD_REQUEST', [
      { field: 'guarantor.phoneNumber', message: 'Enter a Nigerian phone number' },
      { field: 'nextOfKin.name', message: 'Next of kin name is required' },
    ]);
    const { byStage, first } = errorsByStage(DRIVER_STAGES, fieldErrorsOf(refused));
    expect(first).toBe(2);
    expect(Object.keys(byStage).sort()).toEqual(['guarantor', 'nextOfKin']);
  });

  it('put a 409 without a field under the duplicate field', () => {
    const duplicate = new ApiError(409, 'Already in your fleet', 'CONFLICT');
    expect(fieldErrorsOf(duplicate, 'registrationNumber')).toEqual([
      { field: 'registrationNumber', message: 'Already in your fleet' },
    ]);
    expect(fieldErrorsOf(new ApiError(500, 'Down'), 'registrationNumber')).toEqual([]);
  });

  it('check a truck’s documents: an empty one is left out, a half-filled one is refused', () => {
    const documents = TRUCK_STAGES[1]!.schema;
    const empty = { number: '', expiresOn: '' };
    const expiresOn = daysFromToday(90);
    expect(
      documents.parse({
        documents: {
          vehicleLicence: { number: ' VL-1 ', expiresOn },
          roadWorthiness: empty,
          insurance: empty,
          hackneyPermit: { number: '', expiresOn },
        },
      }),
    ).toEqual({ documents: { vehicleLicence: { number: 'VL-1', expiresOn }, hackneyPermit: { expiresOn } } });
    const half = documents.safeParse({
      documents: {
        vehicleLicence: { number: 'VL-1', expiresOn: '' },
        roadWorthiness: empty,
        insurance: empty,
        hackneyPermit: empty,
      },
    });
    expect(half.success).toBe(false);
    expect(half.error?.issues[0]?.path).toEqual(['documents', 'vehicleLicence', 'expiresOn']);
  });
});

describe('a truck’s documents in one badge', () => {
  it('names the documents in the worst state', () => {
    const now = new Date();
    expect(worstTruckDocuments(truck(), now)).toEqual({
      status: 'VALID',
      documents: ['vehicleLicence', 'roadWorthiness', 'insurance', 'hackneyPermit'],
    });
    const mixed = truck({
      documents: {
        vehicleLicence: { number: null, expiresOn: daysFromToday(5) },
        roadWorthiness: null,
        insurance: { number: null, expiresOn: daysFromToday(40) },
        hackneyPermit: { number: null, expiresOn: daysFromToday(0) },
      },
    });
    expect(worstTruckDocuments(mixed, now)).toEqual({
      status: 'EXPIRING',
      documents: ['vehicleLicence', 'hackneyPermit'],
    });
  });
});
