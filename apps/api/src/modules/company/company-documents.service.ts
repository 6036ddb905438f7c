import type { Readable } from 'node:stream';
import {
  COMPANY_DOCUMENT_LABELS,
  COMPANY_DOCUMENT_MIME_TYPES,
  MAX_COMPANY_DOCUMENT_BYTES,
  type CompanyDocument,
  type CompanyDocumentType,
} from '@freightlane/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { readUpload } from '../../lib/upload';
import type { Principal } from '../../plugins/auth';
import {
  findCompanyDocument,
  insertCompanyDocument,
  listCompanyDocuments,
  listCurrentCompanyDocuments,
  lockCompany,
  updateCompany,
  type CompanyDocumentRow,
} from '../../queries/company.repository';
import { assessCompany, REQUIRED_DOCUMENTS, statusWhenComplete } from './company-verification.service';
import { openStoredFile } from '../../plugins/storage';

export function toCompanyDocument(row: CompanyDocumentRow): CompanyDocument {
  return {
    id: row.id,
    type: row.type,
    label: COMPANY_DOCUMENT_LABELS[row.type],
    status: row.status,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

function documentTypeOf(principal: Principal, value: string | undefined): CompanyDocumentType {
  const required = REQUIRED_DOCUMENTS[principal.companyType];
  const type = required.find((t) => t === value);
  if (!type) {
    const names = required.map((t) => `${t} (${COMPANY_DOCUMENT_LABELS[t]})`).join(', ');
    const message = value
      ? `Your company does not need this document; choose one of ${names}`
      : 'Choose the document type';
    throw new AppError('BAD_REQUEST', message, { errors: [{ field: 'type', message }] });
  }
  return type;
}

/**
 * Stores a new verification document; the newest of a type is its current one, older ones stay as
 * history. A complete company goes into the review queue, and a verified one that replaces a
 * document is reviewed again.
 */
export async function uploadCompanyDocument(
  ctx: AppContext,
  principal: Principal,
  request: FastifyRequest,
): Promise<CompanyDocument> {
  const upload = await readUpload(request, {
    maxBytes: MAX_COMPANY_DOCUMENT_BYTES,
    allowed: COMPANY_DOCUMENT_MIME_TYPES,
  });
  const type = documentTypeOf(principal, upload.fields.type);
  const storageKey = await ctx.storage.put('company-documents', upload.buffer);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const company = await lockCompany(tx, principal.companyId);
      if (!company) throw notFound('Company');
      const document = await insertCompanyDocument(tx, {
        companyId: company.id,
        type,
        storageKey,
        fileName: upload.fileName,
        mimeType: upload.mimeType,
        sizeBytes: upload.buffer.length,
        uploadedBy: principal.userId,
      });
      const { complete } = assessCompany(company, await listCompanyDocuments(tx, company.id));
      const verificationStatus =
        company.verificationStatus === 'VERIFIED'
          ? 'PENDING_REVIEW'
          : statusWhenComplete(company.verificationStatus, complete);
      if (verificationStatus !== company.verificationStatus) {
        await updateCompany(tx, company.id, { verificationStatus });
      }
      await audit(tx, { userId: principal.userId, companyId: company.id }, request, {
        action: 'company.document_uploaded',
        entityType: 'company_document',
        entityId: document.id,
        data: {
          type,
          fileName: document.fileName,
          mimeType: document.mimeType,
          sizeBytes: document.sizeBytes,
          verificationStatus,
          // The company's status, which an upload can move (to review, or back to it once verified).
          before: { verificationStatus: company.verificationStatus },
          after: { verificationStatus },
        },
      });
      return document;
    });
    // A complete set can move the company to review, which its users' profiles show.
    ctx.principals.forget(`c:${principal.companyId}`);
    return toCompanyDocument(row);
  } catch (err) {
    // The row never made it, so nothing points at the stored file.
    await ctx.storage.remove(storageKey).catch(() => undefined);
    throw err;
  }
}

export async function listCompanyDocumentsOf(ctx: AppContext, companyId: string): Promise<CompanyDocument[]> {
  return (await listCurrentCompanyDocuments(ctx.db, companyId)).map(toCompanyDocument);
}

export interface DocumentFile {
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  stream: Readable;
}

/** The stored file of one document of `companyId`; any other company's document is not found. */
export async function openCompanyDocumentFile(
  ctx: AppContext,
  companyId: string,
  documentId: string,
): Promise<DocumentFile> {
  const document = await findCompanyDocument(ctx.db, companyId, documentId);
  if (!document) throw notFound('Document');
  const stream = await openStoredFile(ctx.storage, document.storageKey, 'Document file');
  return { fileName: document.fileName, mimeType: document.mimeType, sizeBytes: document.sizeBytes, stream };
}
