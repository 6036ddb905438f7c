import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Address, Guarantor, NextOfKin } from '@freightlane/domain';
import { AppError } from '../../errors';
import { containsPattern } from '../../lib/search';
import { containsAnySql } from './fleet-filters';

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

/**
 * Matches a person by full name, by phone however it is typed (0803…, 803…, +234 803…; phones are stored
 * +234…), or by any of `extra` columns.
 */
export function personSearchSql(
  q: string,
  person: { firstName: AnyColumn; lastName: AnyColumn; phoneNumber: AnyColumn },
  extra: AnyColumn[] = [],
): SQL {
  const fullName = sql`(${person.firstName} || ' ' || ${person.lastName})`;
  const terms: SQL[] = [containsAnySql(q, [fullName, person.phoneNumber, ...extra])];
  const digits = q.replace(/[\s\-().+]/g, '');
  if (/^\d{3,}$/.test(digits)) {
    const national = digits.replace(/^(234)?0?/, '');
    if (national) terms.push(sql`${person.phoneNumber} LIKE ${containsPattern(national)}`);
  }
  return sql`(${sql.join(terms, sql` OR `)})`;
}
