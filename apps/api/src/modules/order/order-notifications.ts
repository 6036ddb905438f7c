import {
  CARGO_TYPE_LABELS,
  formatMoney,
  invoiceAmounts,
  lagosDateTimeText,
  lagosDayText,
  unitLabel,
  type CargoType,
} from '@freightlane/domain';
import type { NotificationEvent } from '../notification';

export interface NotifiedOrder {
  id: string;
  orderNumber: string;
  cargoType: CargoType;
  customerName: string;
}

function units(cargoType: CargoType, count: number): string {
  return `${count} ${unitLabel(cargoType, count !== 1)}`;
}

/** What the market hears of a new order: enough to decide whether to open it. */
export interface AnnouncedOrder {
  id: string;
  orderNumber: string;
  cargoType: CargoType;
  itemCount: number;
  pickupDate: string;
  biddingClosesAt: Date;
}

/** ORDER_OPEN_FOR_BIDS to the transporters who may bid on a new order. */
export function orderOpenedNotification(
  order: AnnouncedOrder,
  customerName: string | null,
  transporterCompanyIds: string[],
): NotificationEvent {
  const count = units(order.cargoType, order.itemCount);
  const cargo = CARGO_TYPE_LABELS[order.cargoType];
  const title = `${order.orderNumber}: open for bids, ${count} (${cargo})`;
  return {
    kind: 'ORDER_OPEN_FOR_BIDS',
    to: { companyIds: transporterCompanyIds },
    title,
    body: `Pickup ${lagosDayText(order.pickupDate)}; bidding closes ${lagosDateTimeText(order.biddingClosesAt)}.`,
    link: `/bids/orders/${order.id}`,
    key: `order-opened:${order.id}`,
    email: {
      subject: title,
      paragraphs: [
        `${customerName ?? 'A customer'} has placed order ${order.orderNumber}: ${count} (${cargo}), pickup ${lagosDayText(order.pickupDate)}.`,
        `Bidding closes ${lagosDateTimeText(order.biddingClosesAt)} (Lagos time).`,
      ],
      actionLabel: 'See the order and bid',
    },
  };
}

/**
 * BIDDING_CLOSED at the close of an order still open: the customer hears how many bids it has, and the
 * transporters whose bids are active that the customer is choosing.
 */
export function biddingClosedNotifications(
  order: { id: string; orderNumber: string; customerCompanyId: string },
  activeBidderCompanyIds: string[],
  closesAt: string,
): NotificationEvent[] {
  const count = activeBidderCompanyIds.length;
  const bids = `${count} ${count === 1 ? 'bid' : 'bids'}`;
  const title = `${order.orderNumber}: bidding closed with ${count > 0 ? bids : 'no bids'}`;
  const toCustomer: NotificationEvent = {
    kind: 'BIDDING_CLOSED',
    to: { companyIds: [order.customerCompanyId] },
    title,
    body:
      count > 0
        ? 'Compare the bids and award the order to a transporter.'
        : 'No transporter bid. You can place the order again with a later closing time.',
    link: `/orders/${order.id}`,
    key: `bidding-closed:${order.id}:${closesAt}`,
    email: {
      subject: title,
      paragraphs: [
        count > 0
          ? `Bidding on your order ${order.orderNumber} has closed with ${bids}. Compare them and award the order to a transporter.`
          : `Bidding on your order ${order.orderNumber} has closed and no transporter bid. You can place the order again with a later closing time.`,
      ],
      actionLabel: 'See the order',
    },
  };
  if (count === 0) return [toCustomer];
  return [
    toCustomer,
    {
      kind: 'BIDDING_CLOSED',
      to: { companyIds: [...new Set(activeBidderCompanyIds)] },
      title: `${order.orderNumber}: bidding closed`,
      body: 'The customer is choosing among the bids. You will hear whether yours won.',
      link: '/bids/history',
      key: `bidding-closed-bidders:${order.id}:${closesAt}`,
    },
  ];
}

/** The bidders of a cancelled order: their bids are closed. */
export function orderCancelledNotification(
  order: NotifiedOrder,
  reason: string,
  bidderCompanyIds: string[],
  actorUserId: string,
): NotificationEvent {
  const title = `${order.orderNumber}: cancelled by ${order.customerName}`;
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
  const title = `${order.orderNumber}: you won ${units(order.cargoType, count)}`;
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
  const title = `${order.orderNumber}: awarded to another transporter`;
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
      ? `${order.orderNumber}: invoice raised for ${award.tripNumbers[0]}`
      : `${order.orderNumber}: ${count} invoices raised`;
  return {
    kind: 'INVOICE_RAISED',
    to: { companyIds: [award.customerCompanyId, award.transporterCompanyId] },
    title,
    body: `${formatMoney(invoiceAmounts(award.amountKobo).totalKobo)} per ${unitLabel(order.cargoType)} with VAT, due ${lagosDayText(award.dueAt.toISOString())}.`,
    link: '/payments',
    key: `invoices-raised:${award.bidId}`,
  };
}
