import type { Readable } from 'node:stream';
import {
  endOfLagosDay,
  lagosToday,
  orderPage,
  toPage,
  type CreateOrderRequest,
  type LocationInput,
  type OrderDetail,
  type QuoteDocument,
  type orderListQuery,
} from '@freightlane/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound, type FieldError } from '../../errors';
import { audit } from '../../lib/audit';
import { jsonOf, type JsonAnswer } from '../../lib/http-cache';
import { humanNumber, lagosYear, reserveNumbers } from '../../lib/counter';
import type { Upload } from '../../lib/upload';
import { assertCompanyVerified } from '../../lib/verified';
import type { Principal } from '../../plugins/auth';
import { loadOrderFor } from './order-access.service';
import { loadCustomerOrderDetail } from './order-detail.service';
import { queueNotification } from '../notification';
import { orderCancelledNotification } from './order-notifications';
import { announceNewOrder } from './order-announcement.job';
import { nextClosing, toOrderSummaries } from './order-summary.service';
import {
  listCustomerOrderRows,
  findCompanyNames,
  findDocument,
  findLinerIds,
  findOrderUsingDocument,
  findTerminals,
  hasPreferredPartners,
  insertDocument,
  insertOrder,
  insertOrderItems,
  lockBidsOfOrder,
  lockQuoteDocument,
  setBidsStatus,
  updateOrder,
  type OrderRecord,
} from './order.repository';
import { openStoredFile } from '../../plugins/storage';

export function badRequest(errors: FieldError[]): AppError {
  const message = errors.length === 1 ? errors[0]!.message : 'Some details need correcting';
  return new AppError('BAD_REQUEST', message, { errors });
}

/** The 409 for acting on an order that is no longer open. */
export function orderClosedError(
  order: Pick<OrderRecord, 'status'>,
  action: 'award' | 'cancel' | 'change',
): AppError {
  if (order.status === 'AWARDED') {
    return new AppError(
      'CONFLICT',
      action === 'cancel'
        ? 'This order has already been awarded and can no longer be cancelled'
        : 'This order has already been awarded',
    );
  }
  return new AppError('CONFLICT', 'This order has already been cancelled');
}

/**
 * The rules zod cannot check alone: the places, liners and document exist and belong to the
 * caller, the dates make sense in Lagos time, and a partners-only order has partners to go to.
 */
async function checkOrderInput(
  tx: Executor,
  principal: Principal,
  input: CreateOrderRequest,
  now: Date,
): Promise<{ terminalStates: Map<string, string> }> {
  const errors: FieldError[] = [];
  const places: [string, LocationInput][] = [
    ['pickup', input.pickup],
    ['recipient', input.recipient],
  ];

  const terminalIds = places.flatMap(([, p]) => (p.kind === 'TERMINAL' ? [p.terminalId] : []));
  const found = await findTerminals(tx, [...new Set(terminalIds)]);
  const terminalStates = new Map(found.map((t) => [t.id, t.state]));
  for (const [side, place] of places) {
    if (place.kind === 'TERMINAL' && !terminalStates.has(place.terminalId)) {
      errors.push({ field: `${side}.terminalId`, message: 'Choose a terminal from the list' });
    }
  }

  const liners = await findLinerIds(tx, [...new Set(input.containers.map((c) => c.linerId))]);
  input.containers.forEach((c, i) => {
    if (!liners.has(c.linerId)) {
      errors.push({ field: `containers.${i}.linerId`, message: 'Choose a shipping line from the list' });
    }
  });

  const { pickupDate, biddingClosesAt } = input.bidDetails;
  if (pickupDate < lagosToday(now)) {
    errors.push({ field: 'bidDetails.pickupDate', message: 'The pickup date cannot be in the past' });
  }
  const closes = new Date(biddingClosesAt);
  if (closes.getTime() <= now.getTime()) {
    errors.push({ field: 'bidDetails.biddingClosesAt', message: 'Bidding must close in the future' });
  } else if (closes.getTime() > endOfLagosDay(pickupDate).getTime()) {
    errors.push({
      field: 'bidDetails.biddingClosesAt',
      message: 'Bidding must close by the end of the pickup date',
    });
  }

  if (input.quoteDocumentId) {
    const document = await lockQuoteDocument(tx, input.quoteDocumentId, principal.companyId);
    if (!document) {
      errors.push({ field: 'quoteDocumentId', message: 'Upload the quote document again' });
    } else if (await findOrderUsingDocument(tx, document.id)) {
      errors.push({
        field: 'quoteDocumentId',
        message: 'This quote document is attached to another order; upload it again',
      });
    }
  }

  if (input.preferredPartnersOnly && !(await hasPreferredPartners(tx, principal.companyId))) {
    errors.push({
      field: 'preferredPartnersOnly',
      message: 'Add at least one preferred partner before limiting an order to them',
    });
  }

  if (errors.length > 0) throw badRequest(errors);
  return { terminalStates };
}

