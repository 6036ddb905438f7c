import { z } from 'zod';
import { VERIFICATION_STATUSES } from './profile';

export const COMPANY_DOCUMENT_TYPES = ['CAC_CERTIFICATE', 'OPERATING_LICENCE', 'GIT_INSURANCE'] as const;
export type CompanyDocumentType = (typeof COMPANY_DOCUMENT_TYPES)[number];

export const COMPANY_DOCUMENT_LABELS: Record<CompanyDocumentType, string> = {
  CAC_CERTIFICATE: 'CAC certificate',
  OPERATING_LICENCE: 'Operating licence',
  GIT_INSURANCE: 'Goods-in-transit insurance',
};

export const DOCUMENT_REVIEW_STATUSES = ['MISSING', 'PENDING_REVIEW', 'APPROVED', 'REJECTED'] as const;

export const COMPANY_DETAIL_FIELDS = ['cacRegistrationNumber', 'tin', 'address', 'contactPhone'] as const;

/** GET /api/v1/company/documents/validate: what still stands between the company and verification. */
export const companyDocumentsValidation = z.object({
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  complete: z.boolean().describe('True when every detail and document is in and none is rejected'),
  missingDetails: z.array(z.enum(COMPANY_DETAIL_FIELDS)),
  documents: z.array(
    z.object({
      type: z.enum(COMPANY_DOCUMENT_TYPES),
      label: z.string(),
      status: z.enum(DOCUMENT_REVIEW_STATUSES),
    }),
  ),
  missingDocuments: z.array(z.enum(COMPANY_DOCUMENT_TYPES)),
  awaitingReview: z.array(z.enum(COMPANY_DOCUMENT_TYPES)),
});
export type CompanyDocumentsValidation = z.infer<typeof companyDocumentsValidation>;

export const MAX_COMPANY_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Scans and photos of certificates are accepted as well as PDFs. */
export const COMPANY_DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const companyDocumentSchema = z.object({
  id: z.string(),
  type: z.enum(COMPANY_DOCUMENT_TYPES),
  label: z.string(),
  status: z.enum(['PENDING_REVIEW', 'APPROVED', 'REJECTED']),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type CompanyDocument = z.infer<typeof companyDocumentSchema>;
export const companyDocumentListResponse = z.array(companyDocumentSchema);
export const companyDocumentIdParams = z.object({ id: z.uuid({ error: 'Document not found' }) });
