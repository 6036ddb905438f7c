import {
  HANDOVER_CODE_LENGTH,
  addDays,
  invoiceAmounts,
  type AwardOrderRequest,
  type OrderDetail,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { humanNumber, lagosYear, reserveNumbers } from '../../lib/counter';
import { uniqueViolation } from '../../lib/db-errors';
import { randomDigits, randomToken } from '../../lib/secure-token';
import { assertCompanyVerified } from '../../lib/verified';
import type { Principal } from '../../plugins/auth';
import { readPlatformTerms } from '../../queries/platform-settings.repository';
import { insertConsignments, insertInvoices, insertTrips } from './award.repository';
import { loadOrderFor } from './order-access.service';
import { loadCustomerOrderDetail } from './order-detail.service';
import { queueNotification } from '../notification';
import { bidLostNotification, bidWonNotification, invoicesRaisedNotification } from './order-notifications';
import { badRequest, orderClosedError } from './order.service';
import {
  findCompanyNames,
  listOrderItems,
  lockBidsOfOrder,
  setBidsStatus,
  setItemsAwarded,
  updateOrder,
  type BidRecord,
  type OrderItemRecord,
  type OrderRecord,
} from './order.repository';
import { scheduleInvoiceReminders } from '../invoice';
import { scheduleFreeTimeAlerts } from '../free-time';

const ALREADY_AWARDED = 'This order has already been awarded';

function itemName(item: OrderItemRecord): string {
  return item.containerNumber ?? `truck load ${item.position}`;
}

/** Every item of the order goes to exactly one bid, and every bid is named once. */
function checkAllocations(items: OrderItemRecord[], input: AwardOrderRequest): Map<string, string> {
  const itemsById = new Map(items.map((i) => [i.id, i]));
  const bidOfItem = new Map<string, string>();
  const duplicates = new Set<OrderItemRecord>();
  let foreign = 0;
  const seenBids = new Set<string>();
  let repeatedBid = false;
  for (const allocation of input.allocations) {
    if (seenBids.has(allocation.bidId)) repeatedBid = true;
    seenBids.add(allocation.bidId);
    for (const itemId of allocation.itemIds) {
      const item = itemsById.get(itemId);
      if (!item) foreign += 1;
      else if (bidOfItem.has(itemId)) duplicates.add(item);
      else bidOfItem.set(itemId, allocation.bidId);
    }
  }
  const missing = items.filter((i) => !bidOfItem.has(i.id));
  const errors: { field: string; message: string }[] = [];
  if (missing.length > 0) {
    errors.push({ field: 'allocations', message: `Choose a bid for ${missing.map(itemName).join(', ')}` });
  }
  if (duplicates.size > 0) {
    errors.push({
      field: 'allocations',
      message: `Give ${[...duplicates].map(itemName).join(', ')} to one bid only`,
    });
  }
  if (foreign > 0) {
    errors.push({
      field: 'allocations',
      message: foreign === 1 ? '1 item is not on this order' : `${foreign} items are not on this order`,
    });
  }
  if (repeatedBid) errors.push({ field: 'allocations', message: 'Name each bid once' });
  if (errors.length > 0) throw badRequest(errors);
  return bidOfItem;
}

function checkBids(bidsById: Map<string, BidRecord>, input: AwardOrderRequest): BidRecord[] {
  return input.allocations.map(({ bidId }) => {
    const bid = bidsById.get(bidId);
    if (!bid) throw notFound('Bid');
    if (bid.status === 'WITHDRAWN') {
      throw new AppError('CONFLICT', 'This bid was withdrawn by the transporter; choose another bid');
    }
    if (bid.status !== 'ACTIVE') throw new AppError('CONFLICT', 'This bid is no longer active');
    return bid;
  });
}

interface AwardOutcome {
  order: OrderRecord;
  won: { bid: BidRecord; tripNumbers: string[] }[];
  lost: BidRecord[];
}

/** Creates one trip, consignment and invoice per item. Trip and invoice numbers are reserved in one go. */
async function createTrips(
  tx: Executor,
  order: OrderRecord,
  items: OrderItemRecord[],
  bidOf: (item: OrderItemRecord) => BidRecord,
  now: Date,
  dueAt: Date,
): Promise<Map<string, { id: string; tripNumber: string; deliveryOrderValidityDate: string | null }>> {
  const year = lagosYear(now);
  const firstTrip = await reserveNumbers(tx, `trip:${year}`, items.length);
  const firstInvoice = await reserveNumbers(tx, `invoice:${year}`, items.length);
  const created = await insertTrips(
    tx,
    items.map((item, i) => {
      const bid = bidOf(item);
      return {
        tripNumber: humanNumber('TRP', year, firstTrip + i),
        trackingId: randomToken(16),
        orderId: order.id,
        orderItemId: item.id,
        bidId: bid.id,
        customerCompanyId: order.customerCompanyId,
        transporterCompanyId: bid.transporterCompanyId,
        cargoType: order.cargoType,
        pickupTerminalId: order.pickupTerminalId,
        pickupAddress: order.pickupAddress,
        recipientTerminalId: order.recipientTerminalId,
        recipientAddress: order.recipientAddress,
        pickupDate: order.pickupDate,
        amountKobo: bid.amountKobo,
        handoverCode: randomDigits(HANDOVER_CODE_LENGTH),
      };
    }),
  );
  const tripOfItem = new Map(created.map((t) => [t.orderItemId, t]));
  const itemTrips = items.map((item) => ({ item, trip: tripOfItem.get(item.id)! }));
  await insertConsignments(
    tx,
    itemTrips.map(({ item, trip }) => ({
      tripId: trip.id,
      containerNumber: item.containerNumber,
      containerSize: item.containerSize,
      linerId: item.linerId,
      deliveryOrderValidityDate: item.deliveryOrderValidityDate,
      description: item.description,
      quantity: item.quantity,
      weightKg: item.weightKg,
      truckType: item.truckType,
    })),
  );
  await insertInvoices(
    tx,
    itemTrips.map(({ trip }, i) => {
      // The winning price is the haulage; VAT is shown on top of it and the total is what the customer pays.
      const amounts = invoiceAmounts(trip.amountKobo);
      return {
        invoiceNumber: humanNumber('INV', year, firstInvoice + i),
        tripId: trip.id,
        customerCompanyId: trip.customerCompanyId,
        transporterCompanyId: trip.transporterCompanyId,
        haulageKobo: amounts.haulageKobo,
        chargesKobo: amounts.chargesKobo,
        vatBasisPoints: amounts.vatBasisPoints,
        vatKobo: amounts.vatKobo,
        amountKobo: amounts.totalKobo,
        cargoType: trip.cargoType,
        status: 'PENDING_PAYMENT' as const,
        dueAt,
      };
    }),
  );
  return new Map(
    itemTrips.map(({ item, trip }) => [
      item.id,
      { id: trip.id, tripNumber: trip.tripNumber, deliveryOrderValidityDate: item.deliveryOrderValidityDate },
    ]),
  );
}

async function queueAwardNotifications(
  ctx: AppContext,
  tx: Executor,
  outcome: AwardOutcome,
  actorUserId: string,
  dueAt: Date,
): Promise<void> {
  const { order, won, lost } = outcome;
  const customerName =
    (await findCompanyNames(tx, [order.customerCompanyId])).get(order.customerCompanyId) ?? '';
  const notified = { id: order.id, orderNumber: order.orderNumber, cargoType: order.cargoType, customerName };
  for (const { bid, tripNumbers } of won) {
    const award = {
      bidId: bid.id,
      transporterCompanyId: bid.transporterCompanyId,
      customerCompanyId: order.customerCompanyId,
      tripNumbers,
      amountKobo: bid.amountKobo,
      dueAt,
    };
    await queueNotification(ctx, tx, bidWonNotification(notified, award, actorUserId));
    await queueNotification(ctx, tx, invoicesRaisedNotification(notified, award));
  }
  for (const bid of lost) await queueNotification(ctx, tx, bidLostNotification(notified, bid, actorUserId));
}

/**
 * Awards an open order: each item to one active bid, all in one transaction. The order row is
 * locked first and its bids after it, the same order every bid change must take, so an award
 * and a withdrawal (or two awards) run one after the other and the second sees the first's result.
 */
export async function awardOrder(
  ctx: AppContext,
  principal: Principal,
  orderId: string,
  input: AwardOrderRequest,
  ip: string,
): Promise<OrderDetail> {
  assertCompanyVerified(principal, 'award a bid');
  try {
    await ctx.db.transaction(async (tx) => {
      const order = await loadOrderFor(tx, principal, orderId, { forUpdate: true });
      if (order.status !== 'OPEN') throw orderClosedError(order, 'award');
      const items = await listOrderItems(tx, order.id);
      const bidOfItem = checkAllocations(items, input);
      const orderBids = await lockBidsOfOrder(tx, order.id);
      const bidsById = new Map(orderBids.map((b) => [b.id, b]));
      const winners = checkBids(bidsById, input);
      const winnerIds = new Set(winners.map((b) => b.id));
      const losers = orderBids.filter((b) => b.status === 'ACTIVE' && !winnerIds.has(b.id));

      const now = new Date();
      // The days a customer has to pay are the admins' payment terms as they stand at the award; a
      // later change of terms leaves invoices already raised alone.
      const dueAt = addDays(now, (await readPlatformTerms(tx)).paymentTermsDays);
      const tripOfItem = await createTrips(
        tx,
        order,
        items,
        (item) => bidsById.get(bidOfItem.get(item.id)!)!,
        now,
        dueAt,
      );
      const created = [...tripOfItem.values()];
      await scheduleInvoiceReminders(
        ctx,
        tx,
        created.map((t) => t.id),
        dueAt,
      );
      await scheduleFreeTimeAlerts(
        ctx,
        tx,
        created.map((t) => ({ tripId: t.id, deliveryOrderValidityDate: t.deliveryOrderValidityDate })),
        now,
      );
      for (const allocation of input.allocations) {
        await setItemsAwarded(tx, allocation.itemIds, allocation.bidId);
      }
      await setBidsStatus(tx, [...winnerIds], 'WON', now);
      await setBidsStatus(
        tx,
        losers.map((b) => b.id),
        'LOST',
        now,
      );
      await updateOrder(tx, order.id, { status: 'AWARDED', awardedAt: now });

      const won = winners.map((bid) => ({
        bid,
        tripNumbers: items
          .filter((i) => bidOfItem.get(i.id) === bid.id)
          .map((i) => tripOfItem.get(i.id)!.tripNumber),
      }));
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'order.awarded',
          entityType: 'order',
          entityId: order.id,
          data: {
            orderNumber: order.orderNumber,
            awards: won.map(({ bid, tripNumbers }) => ({
              bidId: bid.id,
              transporterCompanyId: bid.transporterCompanyId,
              amountKobo: bid.amountKobo,
              tripNumbers,
            })),
            lostBidIds: losers.map((b) => b.id),
          },
        },
      );
      await queueAwardNotifications(ctx, tx, { order, won, lost: losers }, principal.userId, dueAt);
    });
  } catch (err) {
    // The unique trip per item is the last guard, should two awards ever get past the order lock.
    if (uniqueViolation(err)?.constraint === 'trips_order_item_id_unique') {
      throw new AppError('CONFLICT', ALREADY_AWARDED);
    }
    throw err;
  }
  ctx.jobs.kick();
  return loadCustomerOrderDetail(ctx.db, orderId);
}
