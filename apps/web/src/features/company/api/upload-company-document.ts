import {
  COMPANY_DOCUMENT_MIME_TYPES,
  MAX_COMPANY_DOCUMENT_BYTES,
  type CompanyDocument,
  type CompanyDocumentType,
} from '@freightlane/domain';
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from '../../../lib/api';

/** What an upload needs of the session: the token, a way to renew it, and what to do when it cannot be. */
export interface UploadAuth {
  getAccessToken(): string | null;
  refresh(): Promise<boolean>;
  onSessionExpired(): void;
}

const EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'];

/** The browser's own check before sending; the server reads the file's content and checks again. */
export function companyDocumentProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  const typeOk = file.type
    ? (COMPANY_DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)
    : EXTENSIONS.some((extension) => name.endsWith(extension));
  if (!typeOk) return 'Choose a PDF, JPEG or PNG file.';
  if (file.size === 0) return 'This file is empty. Choose the file again.';
  if (file.size > MAX_COMPANY_DOCUMENT_BYTES) return 'The file must be at most 10 MB.';
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

function send(
  form: FormData,
  token: string | null,
  onProgress: (percent: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress, which matters on slow networks.
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/company/documents');
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve({ status: request.status, body: parseJson(request.responseText) });
    request.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR'));
    request.send(form);
  });
}

/**
 * POST /api/v1/company/documents (multipart: `type`, then `file`), reporting progress in percent.
 * A 401 renews the session once and sends the file again.
 */
export async function uploadCompanyDocument(
  type: CompanyDocumentType,
  file: File,
  auth: UploadAuth,
  onProgress: (percent: number) => void,
): Promise<CompanyDocument> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file, file.name);
  const token = auth.getAccessToken();
  let answer = await send(form, token, onProgress);
  if (answer.status === 401 && token) {
    if ((await auth.refresh()) && auth.getAccessToken()) {
      onProgress(0);
      answer = await send(form, auth.getAccessToken(), onProgress);
      if (answer.status === 401) auth.onSessionExpired();
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw toApiError(answer.status, answer.body);
  return answer.body as CompanyDocument;
}
