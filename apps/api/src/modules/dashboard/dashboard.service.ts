import {
  customerDashboardSchema,
  lagosMonth,
  type CustomerDashboard,
  type TransporterDashboard,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { jsonOf } from '../../lib/http-cache';
import type { Principal } from '../../plugins/auth';
import { isBiddingOpen, nextClosing } from '../order/order-summary';
import { customerFigures, openOrdersOf, transporterFigures } from './dashboard.repository';

export async function customerDashboard(ctx: AppContext, principal: Principal): Promise<string> {
  // Kept until a change to the company's trips, invoices, orders or bids commits, or the next of its
  // orders' bidding closes.
  return ctx.answers.read(`customer-dashboard:${principal.companyId}`, principal.companyId, async () => {
    const [{ trips, pending }, open] = await Promise.all([
      customerFigures(ctx.db, principal.companyId),
      openOrdersOf(ctx.db, principal.companyId),
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

export async function transporterDashboard(
  ctx: AppContext,
  principal: Principal,
): Promise<TransporterDashboard> {
  const month = lagosMonth();
  return transporterFigures(ctx.db, principal.companyId, month.from, month.to);
}
