import type { OrderItem } from '@freightlane/domain';
import type { listItemsWithTrips } from './order.repository';

type ItemRow = Awaited<ReturnType<typeof listItemsWithTrips>>[number];

/** A transporter looking at an order: its company and its bid on the order, if any. */
export interface TransporterViewer {
  companyId: string;
  bidId: string | null;
}

/**
 * An order item as every view shows it; weights are stored in kilograms, shown in tonnes. A
 * transporter sees only its own award and its own trips: who won the other items, and their trips,
 * belong to other transporters.
 */
export function toOrderItem({ item, liner, trip }: ItemRow, transporter?: TransporterViewer): OrderItem {
  const awardShown = item.awardedBidId !== null && (!transporter || item.awardedBidId === transporter.bidId);
  const tripShown = trip !== null && (!transporter || trip.transporterCompanyId === transporter.companyId);
  return {
    id: item.id,
    position: item.position,
    containerNumber: item.containerNumber,
    containerSize: item.containerSize,
    liner: liner?.id ? liner : null,
    deliveryOrderValidityDate: item.deliveryOrderValidityDate,
    description: item.description,
    quantity: item.quantity,
    weightTonnes: item.weightKg === null ? null : item.weightKg / 1000,
    truckType: item.truckType,
    awardedBidId: awardShown ? item.awardedBidId : null,
    tripId: tripShown ? trip.id : null,
    tripNumber: tripShown ? trip.tripNumber : null,
  };
}
