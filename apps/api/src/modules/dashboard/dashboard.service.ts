import { lagosMonth, type CustomerDashboard, type TransporterDashboard } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { isBiddingOpen } from '../order/order-summary';
import {
  countBidsWonBetween,
  countNewBidOpportunities,
  countOpenWatchedOrders,
  countTripsNeedingResources,
  customerTripCounts,
  openOrdersOf,
  pendingInvoices,
} from './dashboard.repository';

export async function customerDashboard(ctx: AppContext, principal: Principal): Promise<CustomerDashboard> {
  const trips = await customerTripCounts(ctx.db, principal.companyId);
  const pending = await pendingInvoices(ctx.db, principal.companyId);
  const open = await openOrdersOf(ctx.db, principal.companyId);
  const now = new Date();
  return {
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
}

export async function transporterDashboard(
  ctx: AppContext,
  principal: Principal,
): Promise<TransporterDashboard> {
  const month = lagosMonth();
  return {
    newBids: await countNewBidOpportunities(ctx.db, principal.companyId),
    monitoredBids: await countOpenWatchedOrders(ctx.db, principal.companyId),
    bidsWonThisMonth: await countBidsWonBetween(ctx.db, principal.companyId, month.from, month.to),
    tripsNeedingResources: await countTripsNeedingResources(ctx.db, principal.companyId),
  };
}
