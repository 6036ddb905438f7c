import { formatMoney, isContainerCargo, lagosDateTimeText, type CargoType } from '@freightlane/domain';
import type { NotificationEvent } from '../notification';

export interface BidOrder {
  id: string;
  orderNumber: string;
  cargoType: CargoType;
  customerCompanyId: string;
  biddingClosesAt: Date;
}

export interface BidFacts {
  id: string;
  amountKobo: number;
  trucksAvailable: number;
}

const perUnit = (order: BidOrder) => (isContainerCargo(order.cargoType) ? 'container' : 'truck load');
const trucks = (n: number) => `${n} ${n === 1 ? 'truck' : 'trucks'}`;

/** A bid placed, revised or withdrawn, told to the customer whose order it is on. */
export function bidChangedNotification(
  change: 'placed' | 'revised' | 'withdrawn',
  order: BidOrder,
  bid: BidFacts,
  transporterName: string,
  actorUserId: string,
  /** Tells repeated changes of one bid apart (its new updated time). */
  version: string,
): NotificationEvent {
  const closes = `Bidding closes ${lagosDateTimeText(order.biddingClosesAt)} (Lagos time).`;
  const price = `${formatMoney(bid.amountKobo)} per ${perUnit(order)}, with ${trucks(bid.trucksAvailable)} available`;
  const texts = {
    placed: {
      kind: 'BID_RECEIVED' as const,
      title: `${order.orderNumber}: new bid from ${transporterName}`,
      body: `${transporterName} bid ${price}.`,
      paragraphs: [
        `${transporterName} bid ${price} on your order ${order.orderNumber}.`,
        `${closes} You can compare all bids and award the order from its page.`,
      ],
    },
    revised: {
      kind: 'BID_REVISED' as const,
      title: `${order.orderNumber}: bid revised by ${transporterName}`,
      body: `${transporterName} now bids ${price}.`,
      paragraphs: [
        `${transporterName} revised their bid on your order ${order.orderNumber}: now ${price}.`,
        closes,
      ],
    },
    withdrawn: {
      kind: 'BID_WITHDRAWN' as const,
      title: `${order.orderNumber}: bid withdrawn by ${transporterName}`,
      body: `${transporterName} withdrew their bid.`,
      paragraphs: [`${transporterName} withdrew their bid on your order ${order.orderNumber}.`, closes],
    },
  }[change];
  return {
    kind: texts.kind,
    to: { companyIds: [order.customerCompanyId] },
    actorUserId,
    title: texts.title,
    body: texts.body,
    link: `/orders/${order.id}`,
    key: `bid-${change}:${bid.id}:${version}`,
    email: { subject: texts.title, paragraphs: texts.paragraphs, actionLabel: 'See the bids' },
  };
}
