import type { Role } from '@freightlane/domain';
import type { ReactNode } from 'react';
import type { DataColumn } from './data-table';
import { useComponentsText } from './text';

/** A column naming a party to a trip or an invoice: the customer or the transporter. */
export interface Party<T> {
  /** Which party, for the column's key. */
  side: 'customer' | 'transporter';
  label: ReactNode;
  of: (row: T) => string;
}

// The names are elements that say themselves in the app's language, so partiesFor stays a plain function.
function CustomerLabel() {
  return useComponentsText()('parties.customer');
}

function TransporterLabel() {
  return useComponentsText()('parties.transporter');
}

/** A customer sees who carries its cargo, a transporter whose cargo it carries, an admin both. */
export function partiesFor<T extends { customerName: string; transporterName: string }>(
  role: Role | null,
): Party<T>[] {
  const customer: Party<T> = { side: 'customer', label: <CustomerLabel />, of: (row) => row.customerName };
  const transporter: Party<T> = {
    side: 'transporter',
    label: <TransporterLabel />,
    of: (row) => row.transporterName,
  };
  if (role === 'role_customer') return [transporter];
  if (role === 'role_admin') return [customer, transporter];
  return [customer];
}

/** The parties as columns of a DataTable. */
export function partyColumns<T>(parties: Party<T>[]): DataColumn<T>[] {
  return parties.map((party) => ({ key: `party-${party.side}`, header: party.label, cell: party.of }));
}
