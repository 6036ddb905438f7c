import { invoiceAmounts, isContainerCargo, type CargoType } from '@freightlane/domain';
import {
  dateTimeValue,
  dayValue,
  nairaValue,
  type NotificationEvent,
  type NotificationMessage,
} from '../notification';

export interface NotifiedOrder {
  id: string;
  orderNumber: string;
  cargoType: CargoType;
  customerName: string;
}

/** What an order's cargo is counted in, for the catalog's words: containers or truck loads. */
function unitOf(cargoType: CargoType): 'container' | 'truckLoad' {
  return isContainerCargo(cargoType) ? 'container' : 'truckLoad';
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
  const values = {
    orderNumber: order.orderNumber,
    count: order.itemCount,
    unit: unitOf(order.cargoType),
    cargo: order.cargoType,
    pickup: dayValue(order.pickupDate),
    closes: dateTimeValue(order.biddingClosesAt),
  };
  const title: NotificationMessage = { key: 'orderOpened.title', values };
  return {
    kind: 'ORDER_OPEN_FOR_BIDS',
    to: { companyIds: transporterCompanyIds },
    title,
    body: { key: 'orderOpened.body', values },
    link: `/bids/orders/${order.id}`,
    key: `order-opened:${order.id}`,
    email: {
      subject: title,
      paragraphs: [
        customerName === null
          ? { key: 'orderOpened.email.paragraph1Unnamed', values }
          : { key: 'orderOpened.email.paragraph1', values: { ...values, customerName } },
        { key: 'orderOpened.email.paragraph2', values },
      ],
      actionLabel: { key: 'orderOpened.email.action' },
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
  const values = { orderNumber: order.orderNumber, count };
  const title: NotificationMessage = { key: 'biddingClosed.title', values };
  const toCustomer: NotificationEvent = {
    kind: 'BIDDING_CLOSED',
    to: { companyIds: [order.customerCompanyId] },
    title,
    body: { key: 'biddingClosed.body', values },
    link: `/orders/${order.id}`,
    key: `bidding-closed:${order.id}:${closesAt}`,
    email: {
      subject: title,
      paragraphs: [{ key: 'biddingClosed.email.paragraph1', values }],
      actionLabel: { key: 'biddingClosed.email.action' },
    },
  };
  if (count === 0) return [toCustomer];
  return [
    toCustomer,
    {
      kind: 'BIDDING_CLOSED',
      to: { companyIds: [...new Set(activeBidderCompanyIds)] },
      title: { key: 'biddingClosed.bidders.title', values },
      body: { key: 'biddingClosed.bidders.body' },
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
  const values = {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    cargo: order.cargoType,
    reason,
  };
  const title: NotificationMessage = { key: 'orderCancelled.title', values };
  return {
    kind: 'BID_LOST',
    to: { companyIds: bidderCompanyIds },
    actorUserId,
    title,
    body: { key: 'orderCancelled.body', values },
    link: '/bids',
    key: `order-cancelled:${order.id}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'orderCancelled.email.paragraph1', values },
        { key: 'email.reasonGiven', values: { reason } },
      ],
      actionLabel: { key: 'action.findJobs' },
    },
  };
}

export function bidWonNotification(
  order: NotifiedOrder,
  award: { bidId: string; transporterCompanyId: string; tripNumbers: string[]; amountKobo: number },
  actorUserId: string,
): NotificationEvent {
  const count = award.tripNumbers.length;
  const values = {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    cargo: order.cargoType,
    unit: unitOf(order.cargoType),
    count,
    amount: nairaValue(award.amountKobo),
    total: nairaValue(award.amountKobo * count),
    tripNumbers: award.tripNumbers.join(', '),
  };
  const title: NotificationMessage = { key: 'bidWon.title', values };
  return {
    kind: 'BID_WON',
    to: { companyIds: [award.transporterCompanyId] },
    actorUserId,
    title,
    body: { key: 'bidWon.body', values },
    link: '/bids/won',
    key: `bid-won:${award.bidId}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'bidWon.email.paragraph1', values },
        { key: 'bidWon.email.trips', values },
        { key: 'bidWon.email.price', values },
        { key: 'bidWon.email.assign' },
      ],
      actionLabel: { key: 'bidWon.email.action' },
    },
  };
}

export function bidLostNotification(
  order: NotifiedOrder,
  bid: { id: string; transporterCompanyId: string; amountKobo: number },
  actorUserId: string,
): NotificationEvent {
  const values = {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    cargo: order.cargoType,
    amount: nairaValue(bid.amountKobo),
  };
  const title: NotificationMessage = { key: 'bidLost.title', values };
  return {
    kind: 'BID_LOST',
    to: { companyIds: [bid.transporterCompanyId] },
    actorUserId,
    title,
    body: { key: 'bidLost.body', values },
    link: '/bids',
    key: `bid-lost:${bid.id}`,
    email: {
      subject: title,
      paragraphs: [{ key: 'bidLost.email.paragraph1', values }, { key: 'bidLost.email.paragraph2' }],
      actionLabel: { key: 'action.findJobs' },
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
  return {
    kind: 'INVOICE_RAISED',
    to: { companyIds: [award.customerCompanyId, award.transporterCompanyId] },
    title: {
      key: 'invoicesRaised.title',
      values: {
        orderNumber: order.orderNumber,
        count: award.tripNumbers.length,
        tripNumber: award.tripNumbers[0] ?? '',
      },
    },
    body: {
      key: 'invoicesRaised.body',
      values: {
        amount: nairaValue(invoiceAmounts(award.amountKobo).totalKobo),
        unit: unitOf(order.cargoType),
        due: dayValue(award.dueAt),
      },
    },
    link: '/payments',
    key: `invoices-raised:${award.bidId}`,
  };
}
