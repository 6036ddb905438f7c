import { isContainerCargo, type CargoType } from '@freightlane/domain';
import { dateTimeValue, nairaValue, type NotificationEvent } from '../notification';

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

/** The catalog's words for each change, the kind it is told as, and its e-mail's first paragraph. */
const CHANGES = {
  placed: { kind: 'BID_RECEIVED', text: 'bidPlaced' },
  revised: { kind: 'BID_REVISED', text: 'bidRevised' },
  withdrawn: { kind: 'BID_WITHDRAWN', text: 'bidWithdrawn' },
} as const;

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
  const { kind, text } = CHANGES[change];
  const values = {
    orderNumber: order.orderNumber,
    transporterName,
    amount: nairaValue(bid.amountKobo),
    unit: isContainerCargo(order.cargoType) ? 'container' : 'truckLoad',
    trucks: bid.trucksAvailable,
    closes: dateTimeValue(order.biddingClosesAt),
  };
  const title = { key: `${text}.title`, values } as const;
  return {
    kind,
    to: { companyIds: [order.customerCompanyId] },
    actorUserId,
    title,
    body: { key: `${text}.body`, values },
    link: `/orders/${order.id}`,
    key: `bid-${change}:${bid.id}:${version}`,
    email: {
      subject: title,
      paragraphs: [
        { key: `${text}.email.paragraph1`, values },
        { key: change === 'placed' ? 'bidPlaced.email.paragraph2' : 'bid.email.closes', values },
      ],
      actionLabel: { key: 'action.seeBids' },
    },
  };
}
