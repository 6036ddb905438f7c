import type { Address, Guarantor, NextOfKin } from '@freightlane/domain';
import { AppError } from '../../errors';

/** What drivers, motor boys and fleet managers have in common on the wire. */
export interface PersonRecord {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  address: Address;
  nextOfKin: NextOfKin;
  guarantor: Guarantor;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function toPerson(row: PersonRecord) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    address: row.address,
    nextOfKin: row.nextOfKin,
    guarantor: row.guarantor,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A 409 that names the field at fault, so the form can mark it. */
export function duplicateField(field: string, message: string): AppError {
  return new AppError('CONFLICT', message, { errors: [{ field, message }] });
}
