import { and, eq } from 'drizzle-orm';
import type { OrderDetail, OrderItem, QuoteDocument } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';
import { selectOrderRows, toOrderSummaries } from './order-summary';
import {
  findDocument,
  listItemsWithTrips,
  listOrderTrips,
  listReceivedBids,
  type OrderItemRecord,
} from './order.repository';

type ItemRow = Awaited<ReturnType<typeof listItemsWithTrips>>[number];

/** An order item as every view shows it; weights are stored in kilograms, shown in tonnes. */
export function toOrderItem(row: {
  item: OrderItemRecord;
  liner: ItemRow['liner'];
  tripId: string | null;
  tripNumber: string | null;
}): OrderItem {
  const { item } = row;
  return {
    id: item.id,
    position: item.position,
    containerNumber: item.containerNumber,
    containerSize: item.containerSize,
    liner: row.liner?.id ? row.liner : null,
    deliveryOrderValidityDate: item.deliveryOrderValidityDate,
    description: item.description,
    quantity: item.quantity,
    weightTonnes: item.weightKg === null ? null : item.weightKg / 1000,
    truckType: item.truckType,
    awardedBidId: item.awardedBidId,
    tripId: row.tripId,
    tripNumber: row.tripNumber,
  };
}

export async function loadQuoteDocument(
  db: Executor,
  documentId: string | null,
): Promise<QuoteDocument | null> {
  if (!documentId) return null;
  const doc = await findDocument(db, documentId);
  return doc ? { id: doc.id, fileName: doc.fileName, sizeBytes: doc.sizeBytes } : null;
}

/** The whole order as its customer sees it; another company's order is not found. */
export async function loadCustomerOrderDetail(
  db: Executor,
  orderId: string,
  customerCompanyId: string,
): Promise<OrderDetail> {
  const rows = await selectOrderRows(db).where(
    and(eq(orders.id, orderId), eq(orders.customerCompanyId, customerCompanyId)),
  );
  const row = rows[0];
  if (!row) throw notFound('Order');
  const { order } = row;
  const [[summary], items, quoteDocument, bids, trips] = await Promise.all([
    toOrderSummaries(db, rows),
    listItemsWithTrips(db, order.id),
    loadQuoteDocument(db, order.quoteDocumentId),
    listReceivedBids(db, order),
    listOrderTrips(db, order.id),
  ]);
  return {
    ...summary!,
    items: items.map(toOrderItem),
    quoteDocument,
    cancellationReason: order.cancellationReason,
    awardedAt: order.awardedAt?.toISOString() ?? null,
    bids: bids.map(({ bid, transporterName, preferredPartner }) => ({
      id: bid.id,
      transporterCompanyId: bid.transporterCompanyId,
      transporterName,
      transporterRating: null,
      preferredPartner: Boolean(preferredPartner),
      amountKobo: bid.amountKobo,
      trucksAvailable: bid.trucksAvailable,
      note: bid.note,
      status: bid.status,
      createdAt: bid.createdAt.toISOString(),
      updatedAt: bid.updatedAt.toISOString(),
    })),
    trips: trips.map((t) => ({ ...t, amountKobo: Number(t.amountKobo) })),
  };
}