function itemRows(input: CreateOrderRequest) {
  const containers = input.containers.map((c) => ({
    containerNumber: c.containerNumber,
    containerSize: c.containerSize,
    linerId: c.linerId,
    deliveryOrderValidityDate: c.deliveryOrderValidityDate,
  }));
  const loads = input.generalCargos.map((g) => ({
    description: g.description,
    quantity: g.quantity,
    weightKg: Math.round(g.weightTonnes * 1000),
    truckType: g.truckType,
  }));
  return [...containers, ...loads].map((row, i) => ({ ...row, position: i + 1 }));
}

export async function placeOrder(
  ctx: AppContext,
  principal: Principal,
  input: CreateOrderRequest,
  ip: string,
): Promise<OrderDetail> {
  assertCompanyVerified(principal, 'place an order');
  const now = new Date();
  const order = await ctx.db.transaction(async (tx) => {
    const { terminalStates } = await checkOrderInput(tx, principal, input, now);
    const year = lagosYear(now);
    const orderNumber = humanNumber('ORD', year, await reserveNumbers(tx, `order:${year}`, 1));
    const { pickup, recipient } = input;
    const items = itemRows(input);
    const created = await insertOrder(tx, {
      orderNumber,
      customerCompanyId: principal.companyId,
      createdBy: principal.userId,
      cargoType: input.cargoType,
      clientName: input.clientName,
      reference: input.reference,
      pickupTerminalId: pickup.kind === 'TERMINAL' ? pickup.terminalId : null,
      pickupAddress: pickup.kind === 'ADDRESS' ? pickup.address : null,
      recipientTerminalId: recipient.kind === 'TERMINAL' ? recipient.terminalId : null,
      recipientAddress: recipient.kind === 'ADDRESS' ? recipient.address : null,
      pickupState: pickup.kind === 'TERMINAL' ? terminalStates.get(pickup.terminalId)! : pickup.address.state,
      pickupDate: input.bidDetails.pickupDate,
      biddingClosesAt: new Date(input.bidDetails.biddingClosesAt),
      targetAmountKobo: input.bidDetails.targetAmountKobo,
      preferredPartnersOnly: input.preferredPartnersOnly,
      returnLoadsWelcome: input.returnLoadsWelcome,
      quoteDocumentId: input.quoteDocumentId,
      itemCount: items.length,
    });
    await insertOrderItems(
      tx,
      items.map((item) => ({ ...item, orderId: created.id })),
    );
    await audit(
      tx,
      principal,
      { ip },
      {
        action: 'order.placed',
        entityType: 'order',
        entityId: created.id,
        data: { orderNumber, cargoType: input.cargoType, itemCount: items.length },
      },
    );
    await announceNewOrder(ctx, tx, created);
    return created;
  });
  ctx.jobs.kick();
  return loadCustomerOrderDetail(ctx.db, order.id);
}

export async function listCustomerOrders(
  ctx: AppContext,
  principal: Principal,
  query: z.infer<typeof orderListQuery>,
): Promise<JsonAnswer> {
  // Kept until a change to the company's orders or their bids commits, or the page's next bidding closes.
  return ctx.answers.read(
    `orders:${principal.companyId}:${JSON.stringify(query)}`,
    principal.companyId,
    async () => {
      const { rows, total } = await listCustomerOrderRows(ctx.db, principal.companyId, query, query);
      const summaries = toOrderSummaries(rows);
      return { json: jsonOf(orderPage, toPage(summaries, total, query)), expiresAt: nextClosing(rows) };
    },
  );
}

export async function getCustomerOrder(
  ctx: AppContext,
  principal: Principal,
  orderId: string,
): Promise<OrderDetail> {
  const order = await loadOrderFor(ctx.db, principal, orderId);
  return loadCustomerOrderDetail(ctx.db, order.id);
}

