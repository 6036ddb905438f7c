import { lagosMonth, type CustomerDashboard, type TransporterDashboard } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { isBiddingOpen } from '../order/order-summary';
import { customerFigures, openOrdersOf, transporterFigures } from './dashboard.repository';

export async function customerDashboard(ctx: AppContext, principal: Principal): Promise<CustomerDashboard> {
  const [{ trips, pending }, open] = await Promise.all([
    customerFigures(ctx.db, principal.companyId),
    openOrdersOf(ctx.db, principal.companyId),
  ]);
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
  return transporterFigures(ctx.db, principal.companyId, month.from, month.to);
}
