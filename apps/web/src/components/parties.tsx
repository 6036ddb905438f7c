import { Table, Text } from '@mantine/core';
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

/** The parties' column headers of a table. */
export function PartyHeaders<T>({ parties }: { parties: Party<T>[] }) {
  return parties.map((party) => (
    <Table.Th scope="col" key={party.label}>
      {party.label}
    </Table.Th>
  ));
}

/** The parties' cells of a table row. */
export function PartyCells<T>({ parties, row }: { parties: Party<T>[]; row: T }) {
  return parties.map((party) => (
    <Table.Td key={party.label}>
      <Text size="sm">{party.of(row)}</Text>
    </Table.Td>
  ));
}

/** The parties on one line, for a card: "Transporter: Kano Haulage Ltd". */
export function partiesText<T>(parties: Party<T>[], row: T): string {
  return parties.map((party) => `${party.label}: ${party.of(row)}`).join(' · ');
}

/** The parties as columns of a DataTable. */
export function partyColumns<T>(parties: Party<T>[]): DataColumn<T>[] {
  return parties.map((party) => ({ key: `party-${party.label}`, header: party.label, cell: party.of }));
}
