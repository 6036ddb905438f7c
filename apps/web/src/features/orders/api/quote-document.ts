import { MAX_QUOTE_DOCUMENT_BYTES, type QuoteDocument } from '@freightlane/domain';
import { useMemo } from 'react';
import { useSessionStore } from '../../../app/session-context';
import { ApiError, NETWORK_ERROR_MESSAGE, downloadFile, toApiError } from '../../../lib/api';

/** What a file call needs of the session: the token, a way to renew it, and what to do when it cannot be. */
export interface FileCallAuth {
  getAccessToken(): string | null;
  refresh(): Promise<boolean>;
  onSessionExpired(): void;
}

export function useFileCallAuth(): FileCallAuth {
  const store = useSessionStore();
  return useMemo(
    () => ({
      getAccessToken: () => store.getAccessToken(),
      refresh: () => store.refresh(),
      onSessionExpired: () => store.expire(),
    }),
    [store],
  );
}

/** The browser's own check before the upload starts; the server checks the same again. */
export function quoteDocumentProblem(file: File): string | null {
  const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!isPdf) return 'The quote document must be a PDF file.';
  if (file.size > MAX_QUOTE_DOCUMENT_BYTES) return 'The quote document must be at most 10 MB.';
  if (file.size === 0) return 'This file is empty. Choose the PDF again.';
  return null;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sendUpload(
  file: File,
  token: string | null,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress.
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/orders/quote-documents');
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve({ status: request.status, body: parseJson(request.responseText) });
    request.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR'));
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/**
 * POST /api/v1/orders/quote-documents (multipart field `file`): uploads the PDF at once, reporting
 * progress in percent, and answers its id and name for the order draft. A 401 renews the session once.
 */
export async function uploadQuoteDocument(
  file: File,
  auth: FileCallAuth,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<QuoteDocument> {
  const token = auth.getAccessToken();
  let answer = await sendUpload(file, token, onProgress, signal);
  if (answer.status === 401 && token) {
    if ((await auth.refresh()) && auth.getAccessToken()) {
      onProgress(0);
      answer = await sendUpload(file, auth.getAccessToken(), onProgress, signal);
      if (answer.status === 401) auth.onSessionExpired();
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw toApiError(answer.status, answer.body);
  return answer.body as QuoteDocument;
}

/** GET /api/v1/orders/{id}/quote-document: saves the attachment under its own name. */
export function downloadQuoteDocument(orderId: string, fileName: string): Promise<void> {
  return downloadFile(`/api/v1/orders/${encodeURIComponent(orderId)}/quote-document`, fileName);
}
