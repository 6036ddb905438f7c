import {
  capacityTonnesField,
  driverStageSchemas,
  fleetManagerStageSchemas,
  guarantorInput,
  nextOfKinInput,
  TRUCK_DOCUMENT_KINDS,
  truckDocumentInput,
  truckStageSchemas,
  truckYearField,
  type Address,
  type Driver,
  type FleetManager,
  type Guarantor,
  type MotorBoy,
  type NextOfKin,
  type Truck,
  type TruckDocumentKind,
} from '@freightlane/domain';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { e164ToNational, nationalPhoneInput } from '../../lib/phone-input';
import type { FleetKey } from './text';

/**
 * The forms of the fleet wizards and edit sections: the domain's stage schemas, except that phones
 * are typed after the phone code, numbers arrive as text and an empty truck document is left out.
 */

/**
 * A number typed into a text box, checked by the domain's rule for it. The message for a missing number
 * is a catalog key: the schemas are built once, in no language, and StageForm says it in the app's.
 */
function typedNumber(schema: z.ZodType<number, number>, missing: FleetKey) {
  return z
    .string()
    .trim()
    .min(1, missing)
    .transform((value, ctx) => {
      const number = Number(value.replace(/,/g, ''));
      if (!Number.isFinite(number)) {
        ctx.addIssue({ code: 'custom', message: missing });
        return z.NEVER;
      }
      return number;
    })
    .pipe(schema);
}

/** A document with neither a number nor a date was not entered, which the API allows. */
const truckDocumentEntry = z
  .object({ number: z.string(), expiresOn: z.string() })
  .transform((entry): z.input<typeof truckDocumentInput> | undefined =>
    entry.number.trim() || entry.expiresOn.trim() ? entry : undefined,
  )
  .pipe(truckDocumentInput.optional());

export const truckDetailsForm = truckStageSchemas.details.extend({
  year: typedNumber(truckYearField, 'form.enterYear'),
  capacityTonnes: typedNumber(capacityTonnesField, 'form.enterCapacity'),
});

export const truckDocumentsForm = z.strictObject({
  documents: z.strictObject(
    Object.fromEntries(TRUCK_DOCUMENT_KINDS.map((kind) => [kind, truckDocumentEntry])) as Record<
      TruckDocumentKind,
      typeof truckDocumentEntry
    >,
  ),
});

export const personDetailsForm = driverStageSchemas.details.extend({ phoneNumber: nationalPhoneInput });
export const fleetManagerDetailsForm = fleetManagerStageSchemas.details.extend({
  phoneNumber: nationalPhoneInput,
});
export const licenceForm = driverStageSchemas.licence;
export const nextOfKinForm = z.strictObject({
  nextOfKin: nextOfKinInput.extend({ phoneNumber: nationalPhoneInput }),
});
export const guarantorForm = z.strictObject({
  guarantor: guarantorInput.extend({ phoneNumber: nationalPhoneInput }),
});

// ---------------------------------------------------------------------------------------------------------
// Form values: empty ones for a new record, filled ones for editing a section of a saved record.

/** The address as the form holds it: the state stays empty until one is chosen. */
export interface AddressValues {
  street: string;
  neighborhood: string;
  lga: string;
  city: string;
  state: string;
}

export function addressValues(address?: Address | null): AddressValues {
  return {
    street: address?.street ?? '',
    neighborhood: address?.neighborhood ?? '',
    lga: address?.lga ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
  };
}

export function truckDetailsValues(truck?: Truck): FieldValues {
  return {
    registrationNumber: truck?.registrationNumber ?? '',
    make: truck?.make ?? '',
    model: truck?.model ?? '',
    year: truck ? String(truck.year) : '',
    type: truck?.type ?? '',
    capacityTonnes: truck ? String(truck.capacityTonnes) : '',
  };
}

export function truckDocumentsValues(truck?: Truck): FieldValues {
  return {
    documents: Object.fromEntries(
      TRUCK_DOCUMENT_KINDS.map((kind) => {
        const document = truck?.documents[kind];
        return [kind, { number: document?.number ?? '', expiresOn: document?.expiresOn ?? '' }];
      }),
    ),
  };
}

interface PersonLike {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  address: Address;
}

export function personDetailsValues(person?: PersonLike): FieldValues {
  return {
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    phoneNumber: e164ToNational(person?.phoneNumber),
    address: addressValues(person?.address),
  };
}

/** A driver's details also carry the language the driver reads; null is English (Nigeria). */
export function driverDetailsValues(driver?: Driver): FieldValues {
  return { ...personDetailsValues(driver), language: driver?.language ?? null };
}

export function fleetManagerDetailsValues(manager?: FleetManager): FieldValues {
  const { firstName, lastName, phoneNumber, address } = personDetailsValues(manager);
  return { firstName, lastName, phoneNumber, email: manager?.email ?? '', address };
}

export function licenceValues(driver?: Driver): FieldValues {
  return { licenceNumber: driver?.licenceNumber ?? '', licenceExpiresOn: driver?.licenceExpiresOn ?? '' };
}

export function nextOfKinValues(person?: { nextOfKin: NextOfKin }): FieldValues {
  return {
    nextOfKin: {
      name: person?.nextOfKin.name ?? '',
      phoneNumber: e164ToNational(person?.nextOfKin.phoneNumber),
      relationship: person?.nextOfKin.relationship ?? '',
    },
  };
}

export function guarantorValues(person?: { guarantor: Guarantor }): FieldValues {
  return {
    guarantor: {
      name: person?.guarantor.name ?? '',
      phoneNumber: e164ToNational(person?.guarantor.phoneNumber),
      address: addressValues(person?.guarantor.address),
    },
  };
}

export type PersonRecord = Driver | MotorBoy | FleetManager;

/** "Musa Ibrahim", as a person is named in lists, headings and messages. */
export function fullName(person: Pick<PersonLike, 'firstName' | 'lastName'>): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
