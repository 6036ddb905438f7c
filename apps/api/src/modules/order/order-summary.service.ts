import type { OrderSummary } from '@freightlane/domain';
import { terminalsCarriedBy, toLocationView } from '../../lib/location-view';
import type { OrderRow } from '../../queries/order-rows.repository';

/**
 * Bidding is open while the order is OPEN and its closing time has not passed. Its SQL twin, for
 * filters, is biddingOpenSql in queries/order-rows.repository.ts.
 */
export function isBiddingOpen(order: { status: string; biddingClosesAt: Date }, now = new Date()): boolean {
  return order.status === 'OPEN' && order.biddingClosesAt.getTime() > now.getTime();
}

/** When the first of these orders whose bidding is open now closes (ms), or null when none is open. */
export function nextClosing(rows: { order: { status: string; biddingClosesAt: Date } }[], now = new Date()) {
  const open = rows.filter(({ order }) => isBiddingOpen(order, now));
  return open.length === 0 ? null : Math.min(...open.map(({ order }) => order.biddingClosesAt.getTime()));
}

/** Order rows as every order list shows them. */
export function toOrderSummaries(rows: OrderRow[]): OrderSummary[] {
  const terminalsById = terminalsCarriedBy(rows);
  const now = new Date();
  return rows.map(({ order, customerName, bidCount: bids }) => ({
    id: order.id,
    orderNumber: order.orderNumber,
    cargoType: order.cargoType,
    status: order.status,
    biddingOpen: isBiddingOpen(order, now),
    clientName: order.clientName,
    reference: order.reference,
    customerName,
    pickup: toLocationView(terminalsById, order.pickupTerminalId, order.pickupAddress),
    recipient: toLocationView(terminalsById, order.recipientTerminalId, order.recipientAddress),
    pickupDate: order.pickupDate,
    biddingClosesAt: order.biddingClosesAt.toISOString(),
    targetAmountKobo: order.targetAmountKobo,
    preferredPartnersOnly: order.preferredPartnersOnly,
    returnLoadsWelcome: order.returnLoadsWelcome,
    itemCount: order.itemCount,
    bidCount: Number(bids),
    createdAt: order.createdAt.toISOString(),
  }));
}
