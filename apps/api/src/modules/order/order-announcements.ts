import { CARGO_TYPE_LABELS, lagosDateTimeText, lagosDayText, unitLabel } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { listTransportersWhoMayBid } from '../../queries/order-visibility.repository';
import { queueNotification } from '../notification/notification.service';
import { findCompanyNames, findOrder, lockBidsOfOrder } from './order.repository';

export const ORDER_OPENED_JOB = 'order.opened';
export const BIDDING_CLOSED_JOB = 'order.bidding-closed';

interface OrderAnnouncement {
  orderId: string;
}
interface BiddingClose {
  orderId: string;
  /** The closing time the job was queued for; an order whose close moved since says nothing here. */
  closesAt: string;
}

/**
 * Queued with a new order: the transporters who may bid hear of it (worked out by the job, since a
 * platform has many of them), and the close of bidding is queued for its time.
 */
export async function announceNewOrder(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  order: { id: string; biddingClosesAt: Date },
): Promise<void> {
  await ctx.jobs.enqueue(tx, ORDER_OPENED_JOB, { orderId: order.id } satisfies OrderAnnouncement);
  await ctx.jobs.enqueue(
    tx,
    BIDDING_CLOSED_JOB,
    { orderId: order.id, closesAt: order.biddingClosesAt.toISOString() } satisfies BiddingClose,
    order.biddingClosesAt,
  );
}

export async function tellTransportersOfOrder(ctx: AppContext, job: OrderAnnouncement): Promise<void> {
  const order = await findOrder(ctx.db, job.orderId);
  if (!order || order.status !== 'OPEN' || order.biddingClosesAt <= new Date()) return;
  const companyIds = await listTransportersWhoMayBid(ctx.db, order);
  if (companyIds.length === 0) return;
  const customerName = (await findCompanyNames(ctx.db, [order.customerCompanyId])).get(
    order.customerCompanyId,
  );
  const units = `${order.itemCount} ${unitLabel(order.cargoType, order.itemCount !== 1)}`;
  const title = `New order ${order.orderNumber}: ${units}, ${CARGO_TYPE_LABELS[order.cargoType]}`;
  await ctx.db.transaction((tx) =>
    queueNotification(ctx, tx, {
      kind: 'ORDER_OPEN_FOR_BIDS',
      to: { companyIds },
      title,
      body: `Pickup ${lagosDayText(order.pickupDate)}; bidding closes ${lagosDateTimeText(order.biddingClosesAt)}.`,
      link: `/bids/orders/${order.id}`,
      key: `order-opened:${order.id}`,
      email: {
        subject: title,
        paragraphs: [
          `${customerName ?? 'A customer'} has placed order ${order.orderNumber}: ${units} (${CARGO_TYPE_LABELS[order.cargoType]}), pickup ${lagosDayText(order.pickupDate)}.`,
          `Bidding closes ${lagosDateTimeText(order.biddingClosesAt)} (Lagos time).`,
        ],
        actionLabel: 'See the order and bid',
      },
    }),
  );
}

export async function tellBiddingClosed(ctx: AppContext, job: BiddingClose): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, job.orderId, { forUpdate: true });
    if (!order || order.status !== 'OPEN' || order.biddingClosesAt.toISOString() !== job.closesAt) return;
    const active = (await lockBidsOfOrder(tx, order.id)).filter((b) => b.status === 'ACTIVE');
    const count = active.length;
    const bids = `${count} ${count === 1 ? 'bid' : 'bids'}`;
    await queueNotification(ctx, tx, {
      kind: 'BIDDING_CLOSED',
      to: { companyIds: [order.customerCompanyId] },
      title: `Bidding closed on ${order.orderNumber}: ${bids}`,
      body:
        count > 0
          ? 'Compare the bids and award the order to a transporter.'
          : 'No transporter bid. You can place the order again with a later closing time.',
      link: `/orders/${order.id}`,
      key: `bidding-closed:${order.id}:${job.closesAt}`,
      email: {
        subject: `Bidding closed on ${order.orderNumber}: ${bids}`,
        paragraphs: [
          count > 0
            ? `Bidding on your order ${order.orderNumber} has closed with ${bids}. Compare them and award the order to a transporter.`
            : `Bidding on your order ${order.orderNumber} has closed and no transporter bid. You can place the order again with a later closing time.`,
        ],
        actionLabel: 'See the order',
      },
    });
    if (count > 0) {
      await queueNotification(ctx, tx, {
        kind: 'BIDDING_CLOSED',
        to: { companyIds: [...new Set(active.map((b) => b.transporterCompanyId))] },
        title: `Bidding closed on ${order.orderNumber}`,
        body: 'The customer is choosing among the bids. You will hear whether yours won.',
        link: '/bids/history',
        key: `bidding-closed-bidders:${order.id}:${job.closesAt}`,
      });
    }
  });
  ctx.jobs.kick();
}
