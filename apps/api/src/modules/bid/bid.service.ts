import { and, eq } from 'drizzle-orm';
import {
  isContainerCargo,
  toPage,
  type BidStatus,
  type MarketOrder,
  type MarketOrderDetail,
  type MyBid,
  type Page,
  type PageQuery,
  type PlaceBidRequest,
  type ReviseBidRequest,
  type WonTrip,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { loadTerminals, toLocationView } from '../../lib/location-view';
import { assertCompanyVerified } from '../../lib/verified';
import type { Principal } from '../../plugins/auth';
import { MAIL_JOB } from '../../plugins/mail';
import {
  biddingOpenSql,
  countOrders,
  isBiddingOpen,
  toOrderSummaries,
  type OrderRow,
} from '../order/order-summary';
import { canTransporterSeeOrder, transporterCanSeeOrderSql } from '../order/order-visibility';
import { newBidEmail } from './bid-mail';
import {
  activeUsersOfCompany,
  awardedItemCounts,
  bidsOnOrders,
  companyName,
  deleteWatch,
  findBidOfCompany,
  findOrder,
  findQuoteDocument,
  insertBid,
  insertWatch,
  listBidsOfCompany,
  listOrderItems,
  listOrderRows,
  listOrderRowsByIds,
  listWatchedOrderRows,
  listWonTrips,
  lockBid,
  lockBidOnOrder,
  lockOrder,
  updateBid,
  watchedAmong,
  type BidRow,
  type OrderRecord,
} from './bid.repository';

export const BIDDING_CLOSED = 'Bidding on this order has closed';
export const BIDDING_CLOSED_NO_CHANGE = 'Bidding on this order has closed; bids can no longer change';
export const ALREADY_BID = 'You already bid on this order; revise your bid instead';

function toMyBid(bid: BidRow, awardedItemCount: number): MyBid {
  return {
    id: bid.id,
    orderId: bid.orderId,
    amountKobo: bid.amountKobo,
    trucksAvailable: bid.trucksAvailable,
    note: bid.note,
    status: bid.status,
    awardedItemCount,
    createdAt: bid.createdAt.toISOString(),
    updatedAt: bid.updatedAt.toISOString(),
  };
}

async function toMyBids(db: Executor, rows: BidRow[]): Promise<MyBid[]> {
  const awarded = await awardedItemCounts(
    db,
    rows.filter((b) => b.status === 'WON').map((b) => b.id),
  );
  return rows.map((b) => toMyBid(b, awarded.get(b.id) ?? 0));
}

/** Orders as this transporter sees them: the shared summary, its watch flag and its own bid. */
async function toMarketOrders(db: Executor, companyId: string, rows: OrderRow[]): Promise<MarketOrder[]> {
  const summaries = await toOrderSummaries(db, rows);
  const orderIds = summaries.map((s) => s.id);
  const ownBids = await bidsOnOrders(db, companyId, orderIds);
  const myBids = new Map((await toMyBids(db, [...ownBids.values()])).map((b) => [b.orderId, b]));
  const watched = await watchedAmong(db, companyId, orderIds);
  return summaries.map((s) => ({ ...s, watched: watched.has(s.id), myBid: myBids.get(s.id) ?? null }));
}

export async function listOpenOrders(
  ctx: AppContext,
  principal: Principal,
  query: PageQuery & { cargoType?: OrderRecord['cargoType']; pickupState?: string },
): Promise<Page<MarketOrder>> {
  const where = and(
    biddingOpenSql,
    transporterCanSeeOrderSql(principal.companyId),
    query.cargoType ? eq(orders.cargoType, query.cargoType) : undefined,
    query.pickupState ? eq(orders.pickupState, query.pickupState) : undefined,
  );
  const rows = await listOrderRows(ctx.db, where, query);
  const total = await countOrders(ctx.db, where);
  return toPage(await toMarketOrders(ctx.db, principal.companyId, rows), total, query);
}

/** The order when this transporter may see it, else 404: one answer whether it exists or not. */
async function visibleOrder(db: Executor, companyId: string, orderId: string): Promise<OrderRecord> {
  const order = await findOrder(db, orderId);
  if (!order || !(await canTransporterSeeOrder(db, companyId, order))) throw notFound('Order');
  return order;
}

export async function getMarketOrder(
  ctx: AppContext,
  principal: Principal,
  orderId: string,
): Promise<MarketOrderDetail> {
  const order = await visibleOrder(ctx.db, principal.companyId, orderId);
  const rows = await listOrderRowsByIds(ctx.db, [order.id]);
  const [market] = await toMarketOrders(ctx.db, principal.companyId, [rows.get(order.id)!]);
  const items = await listOrderItems(ctx.db, order.id);
  const quoteDocument = await findQuoteDocument(ctx.db, order.quoteDocumentId);
  const myBidId = market!.myBid?.id ?? null;
  return {
    ...market!,
    // Who won the other items, and their trips, belong to other transporters.
    items: items.map(({ item, liner, trip }) => {
      const mine = trip !== null && trip.transporterCompanyId === principal.companyId;
      return {
        id: item.id,
        position: item.position,
        containerNumber: item.containerNumber,
        containerSize: item.containerSize,
        liner,
        deliveryOrderValidityDate: item.deliveryOrderValidityDate,
        description: item.description,
        quantity: item.quantity,
        weightTonnes: item.weightKg === null ? null : item.weightKg / 1000,
        truckType: item.truckType,
        awardedBidId: item.awardedBidId !== null && item.awardedBidId === myBidId ? item.awardedBidId : null,
        tripId: mine ? trip.id : null,
        tripNumber: mine ? trip.tripNumber : null,
      };
    }),
    quoteDocument,
  };
}

export async function listMonitoredOrders(
  ctx: AppContext,
  principal: Principal,
  page: PageQuery,
): Promise<Page<MarketOrder>> {
  const { rows, total } = await listWatchedOrderRows(ctx.db, principal.companyId, page);
  return toPage(await toMarketOrders(ctx.db, principal.companyId, rows), total, page);
}

export async function watchOrder(ctx: AppContext, principal: Principal, orderId: string): Promise<void> {
  await visibleOrder(ctx.db, principal.companyId, orderId);
  await insertWatch(ctx.db, principal.companyId, orderId);
}

export async function unwatchOrder(ctx: AppContext, principal: Principal, orderId: string): Promise<void> {
  if (!(await deleteWatch(ctx.db, principal.companyId, orderId))) throw notFound('Watched order');
}

async function queueNewBidMails(
  ctx: AppContext,
  tx: Executor,
  order: OrderRecord,
  bid: BidRow,
  transporterName: string,
): Promise<void> {
  const recipients = await activeUsersOfCompany(tx, order.customerCompanyId);
  for (const user of recipients) {
    await ctx.jobs.enqueue(tx, MAIL_JOB, {
      to: user.email,
      ...newBidEmail({
        firstName: user.firstName,
        orderNumber: order.orderNumber,
        transporterName,
        amountKobo: bid.amountKobo,
        trucksAvailable: bid.trucksAvailable,
        perUnit: isContainerCargo(order.cargoType) ? 'container' : 'truck load',
        biddingClosesAt: order.biddingClosesAt,
        url: `${ctx.env.appUrl}/orders/${order.id}`,
      }),
    });
  }
}

export async function placeBid(
  ctx: AppContext,
  principal: Principal,
  input: PlaceBidRequest,
): Promise<MyBid> {
  assertCompanyVerified(principal, 'bid on orders');
  let bid: BidRow;
  try {
    bid = await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      if (!order || !(await canTransporterSeeOrder(tx, principal.companyId, order))) throw notFound('Order');
      if (!isBiddingOpen(order)) throw new AppError('CONFLICT', BIDDING_CLOSED);
      const existing = await lockBidOnOrder(tx, order.id, principal.companyId);
      if (existing && existing.status !== 'WITHDRAWN') throw new AppError('CONFLICT', ALREADY_BID);
      const values = {
        amountKobo: input.amountKobo,
        trucksAvailable: input.trucksAvailable,
        note: input.note,
      };
      // A withdrawn bid comes back to life: one bid per transporter per order, whatever its past.
      const saved = existing
        ? await updateBid(tx, existing.id, {
            ...values,
            status: 'ACTIVE',
            withdrawnAt: null,
            createdBy: principal.userId,
          })
        : await insertBid(tx, {
            ...values,
            orderId: order.id,
            transporterCompanyId: principal.companyId,
            createdBy: principal.userId,
          });
      await recordAudit(tx, {
        actorUserId: principal.userId,
        companyId: principal.companyId,
        action: 'bid.placed',
        entityType: 'bid',
        entityId: saved.id,
        data: { orderId: order.id, ...values, revived: Boolean(existing) },
      });
      await queueNewBidMails(ctx, tx, order, saved, await companyName(tx, principal.companyId));
      return saved;
    });
  } catch (err) {
    if (uniqueViolation(err)?.constraint === 'bids_order_transporter_idx') {
      throw new AppError('CONFLICT', ALREADY_BID);
    }
    throw err;
  }
  ctx.jobs.kick();
  return toMyBid(bid, 0);
}

