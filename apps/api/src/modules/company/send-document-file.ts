import type { FastifyReply } from 'fastify';
import { attachmentHeader } from '../../lib/upload';
import type { DocumentFile } from './company-documents.service';

/** Always a download, never shown inline, so an uploaded file cannot run in the app's origin. */
export function sendDocumentFile(reply: FastifyReply, file: DocumentFile) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
