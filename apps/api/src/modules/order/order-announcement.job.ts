import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { listTransportersWhoMayBid } from '../../queries/order-visibility.repository';
import { queueNotification } from '../notification';
import { biddingClosedNotifications, orderOpenedNotification } from './order-notifications';
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
  await ctx.db.transaction((tx) =>
    queueNotification(ctx, tx, orderOpenedNotification(order, customerName ?? null, companyIds)),
  );
}

export async function tellBiddingClosed(ctx: AppContext, job: BiddingClose): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, job.orderId, { forUpdate: true });
    if (!order || order.status !== 'OPEN' || order.biddingClosesAt.toISOString() !== job.closesAt) return;
    const active = (await lockBidsOfOrder(tx, order.id)).filter((b) => b.status === 'ACTIVE');
    const events = biddingClosedNotifications(
      order,
      active.map((b) => b.transporterCompanyId),
      job.closesAt,
    );
    for (const event of events) await queueNotification(ctx, tx, event);
  });
  ctx.jobs.kick();
}
