import {
  MAX_TRIP_DOCUMENT_BYTES,
  TRIP_DOCUMENT_KINDS,
  TRIP_DOCUMENT_KIND_LABELS,
  TRIP_DOCUMENT_TYPES,
  type TripDocument,
  type TripDocumentKind,
} from '@freightlane/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { AppError, notFound } from '../../../errors';
import { audit, type RequestOrigin } from '../../../lib/audit';
import { readUpload } from '../../../lib/upload';
import type { Principal } from '../../../plugins/auth';
import { assertNotCancelled, isDriverActor, loadTripFor, type TripActor } from '../trip-access.service';
import {
  deleteTripDocument,
  findTripDocumentRow,
  insertTripDocument,
  lockTripDocument,
  type TripDocumentRecord,
  type TripDocumentRow,
} from './trip-document.repository';
import { queueNotification } from '../../notification';
import { documentAddedNotification } from '../trip-notifications';
import { openStoredFile } from '../../../plugins/storage';
import { fileSha256, withStored } from '../../../lib/stored-file';
import type { DownloadFile } from '../../../lib/download';

/** The uploader's company, or an admin, may remove a document; the other party only reads it. */
function mayDelete(principal: Principal, document: TripDocumentRecord): boolean {
  return principal.role === 'role_admin' || document.uploadedByCompanyId === principal.companyId;
}

function toTripDocument(principal: Principal, row: TripDocumentRow): TripDocument {
  const { document } = row;
  const person =
    row.uploaderFirstName === null
      ? 'Former user'
      : `${row.uploaderFirstName} ${row.uploaderLastName ?? ''}`.trim() +
        (document.uploadedByDriverId ? ', driver' : '');
  return {
    id: document.id,
    kind: document.kind,
    fileName: document.fileName,
    contentType: document.contentType,
    sizeBytes: document.sizeBytes,
    uploadedBy: `${person} (${row.uploaderCompanyName})`,
    uploadedAt: document.createdAt.toISOString(),
    canDelete: mayDelete(principal, document),
  };
}

/** A trip's documents as `principal` sees them (which of them it may delete), in the order given. */
export function documentsFor(principal: Principal, rows: TripDocumentRow[]): TripDocument[] {
  return rows.map((row) => toTripDocument(principal, row));
}

function documentKindOf(value: string | undefined): TripDocumentKind {
  const kind = TRIP_DOCUMENT_KINDS.find((k) => k === value?.trim());
  if (!kind) {
    const names = TRIP_DOCUMENT_KINDS.map((k) => TRIP_DOCUMENT_KIND_LABELS[k]).join(', ');
    const message = value ? `Choose one of ${names}` : 'Choose what the document is';
    throw new AppError('BAD_REQUEST', message, { errors: [{ field: 'kind', message }] });
  }
  return kind;
}

/** A file already in storage, about to become a document of a trip. */
export interface StoredTripFile {
  kind: TripDocumentKind;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  sha256: string;
}

/**
 * Writes the document row of a stored file, with its audit row, inside the caller's transaction, and
 * answers its id. The trip is locked and checked again because it may have been cancelled while the file
 * arrived.
 */
export async function insertTripDocumentIn(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  actor: TripActor,
  tripId: string,
  file: StoredTripFile,
  origin: RequestOrigin,
): Promise<string> {
  const { trip } = await loadTripFor(tx, actor, tripId, { forUpdate: true });
  assertNotCancelled(trip);
  const document = await insertTripDocument(tx, {
    tripId: trip.id,
    ...file,
    uploadedByUserId: actor.userId,
    uploadedByDriverId: isDriverActor(actor) ? actor.driverId : null,
    uploadedByCompanyId: actor.companyId,
  });
  await audit(tx, actor, origin, {
    action: 'trip.document_uploaded',
    entityType: 'trip_document',
    entityId: document.id,
    data: {
      tripId: trip.id,
      tripNumber: trip.tripNumber,
      kind: file.kind,
      fileName: document.fileName,
      contentType: document.contentType,
      sizeBytes: document.sizeBytes,
    },
  });
  await queueNotification(
    ctx,
    tx,
    documentAddedNotification(
      trip,
      { id: document.id, kind: file.kind, fileName: document.fileName },
      actor.userId,
    ),
  );
  return document.id;
}

