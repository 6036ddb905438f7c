import {
  toPage,
  type CargoType,
  type MarketOrder,
  type MarketOrderDetail,
  type Page,
  type PageQuery,
  marketOrderPage,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { jsonOf, type JsonAnswer } from '../../lib/http-cache';
import { MARKET } from '../../plugins/company-answers';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { listOrderRowsByIds, type OrderRow } from '../../queries/order-rows.repository';
import { loadOrderFor, loadOrderContents, toOrderSummaries } from '../order';
import {
  bidsOnOrders,
  deleteWatch,
  insertWatch,
  listOpenOrderRows,
  listWatchedOrderRows,
  watchedAmong,
} from './bid.repository';
import { toMyBids } from './my-bid.service';
import { readAll } from '../../db/read-all';
import { scoreSummaries } from '../scorecard';

/**
 * Orders as this transporter sees them: the shared summary, its watch flag, its own bid and the payer's
 * score (one read of scores for the whole page).
 */
async function toMarketOrders(db: Executor, companyId: string, rows: OrderRow[]): Promise<MarketOrder[]> {
  const summaries = toOrderSummaries(rows);
  const orderIds = summaries.map((s) => s.id);
  const customerIds = rows.map((r) => r.order.customerCompanyId);
  const [ownBids, watched, payerScores] = await readAll(db, [
    () => bidsOnOrders(db, companyId, orderIds),
    () => watchedAmong(db, companyId, orderIds),
    () => scoreSummaries(db, customerIds),
  ]);
  const myBids = new Map((await toMyBids(db, [...ownBids.values()])).map((b) => [b.orderId, b]));
  return summaries.map((s, i) => ({
    ...s,
    watched: watched.has(s.id),
    myBid: myBids.get(s.id) ?? null,
    customerCompanyId: customerIds[i]!,
    payerScore: payerScores.get(customerIds[i]!)!,
  }));
}

/**
 * New bids: the orders open for bids that this transporter may see, newest first, as JSON. Kept until an
 * open order or a bid changes anywhere (MARKET), the company's own bids, watches or partnerships change,
 * or the first of the orders it counts closes.
 */
export async function listOpenOrders(
  ctx: AppContext,
  principal: Principal,
  query: PageQuery & { cargoType?: CargoType; pickupState?: string },
): Promise<JsonAnswer> {
  const { companyId } = principal;
  return ctx.answers.read(`market:${companyId}:${JSON.stringify(query)}`, [MARKET, companyId], async () => {
    const { rows, total, firstClosing } = await listOpenOrderRows(ctx.db, companyId, query, query);
    const page = toPage(await toMarketOrders(ctx.db, companyId, rows), total, query);
    return { json: jsonOf(marketOrderPage, page), expiresAt: firstClosing?.getTime() ?? null };
  });
}

/** One order as this transporter sees it: who won the other items, and their trips, are not its business. */
export async function getMarketOrder(
  ctx: AppContext,
  principal: Principal,
  orderId: string,
): Promise<MarketOrderDetail> {
  const order = await loadOrderFor(ctx.db, principal, orderId);
  const rows = await listOrderRowsByIds(ctx.db, [order.id]);
  const [market] = await toMarketOrders(ctx.db, principal.companyId, [rows.get(order.id)!]);
  const contents = await loadOrderContents(ctx.db, order, {
    companyId: principal.companyId,
    bidId: market!.myBid?.id ?? null,
  });
  return { ...market!, ...contents };
}

/** Monitored bids: the orders this transporter watches, newest watch first, whatever their status. */
export async function listMonitoredOrders(
  ctx: AppContext,
  principal: Principal,
  page: PageQuery,
): Promise<Page<MarketOrder>> {
  const { rows, total } = await listWatchedOrderRows(ctx.db, principal.companyId, page);
  return toPage(await toMarketOrders(ctx.db, principal.companyId, rows), total, page);
}

export async function watchOrder(ctx: AppContext, principal: Principal, orderId: string): Promise<void> {
  await loadOrderFor(ctx.db, principal, orderId);
  await insertWatch(ctx.db, principal.companyId, orderId);
}

/** Stopping works whatever became of the order since, as the list of watched orders shows them all. */
export async function unwatchOrder(ctx: AppContext, principal: Principal, orderId: string): Promise<void> {
  if (!(await deleteWatch(ctx.db, principal.companyId, orderId))) throw notFound('Watched order');
}
