import type { Role } from '@freightlane/domain';
import type { DataColumn } from './data-table';

/** A column naming a party to a trip or an invoice: the customer or the transporter. */
export interface Party<T> {
  label: string;
  of: (row: T) => string;
}

/** A customer sees who carries its cargo, a transporter whose cargo it carries, an admin both. */
export function partiesFor<T extends { customerName: string; transporterName: string }>(
  role: Role | null,
): Party<T>[] {
  const customer: Party<T> = { label: 'Customer', of: (row) => row.customerName };
  const transporter: Party<T> = { label: 'Transporter', of: (row) => row.transporterName };
  if (role === 'role_customer') return [transporter];
  if (role === 'role_admin') return [customer, transporter];
  return [customer];
}

/** The parties as columns of a DataTable. */
export function partyColumns<T>(parties: Party<T>[]): DataColumn<T>[] {
  return parties.map((party) => ({ key: `party-${party.label}`, header: party.label, cell: party.of }));
}
