import {
  COMPANY_DOCUMENT_MIME_TYPES,
  MAX_COMPANY_DOCUMENT_BYTES,
  type CompanyDocument,
  type CompanyDocumentType,
} from '@freightlane/domain';
import type { ApiSession } from '../../../lib/api';
import { fileProblem, uploadFile, type FileRule } from '../../../lib/upload-file';

const COMPANY_DOCUMENT_RULE: FileRule = {
  mimeTypes: COMPANY_DOCUMENT_MIME_TYPES,
  extensions: ['.pdf', '.jpg', '.jpeg', '.png'],
  maxBytes: MAX_COMPANY_DOCUMENT_BYTES,
  kinds: 'a PDF, JPEG or PNG file',
  noun: 'file',
};

/** The browser's own check before sending; the server reads the file's content and checks again. */
export function companyDocumentProblem(file: File): string | null {
  return fileProblem(file, COMPANY_DOCUMENT_RULE);
}

/**
 * POST /api/v1/company/documents (multipart: `type`, then `file`), reporting progress in percent.
 * A 401 renews the session once and sends the file again.
 */
export function uploadCompanyDocument(
  type: CompanyDocumentType,
  file: File,
  session: ApiSession,
  onProgress: (percent: number) => void,
): Promise<CompanyDocument> {
  return uploadFile<CompanyDocument>({
    url: '/api/v1/company/documents',
    file,
    fields: { type },
    session,
    onProgress,
  });
}
