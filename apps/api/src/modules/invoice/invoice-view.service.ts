import {
  CONTAINER_SIZE_LABELS,
  TRUCK_TYPE_LABELS,
  shownInvoiceStatus,
  type Address,
  type ContainerSize,
  type Invoice,
  type InvoiceCharge,
  type Payment,
  type TruckType,
} from '@freightlane/domain';
import type { ChargeRow } from './invoice-charge.repository';
import type { InvoiceRow } from './invoice.repository';

// An invoice and what hangs off it as the API answers them; shared by the list, the page and the PDF.

/** An invoice as the list and the page show it, with the status it shows at `now`. */
export function toInvoice(
  invoice: InvoiceRow,
  names: {
    tripNumber: string;
    orderNumber: string;
    customerName: string;
    transporterName: string;
    chargesAwaitingAnswer: number;
  },
  now: Date,
): Invoice {
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    trip: { id: invoice.tripId, tripNumber: names.tripNumber },
    orderNumber: names.orderNumber,
    customerName: names.customerName,
    transporterName: names.transporterName,
    haulageKobo: invoice.haulageKobo,
    chargesKobo: invoice.chargesKobo,
    vatKobo: invoice.vatKobo,
    amountKobo: invoice.amountKobo,
    chargesAwaitingAnswer: names.chargesAwaitingAnswer,
    status: shownInvoiceStatus(invoice.status, invoice.dueAt, now),
    dueAt: invoice.dueAt.toISOString(),
    paidAt: invoice.paidAt ? invoice.paidAt.toISOString() : null,
    createdAt: invoice.createdAt.toISOString(),
  };
}

/** A charge as the invoice page shows it, with the names of who proposed and who answered it. */
export function toCharge(row: {
  charge: ChargeRow;
  proposedBy: string | null;
  answeredBy: string | null;
}): InvoiceCharge {
  const { charge } = row;
  const waiting =
    charge.kind !== 'OTHER' &&
    charge.waitedMinutes !== null &&
    charge.freeHours !== null &&
    charge.chargeableHours !== null &&
    charge.rateKoboPerHour !== null
      ? {
          waitedMinutes: charge.waitedMinutes,
          freeHours: charge.freeHours,
          chargeableHours: charge.chargeableHours,
          rateKoboPerHour: charge.rateKoboPerHour,
        }
      : null;
  return {
    id: charge.id,
    kind: charge.kind,
    status: charge.status,
    amountKobo: charge.amountKobo,
    reason: charge.reason,
    waiting,
    disputeNote: charge.disputeNote,
    proposedBy: row.proposedBy,
    answeredBy: row.answeredBy,
    answeredAt: charge.answeredAt ? charge.answeredAt.toISOString() : null,
    createdAt: charge.createdAt.toISOString(),
    updatedAt: charge.updatedAt.toISOString(),
  };
}

export function toPayment(row: {
  id: string;
  method: Payment['method'];
  status: Payment['status'];
  reference: string;
  amountKobo: number;
  channel: string | null;
  paidAt: Date | null;
  note: string | null;
  createdAt: Date;
}): Payment {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    reference: row.reference,
    amountKobo: row.amountKobo,
    channel: row.channel,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A company's address on one line, for the invoice's two parties: "3 Trailer Park Road, Orile, Lagos, Lagos". */
export function addressText(address: Address | null): string {
  if (!address) return 'N/A';
  const parts = [address.street, address.neighborhood, address.lga, address.city, address.state]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '');
  // An LGA named like its city (Ikeja, Ikeja) reads once.
  return parts.filter((part, i) => part !== parts[i - 1]).join(', ');
}

/** What the trip carries, as one line: a container with its size and line, or a truck load. */
export function cargoLine(
  consignment: {
    containerNumber: string | null;
    containerSize: ContainerSize | null;
    description: string | null;
    quantity: number | null;
    weightKg: number | null;
    truckType: TruckType | null;
  },
  linerName: string | null,
): string {
  const parts = consignment.containerNumber
    ? [
        consignment.containerNumber,
        consignment.containerSize ? CONTAINER_SIZE_LABELS[consignment.containerSize] : null,
        linerName,
      ]
    : [
        consignment.description,
        consignment.quantity === null ? null : `quantity ${consignment.quantity}`,
        consignment.weightKg === null ? null : `${consignment.weightKg / 1000} t`,
        consignment.truckType ? TRUCK_TYPE_LABELS[consignment.truckType] : null,
      ];
  return parts.filter((part): part is string => part !== null && part !== '').join(' · ');
}