type BidChange = { kind: 'revise'; input: ReviseBidRequest } | { kind: 'withdraw' };

const NOT_ACTIVE: Record<BidChange['kind'], Record<Exclude<BidStatus, 'ACTIVE'>, string>> = {
  revise: {
    WITHDRAWN: 'This bid was withdrawn; place a new bid to offer again',
    WON: 'This bid has won and can no longer change',
    LOST: 'This bid has lost and can no longer change',
  },
  withdraw: {
    WITHDRAWN: 'This bid is already withdrawn',
    WON: 'This bid has won and can no longer be withdrawn',
    LOST: 'This bid has lost and can no longer be withdrawn',
  },
};

async function changeBid(
  ctx: AppContext,
  principal: Principal,
  bidId: string,
  change: BidChange,
): Promise<MyBid> {
  const owned = await findBidOfCompany(ctx.db, bidId, principal.companyId);
  if (!owned) throw notFound('Bid');
  assertCompanyVerified(principal, 'change your bids');
  const bid = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, owned.orderId);
    const current = await lockBid(tx, bidId);
    if (!order || !current) throw notFound('Bid');
    if (current.status !== 'ACTIVE') throw new AppError('CONFLICT', NOT_ACTIVE[change.kind][current.status]);
    if (!isBiddingOpen(order)) throw new AppError('CONFLICT', BIDDING_CLOSED_NO_CHANGE);
    const saved =
      change.kind === 'revise'
        ? await updateBid(tx, bidId, change.input)
        : await updateBid(tx, bidId, { status: 'WITHDRAWN', withdrawnAt: new Date() });
    await recordAudit(tx, {
      actorUserId: principal.userId,
      companyId: principal.companyId,
      action: change.kind === 'revise' ? 'bid.revised' : 'bid.withdrawn',
      entityType: 'bid',
      entityId: bidId,
      data:
        change.kind === 'revise'
          ? {
              orderId: order.id,
              ...change.input,
              previous: { amountKobo: current.amountKobo, trucksAvailable: current.trucksAvailable },
            }
          : { orderId: order.id },
    });
    return saved;
  });
  return toMyBid(bid, 0);
}

