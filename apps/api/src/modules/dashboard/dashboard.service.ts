import {
  customerDashboardSchema,
  lagosMonth,
  lagosToday,
  transporterDashboardSchema,
  type CustomerDashboard,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { jsonOf, type JsonAnswer } from '../../lib/http-cache';
import type { Principal } from '../../plugins/auth';
import { MARKET } from '../../plugins/company-answers';
import { isBiddingOpen, nextClosing } from '../order';
import { customerFigures, openOrdersOf, transporterFigures } from './dashboard.repository';
import { readAll } from '../../db/read-all';

export async function customerDashboard(ctx: AppContext, principal: Principal): Promise<JsonAnswer> {
  // Kept until a change to the company's trips, invoices, orders or bids commits, or the next of its
  // orders' bidding closes.
  return ctx.answers.read(`customer-dashboard:${principal.companyId}`, principal.companyId, async () => {
    const [{ trips, pending }, open] = await readAll(ctx.db, [
      () => customerFigures(ctx.db, principal.companyId),
      () => openOrdersOf(ctx.db, principal.companyId),
    ]);
    const now = new Date();
    const dashboard: CustomerDashboard = {
      ongoingTrips: trips.ongoing,
      uncompletedTrips: trips.uncompleted,
      completedTrips: trips.completed,
      pendingPaymentsKobo: pending.totalKobo,
      pendingInvoiceCount: pending.count,
      ordersAwaitingAward: open.map(({ order, bidCount }) => ({
        id: order.id,
        orderNumber: order.orderNumber,
        cargoType: order.cargoType,
        clientName: order.clientName,
        biddingOpen: isBiddingOpen(order, now),
        biddingClosesAt: order.biddingClosesAt.toISOString(),
        bidCount: Number(bidCount),
      })),
    };
    return { json: jsonOf(customerDashboardSchema, dashboard), expiresAt: nextClosing(open, now) };
  });
}

/**
 * Kept like the market, whose orders and bids it counts, until a change to an open order, a bid, or the
 * company's trips, watches or partnerships commits, the first order it counts as new closes, or the month
 * whose won bids it counts ends.
 */
export async function transporterDashboard(ctx: AppContext, principal: Principal): Promise<JsonAnswer> {
  const { companyId } = principal;
  return ctx.answers.read(`transporter-dashboard:${companyId}`, [MARKET, companyId], async () => {
    const month = lagosMonth();
    const { firstClosing, ...figures } = await transporterFigures(ctx.db, companyId, month.from, month.to);
    return {
      json: jsonOf(transporterDashboardSchema, { ...figures, bidsWonSince: lagosToday(month.from) }),
      expiresAt: Math.min(month.to.getTime(), firstClosing?.getTime() ?? Number.POSITIVE_INFINITY),
    };
  });
}
