import {
  CARGO_TYPE_LABELS,
  formatMoney,
  invoiceAmounts,
  lagosDayText,
  unitLabel,
  type CargoType,
} from '@freightlane/domain';
import type { NotificationEvent } from '../notification/notification.service';

export interface NotifiedOrder {
  id: string;
  orderNumber: string;
  cargoType: CargoType;
  customerName: string;
}

function units(cargoType: CargoType, count: number): string {
  return `${count} ${unitLabel(cargoType, count !== 1)}`;
}

/** The bidders of a cancelled order: their bids are closed. */
export function orderCancelledNotification(
  order: NotifiedOrder,
  reason: string,
  bidderCompanyIds: string[],
  actorUserId: string,
): NotificationEvent {
  const title = `Order ${order.orderNumber} was cancelled`;
  return {
    kind: 'BID_LOST',
    to: { companyIds: bidderCompanyIds },
    actorUserId,
    title,
    body: `${order.customerName} cancelled the order you bid on. Reason: ${reason}`,
    link: '/bids',
    key: `order-cancelled:${order.id}`,
    email: {
      subject: title,
      paragraphs: [
        `${order.customerName} has cancelled order ${order.orderNumber} (${CARGO_TYPE_LABELS[order.cargoType]}), which you bid on. Your bid is closed and nothing is owed either way.`,
        `Reason given: ${reason}`,
      ],
      actionLabel: 'Find other jobs',
    },
  };
}

export function bidWonNotification(
  order: NotifiedOrder,
  award: { bidId: string; transporterCompanyId: string; tripNumbers: string[]; amountKobo: number },
  actorUserId: string,
): NotificationEvent {
  const count = award.tripNumbers.length;
  const title = `You won ${units(order.cargoType, count)} on order ${order.orderNumber}`;
  return {
    kind: 'BID_WON',
    to: { companyIds: [award.transporterCompanyId] },
    actorUserId,
    title,
    body: `${order.customerName} chose your bid of ${formatMoney(award.amountKobo)} per ${unitLabel(order.cargoType)}. Trips: ${award.tripNumbers.join(', ')}.`,
    link: '/bids/won',
    key: `bid-won:${award.bidId}`,
    email: {
      subject: title,
      paragraphs: [
        `${order.customerName} has chosen your bid on order ${order.orderNumber} (${CARGO_TYPE_LABELS[order.cargoType]}) for ${units(order.cargoType, count)}.`,
        `Trips: ${award.tripNumbers.join(', ')}.`,
        `Price: ${formatMoney(award.amountKobo)} per ${unitLabel(order.cargoType)}, ${formatMoney(award.amountKobo * count)} in all.`,
        'Assign a truck, driver and motor boy to each trip before the pickup date.',
      ],
      actionLabel: 'See your won trips',
    },
  };
}

export function bidLostNotification(
  order: NotifiedOrder,
  bid: { id: string; transporterCompanyId: string; amountKobo: number },
  actorUserId: string,
): NotificationEvent {
  const title = `Order ${order.orderNumber} went to another transporter`;
  return {
    kind: 'BID_LOST',
    to: { companyIds: [bid.transporterCompanyId] },
    actorUserId,
    title,
    body: `Your bid of ${formatMoney(bid.amountKobo)} was not chosen this time.`,
    link: '/bids',
    key: `bid-lost:${bid.id}`,
    email: {
      subject: title,
      paragraphs: [
        `Thank you for bidding ${formatMoney(bid.amountKobo)} on order ${order.orderNumber} (${CARGO_TYPE_LABELS[order.cargoType]}) for ${order.customerName}. Your bid was not chosen this time.`,
        'New orders are posted every day.',
      ],
      actionLabel: 'Find other jobs',
    },
  };
}

/** An invoice per trip raised at award, told to both sides. */
export function invoicesRaisedNotification(
  order: NotifiedOrder,
  award: {
    bidId: string;
    transporterCompanyId: string;
    customerCompanyId: string;
    tripNumbers: string[];
    amountKobo: number;
    dueAt: Date;
  },
): NotificationEvent {
  const count = award.tripNumbers.length;
  const title =
    count === 1
      ? `Invoice raised for ${award.tripNumbers[0]}`
      : `${count} invoices raised on order ${order.orderNumber}`;
  return {
    kind: 'INVOICE_RAISED',
    to: { companyIds: [award.customerCompanyId, award.transporterCompanyId] },
    title,
    body: `${formatMoney(invoiceAmounts(award.amountKobo).totalKobo)} per ${unitLabel(order.cargoType)} with VAT, due ${lagosDayText(award.dueAt.toISOString())}.`,
    link: '/payments',
    key: `invoices-raised:${award.bidId}`,
  };
}
