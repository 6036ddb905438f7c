import {
  COMPANY_DOCUMENT_MIME_TYPES,
  MAX_COMPANY_DOCUMENT_BYTES,
  type CompanyDocument,
  type CompanyDocumentType,
} from '@freightlane/domain';
import { uploadFile, type UploadSession } from '../../../lib/upload-file';

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

/**
 * POST /api/v1/company/documents (multipart: `type`, then `file`), reporting progress in percent.
 * A 401 renews the session once and sends the file again.
 */
export function uploadCompanyDocument(
  type: CompanyDocumentType,
  file: File,
  session: UploadSession,
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