export function reviseBid(
  ctx: AppContext,
  principal: Principal,
  bidId: string,
  input: ReviseBidRequest,
): Promise<MyBid> {
  return changeBid(ctx, principal, bidId, { kind: 'revise', input });
}

export function withdrawBid(ctx: AppContext, principal: Principal, bidId: string): Promise<MyBid> {
  return changeBid(ctx, principal, bidId, { kind: 'withdraw' });
}

export async function listBidHistory(
  ctx: AppContext,
  principal: Principal,
  query: PageQuery & { status?: BidStatus },
) {
  const { rows, total } = await listBidsOfCompany(ctx.db, principal.companyId, query.status, query);
  const orderRows = await listOrderRowsByIds(ctx.db, [...new Set(rows.map((b) => b.orderId))]);
  const summaries = new Map((await toOrderSummaries(ctx.db, [...orderRows.values()])).map((s) => [s.id, s]));
  const myBids = await toMyBids(ctx.db, rows);
  return toPage(
    myBids.map((b) => ({ ...b, order: summaries.get(b.orderId)! })),
    total,
    query,
  );
}

export async function listWonTripsOf(
  ctx: AppContext,
  principal: Principal,
  query: PageQuery & { q?: string },
): Promise<Page<WonTrip>> {
  const { rows, total } = await listWonTrips(ctx.db, principal.companyId, query.q || undefined, query);
  const terminalsById = await loadTerminals(
    ctx.db,
    rows.flatMap((r) => [r.trip.pickupTerminalId, r.trip.recipientTerminalId]),
  );
  return toPage(
    rows.map(({ trip, ...r }) => ({
      tripId: trip.id,
      tripNumber: trip.tripNumber,
      trackingId: trip.trackingId,
      orderId: trip.orderId,
      orderNumber: r.orderNumber,
      cargoType: trip.cargoType,
      clientName: r.clientName,
      reference: r.reference,
      customerName: r.customerName,
      containerNumber: r.containerNumber,
      cargoDescription: r.cargoDescription,
      pickup: toLocationView(terminalsById, trip.pickupTerminalId, trip.pickupAddress),
      recipient: toLocationView(terminalsById, trip.recipientTerminalId, trip.recipientAddress),
      pickupDate: trip.pickupDate,
      amountKobo: trip.amountKobo,
      awardedAt: trip.createdAt.toISOString(),
      needsResources: !trip.resourcesAssigned,
    })),
    total,
    query,
  );
}
