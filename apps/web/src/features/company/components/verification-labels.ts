import type { CompanyDocumentsValidation, VerificationStatus } from '@freightlane/domain';

type DetailField = CompanyDocumentsValidation['missingDetails'][number];
type DocumentStatus = CompanyDocumentsValidation['documents'][number]['status'];

export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, { label: string; color: string }> = {
  UNVERIFIED: { label: 'Not verified', color: 'orange' },
  PENDING_REVIEW: { label: 'Under review', color: 'blue' },
  VERIFIED: { label: 'Verified', color: 'green' },
  REJECTED: { label: 'Rejected', color: 'red' },
};

export const DETAIL_LABELS: Record<DetailField, string> = {
  cacRegistrationNumber: 'CAC registration number',
  tin: 'Tax identification number (TIN)',
  address: 'Company address',
  contactPhone: 'Contact phone number',
};

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, { label: string; color: string }> = {
  MISSING: { label: 'Missing', color: 'gray' },
  PENDING_REVIEW: { label: 'Awaiting review', color: 'blue' },
  APPROVED: { label: 'Approved', color: 'green' },
  REJECTED: { label: 'Rejected', color: 'red' },
};
