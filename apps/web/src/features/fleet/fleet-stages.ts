import {
  driverStageSchemas,
  fleetManagerStageSchemas,
  motorBoyStageSchemas,
  truckStageSchemas,
  type Driver,
  type FleetManager,
  type MotorBoy,
  type Truck,
} from '@freightlane/domain';
import type { ComponentType } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import {
  DriverDetailsFields,
  GuarantorFields,
  LicenceFields,
  ManagerDetailsFields,
  NextOfKinFields,
  PersonDetailsFields,
  TruckDetailsFields,
  TruckDocumentsFields,
} from './components/stage-fields';
import {
  driverDetailsValues,
  fleetManagerDetailsForm,
  fleetManagerDetailsValues,
  guarantorForm,
  guarantorValues,
  licenceForm,
  licenceValues,
  nextOfKinForm,
  nextOfKinValues,
  personDetailsForm,
  personDetailsValues,
  truckDetailsForm,
  truckDetailsValues,
  truckDocumentsForm,
  truckDocumentsValues,
} from './fleet-forms';
import type { FleetKey } from './text';

/** One stage of a creation wizard, which is also one section of the record's edit page. */
export interface FleetStage<R> {
  key: string;
  /** Its name and what it asks for, as keys of the fleet's catalog. */
  label: FleetKey;
  hint: FleetKey;
  /** The form's schema: the domain's stage schema with phones and numbers as typed. */
  schema: z.ZodType<FieldValues, FieldValues>;
  /** The request's top-level fields this stage holds, so a server error leads back to its stage. */
  fields: readonly string[];
  /** The form's values: empty for a new record, the saved ones when editing. */
  values: (record?: R) => FieldValues;
  Fields: ComponentType;
}

const keysOf = (schema: { shape: object }) => Object.keys(schema.shape);
const form = (schema: z.ZodType) => schema as unknown as z.ZodType<FieldValues, FieldValues>;

function nextOfKinStage<R extends Parameters<typeof nextOfKinValues>[0]>(
  fields: readonly string[],
): FleetStage<R> {
  return {
    key: 'nextOfKin',
    label: 'stage.nextOfKin',
    hint: 'stage.nextOfKinHint',
    schema: form(nextOfKinForm),
    fields,
    values: nextOfKinValues,
    Fields: NextOfKinFields,
  };
}

function guarantorStage<R extends Parameters<typeof guarantorValues>[0]>(
  fields: readonly string[],
): FleetStage<R> {
  return {
    key: 'guarantor',
    label: 'stage.guarantor',
    hint: 'stage.guarantorHint',
    schema: form(guarantorForm),
    fields,
    values: guarantorValues,
    Fields: GuarantorFields,
  };
}

export const TRUCK_STAGES: FleetStage<Truck>[] = [
  {
    key: 'details',
    label: 'stage.details',
    hint: 'stage.truckDetailsHint',
    schema: form(truckDetailsForm),
    fields: keysOf(truckStageSchemas.details),
    values: truckDetailsValues,
    Fields: TruckDetailsFields,
  },
  {
    key: 'documents',
    label: 'stage.documents',
    hint: 'stage.truckDocumentsHint',
    schema: form(truckDocumentsForm),
    fields: keysOf(truckStageSchemas.documents),
    values: truckDocumentsValues,
    Fields: TruckDocumentsFields,
  },
];

const personDetailsStage = <R extends Parameters<typeof personDetailsValues>[0]>(
  fields: readonly string[],
): FleetStage<R> => ({
  key: 'details',
  label: 'stage.details',
  hint: 'stage.personDetailsHint',
  schema: form(personDetailsForm),
  fields,
  values: personDetailsValues,
  Fields: PersonDetailsFields,
});

export const DRIVER_STAGES: FleetStage<Driver>[] = [
  {
    ...personDetailsStage<Driver>(keysOf(driverStageSchemas.details)),
    hint: 'stage.driverDetailsHint',
    values: driverDetailsValues,
    Fields: DriverDetailsFields,
  },
  {
    key: 'licence',
    label: 'stage.licence',
    hint: 'stage.licenceHint',
    schema: form(licenceForm),
    fields: keysOf(driverStageSchemas.licence),
    values: licenceValues,
    Fields: LicenceFields,
  },
  nextOfKinStage(keysOf(driverStageSchemas.nextOfKin)),
  guarantorStage(keysOf(driverStageSchemas.guarantor)),
];

export const MOTOR_BOY_STAGES: FleetStage<MotorBoy>[] = [
  personDetailsStage(keysOf(motorBoyStageSchemas.details)),
  nextOfKinStage(keysOf(motorBoyStageSchemas.nextOfKin)),
  guarantorStage(keysOf(motorBoyStageSchemas.guarantor)),
];

export const FLEET_MANAGER_STAGES: FleetStage<FleetManager>[] = [
  {
    key: 'details',
    label: 'stage.details',
    hint: 'stage.managerDetailsHint',
    schema: form(fleetManagerDetailsForm),
    fields: keysOf(fleetManagerStageSchemas.details),
    values: fleetManagerDetailsValues,
    Fields: ManagerDetailsFields,
  },
  nextOfKinStage(keysOf(fleetManagerStageSchemas.nextOfKin)),
  guarantorStage(keysOf(fleetManagerStageSchemas.guarantor)),
];

/** The stage holding a request field such as `guarantor.address.lga`, or null when none does. */
export function stageOfField<R>(stages: readonly FleetStage<R>[], field: string): FleetStage<R> | null {
  const top = field.split('.')[0] ?? field;
  return stages.find((stage) => stage.fields.includes(top)) ?? null;
}