export async function cancelOrder(
  ctx: AppContext,
  principal: Principal,
  orderId: string,
  reason: string,
  ip: string,
): Promise<OrderDetail> {
  await ctx.db.transaction(async (tx) => {
    const order = await loadOrderFor(tx, principal, orderId, { forUpdate: true });
    if (order.status !== 'OPEN') throw orderClosedError(order, 'cancel');
    const now = new Date();
    await updateOrder(tx, order.id, { status: 'CANCELLED', cancellationReason: reason, cancelledAt: now });
    const closed = (await lockBidsOfOrder(tx, order.id)).filter((b) => b.status === 'ACTIVE');
    await setBidsStatus(
      tx,
      closed.map((b) => b.id),
      'LOST',
      now,
    );
    await audit(
      tx,
      principal,
      { ip },
      {
        action: 'order.cancelled',
        entityType: 'order',
        entityId: order.id,
        data: {
          orderNumber: order.orderNumber,
          reason,
          closedBids: closed.length,
          before: { status: order.status },
          after: { status: 'CANCELLED', cancelledAt: now.toISOString() },
        },
      },
    );
    const bidderIds = closed.map((b) => b.transporterCompanyId);
    const customerName = (await findCompanyNames(tx, [principal.companyId])).get(principal.companyId) ?? '';
    const notified = {
      id: order.id,
      orderNumber: order.orderNumber,
      cargoType: order.cargoType,
      customerName,
    };
    if (bidderIds.length > 0) {
      await queueNotification(
        ctx,
        tx,
        orderCancelledNotification(notified, reason, bidderIds, principal.userId),
      );
    }
  });
  ctx.jobs.kick();
  return loadCustomerOrderDetail(ctx.db, orderId);
}

/**
 * Marks or unmarks an open order "return loads welcome": it is listed first among a returning truck's
 * matches (docs/decisions/036-return-loads.md).
 */
export async function setReturnLoadsWelcome(
  ctx: AppContext,
  principal: Principal,
  orderId: string,
  welcome: boolean,
  ip: string,
): Promise<OrderDetail> {
  await ctx.db.transaction(async (tx) => {
    const order = await loadOrderFor(tx, principal, orderId, { forUpdate: true });
    if (order.status !== 'OPEN') throw orderClosedError(order, 'change');
    if (order.returnLoadsWelcome === welcome) return;
    await updateOrder(tx, order.id, { returnLoadsWelcome: welcome });
    await audit(
      tx,
      principal,
      { ip },
      {
        action: 'order.return-loads-welcome.changed',
        entityType: 'order',
        entityId: order.id,
        data: { orderNumber: order.orderNumber, before: order.returnLoadsWelcome, after: welcome },
      },
    );
  });
  return loadCustomerOrderDetail(ctx.db, orderId);
}

export async function storeQuoteDocument(
  ctx: AppContext,
  principal: Principal,
  upload: Upload,
  ip: string,
): Promise<QuoteDocument> {
  const storageKey = await ctx.storage.put('quotes', upload.buffer);
  try {
    const document = await ctx.db.transaction(async (tx) => {
      const row = await insertDocument(tx, {
        companyId: principal.companyId,
        storageKey,
        fileName: upload.fileName,
        mimeType: upload.mimeType,
        sizeBytes: upload.buffer.length,
        uploadedBy: principal.userId,
      });
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'order.quote_uploaded',
          entityType: 'order_document',
          entityId: row.id,
          data: { fileName: row.fileName, sizeBytes: row.sizeBytes },
        },
      );
      return row;
    });
    return { id: document.id, fileName: document.fileName, sizeBytes: document.sizeBytes };
  } catch (err) {
    await ctx.storage.remove(storageKey);
    throw err;
  }
}

/**
 * The quote document of an order, for its customer or for a transporter who may see the order.
 * Anyone else gets the same 404 as for an order that does not exist.
 */
export async function openQuoteDocument(
  ctx: AppContext,
  principal: Principal,
  orderId: string,
): Promise<{ fileName: string; mimeType: string; stream: Readable }> {
  const order = await loadOrderFor(ctx.db, principal, orderId);
  const document = order.quoteDocumentId ? await findDocument(ctx.db, order.quoteDocumentId) : undefined;
  if (!document) throw notFound('Quote document');
  const stream = await openStoredFile(ctx.storage, document.storageKey, 'Quote document');
  return { fileName: document.fileName, mimeType: document.mimeType, stream };
}
