import type { OrderItem, QuoteDocument } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import type { OrderRecord } from './order-access.service';
import { toOrderItem, type TransporterViewer } from './order-item.service';
import { findDocument, listItemsWithTrips } from './order.repository';
import { readAll } from '../../db/read-all';

export interface OrderContents {
  items: OrderItem[];
  quoteDocument: QuoteDocument | null;
}

async function loadQuoteDocument(db: Executor, documentId: string | null): Promise<QuoteDocument | null> {
  if (!documentId) return null;
  const doc = await findDocument(db, documentId);
  return doc ? { id: doc.id, fileName: doc.fileName, sizeBytes: doc.sizeBytes } : null;
}

/**
 * What an order carries, its items and its quote document, as its customer or, when one is named, a
 * transporter sees them. The caller has already checked that it may see the order.
 */
export async function loadOrderContents(
  db: Executor,
  order: Pick<OrderRecord, 'id' | 'quoteDocumentId'>,
  transporter?: TransporterViewer,
): Promise<OrderContents> {
  const [items, quoteDocument] = await readAll(db, [
    () => listItemsWithTrips(db, order.id),
    () => loadQuoteDocument(db, order.quoteDocumentId),
  ]);
  return { items: items.map((row) => toOrderItem(row, transporter)), quoteDocument };
}
