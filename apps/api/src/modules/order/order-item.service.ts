import type { OrderItem } from '@freightlane/domain';
import { toCargoLine } from '../../lib/cargo-line';
import type { listItemsWithTrips } from './order.repository';

type ItemRow = Awaited<ReturnType<typeof listItemsWithTrips>>[number];

/** A transporter looking at an order: its company and its bid on the order, if any. */
export interface TransporterViewer {
  companyId: string;
  bidId: string | null;
}

/**
 * An order item as every view shows it. A transporter sees only its own award and its own trips:
 * who won the other items, and their trips, belong to other transporters.
 */
export function toOrderItem({ item, liner, trip }: ItemRow, transporter?: TransporterViewer): OrderItem {
  const awardShown = item.awardedBidId !== null && (!transporter || item.awardedBidId === transporter.bidId);
  const tripShown = trip !== null && (!transporter || trip.transporterCompanyId === transporter.companyId);
  return {
    id: item.id,
    position: item.position,
    ...toCargoLine(item, liner),
    awardedBidId: awardShown ? item.awardedBidId : null,
    tripId: tripShown ? trip.id : null,
    tripNumber: tripShown ? trip.tripNumber : null,
  };
}