/** Puts a trip document's file in storage and runs `record` (lib/stored-file.ts). */
export async function withStoredFile<T>(
  ctx: AppContext,
  buffer: Buffer,
  record: (storageKey: string) => Promise<T>,
): Promise<T> {
  return withStored(ctx.storage, 'trip-documents', buffer, record);
}

/**
 * Stores a document on a trip. The trip is checked before the body is read, so another company's
 * upload is refused without taking its file.
 */
export async function uploadTripDocument(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  request: FastifyRequest,
): Promise<TripDocument> {
  assertNotCancelled((await loadTripFor(ctx.db, principal, tripId)).trip);
  const upload = await readUpload(request, {
    maxBytes: MAX_TRIP_DOCUMENT_BYTES,
    allowed: TRIP_DOCUMENT_TYPES,
  });
  const kind = documentKindOf(upload.fields.kind);
  const documentId = await withStoredFile(ctx, upload.buffer, (storageKey) =>
    ctx.db.transaction((tx) =>
      insertTripDocumentIn(
        ctx,
        tx,
        principal,
        tripId,
        {
          kind,
          fileName: upload.fileName,
          contentType: upload.mimeType,
          sizeBytes: upload.buffer.length,
          storageKey,
          sha256: fileSha256(upload.buffer),
        },
        request,
      ),
    ),
  );
  ctx.jobs.kick();
  const row = await findTripDocumentRow(ctx.db, documentId);
  if (!row) throw notFound('Document');
  return toTripDocument(principal, row);
}

export type TripDocumentFile = DownloadFile;

/** The stored file of a document; a document of someone else's trip is not found. */
export async function openTripDocumentFile(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
): Promise<TripDocumentFile> {
  const row = await findTripDocumentRow(ctx.db, documentId);
  if (!row) throw notFound('Document');
  await loadTripFor(ctx.db, principal, row.document.tripId, { notFoundAs: 'Document' });
  const stream = await openStoredFile(ctx.storage, row.document.storageKey, 'Document file');
  return {
    fileName: row.document.fileName,
    contentType: row.document.contentType,
    sizeBytes: row.document.sizeBytes,
    stream,
  };
}

/**
 * Removes a document: the row first, in a transaction with its audit row, then the stored file. A file
 * already gone is no error, since the row was what made it visible.
 */
export async function deleteTripDocumentFor(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
  request: RequestOrigin & { log: FastifyBaseLogger },
): Promise<void> {
  const storageKey = await ctx.db.transaction(async (tx) => {
    const document = await lockTripDocument(tx, documentId);
    if (!document) throw notFound('Document');
    await loadTripFor(tx, principal, document.tripId, { notFoundAs: 'Document' });
    if (!mayDelete(principal, document)) {
      throw new AppError('FORBIDDEN', 'Only the party that uploaded a document can delete it');
    }
    await deleteTripDocument(tx, document.id);
    await audit(tx, principal, request, {
      action: 'trip.document_deleted',
      entityType: 'trip_document',
      entityId: document.id,
      data: {
        tripId: document.tripId,
        kind: document.kind,
        fileName: document.fileName,
        uploadedByCompanyId: document.uploadedByCompanyId,
      },
    });
    return document.storageKey;
  });
  // The answer stays a success: the document is gone for every user, and a left-over file is unreachable.
  await ctx.storage.remove(storageKey).catch((err: unknown) => {
    request.log.warn({ storageKey, err }, 'Could not remove the file of a deleted trip document');
  });
}
