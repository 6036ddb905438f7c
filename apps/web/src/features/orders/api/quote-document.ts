import { MAX_QUOTE_DOCUMENT_BYTES, type QuoteDocument } from '@freightlane/domain';
import type { ApiClient, ApiSession } from '../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';
import type { OrdersKey } from '../text';

/**
 * The browser's own check before the upload starts, as the catalog key of what is wrong; the server
 * checks the same again.
 */
export function quoteDocumentProblem(file: File): OrdersKey | null {
  const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!isPdf) return 'quote.notPdf';
  if (file.size > MAX_QUOTE_DOCUMENT_BYTES) return 'quote.tooBig';
  if (file.size === 0) return 'quote.empty';
  return null;
}

/**
 * POST /api/v1/orders/quote-documents (multipart field `file`): uploads the PDF at once, reporting
 * progress in percent, and answers its id and name for the order draft. A 401 renews the session once.
 */
export function uploadQuoteDocument(
  file: File,
  session: ApiSession,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<QuoteDocument> {
  return uploadFile<QuoteDocument>({
    url: '/api/v1/orders/quote-documents',
    file,
    session,
    onProgress,
    signal,
  });
}

/** GET /api/v1/orders/{id}/quote-document: saves the attachment under its own name. */
export function downloadQuoteDocument(api: ApiClient, orderId: string, fileName: string): Promise<void> {
  return api.downloadFile(`/api/v1/orders/${encodeURIComponent(orderId)}/quote-document`, fileName);
}
