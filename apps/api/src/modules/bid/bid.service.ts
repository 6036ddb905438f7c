import {
  toPage,
  type BidStatus,
  type MyBid,
  type PageQuery,
  type PlaceBidRequest,
  type ReviseBidRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { audit, changeOf } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { assertCompanyVerified } from '../../lib/verified';
import type { Principal } from '../../plugins/auth';
import { findCompany } from '../../queries/company.repository';
import { listOrderRowsByIds } from '../../queries/order-rows.repository';
import { loadOrderFor, isBiddingOpen, toOrderSummaries } from '../order';
import { queueNotification } from '../notification';
import { bidChangedNotification } from './bid-notifications';
import {
  findBidOfCompany,
  insertBid,
  listBidsOfCompany,
  lockBid,
  lockBidOnOrder,
  updateBid,
  type BidRow,
} from './bid.repository';
import { toMyBid, toMyBids } from './my-bid.service';

export const BIDDING_CLOSED = 'Bidding on this order has closed';
export const BIDDING_CLOSED_NO_CHANGE = 'Bidding on this order has closed; bids can no longer change';
export const ALREADY_BID = 'You already bid on this order; revise your bid instead';

export async function placeBid(
  ctx: AppContext,
  principal: Principal,
  input: PlaceBidRequest,
  ip: string,
): Promise<MyBid> {
  assertCompanyVerified(principal, 'bid on orders');
  let bid: BidRow;
  try {
    bid = await ctx.db.transaction(async (tx) => {
      const order = await loadOrderFor(tx, principal, input.orderId, { forUpdate: true });
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
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'bid.placed',
          entityType: 'bid',
          entityId: saved.id,
          data: { orderId: order.id, ...values, revived: Boolean(existing) },
        },
      );
      const transporter = await findCompany(tx, principal.companyId);
      await queueNotification(
        ctx,
        tx,
        bidChangedNotification(
          'placed',
          order,
          saved,
          transporter?.name ?? '',
          principal.userId,
          saved.updatedAt.toISOString(),
        ),
      );
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
  ip: string,
): Promise<MyBid> {
  const owned = await findBidOfCompany(ctx.db, bidId, principal.companyId);
  if (!owned) throw notFound('Bid');
  assertCompanyVerified(principal, 'change your bids');
  const bid = await ctx.db.transaction(async (tx) => {
    const order = await loadOrderFor(tx, principal, owned.orderId, { forUpdate: true });
    const current = await lockBid(tx, bidId);
    if (!current) throw notFound('Bid');
    if (current.status !== 'ACTIVE') throw new AppError('CONFLICT', NOT_ACTIVE[change.kind][current.status]);
    if (!isBiddingOpen(order)) throw new AppError('CONFLICT', BIDDING_CLOSED_NO_CHANGE);
    const saved =
      change.kind === 'revise'
        ? await updateBid(tx, bidId, change.input)
        : await updateBid(tx, bidId, { status: 'WITHDRAWN', withdrawnAt: new Date() });
    const bidChange =
      change.kind === 'revise' ? change.input : { status: saved.status, withdrawnAt: saved.withdrawnAt };
    await audit(
      tx,
      principal,
      { ip },
      {
        action: change.kind === 'revise' ? 'bid.revised' : 'bid.withdrawn',
        entityType: 'bid',
        entityId: bidId,
        data: { orderId: order.id, ...changeOf(current, bidChange) },
      },
    );
    const transporter = await findCompany(tx, principal.companyId);
    await queueNotification(
      ctx,
      tx,
      bidChangedNotification(
        change.kind === 'revise' ? 'revised' : 'withdrawn',
        order,
        saved,
        transporter?.name ?? '',
        principal.userId,
        saved.updatedAt.toISOString(),
      ),
    );
    return saved;
  });
  ctx.jobs.kick();
  return toMyBid(bid, 0);
}

export function reviseBid(
  ctx: AppContext,
  principal: Principal,
  bidId: string,
  input: ReviseBidRequest,
  ip: string,
): Promise<MyBid> {
  return changeBid(ctx, principal, bidId, { kind: 'revise', input }, ip);
}

export function withdrawBid(
  ctx: AppContext,
  principal: Principal,
  bidId: string,
  ip: string,
): Promise<MyBid> {
  return changeBid(ctx, principal, bidId, { kind: 'withdraw' }, ip);
}

/** The company's bids, most recently changed first, each with the order it is on. */
export async function listBidHistory(
  ctx: AppContext,
  principal: Principal,
  query: PageQuery & { status?: BidStatus },
) {
  const { rows, total } = await listBidsOfCompany(ctx.db, principal.companyId, query.status, query);
  const orderRows = await listOrderRowsByIds(ctx.db, [...new Set(rows.map((b) => b.orderId))]);
  const summaries = new Map(toOrderSummaries([...orderRows.values()]).map((s) => [s.id, s]));
  const myBids = await toMyBids(ctx.db, rows);
  return toPage(
    myBids.map((b) => ({ ...b, order: summaries.get(b.orderId)! })),
    total,
    query,
  );
}
