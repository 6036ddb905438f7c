import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentHeader } from './upload';

/** A stored file on its way to the caller. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  stream: Readable;
}

/** Always a download, never shown inline, so an uploaded file cannot run in the app's origin. */
export function sendDownload(reply: FastifyReply, file: DownloadFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
