import type { CompanyDocumentsValidation, VerificationStatus } from '@freightlane/domain';
import english from '../catalog/en-NG.json';
import { useCompanyText } from '../text';

type DetailField = CompanyDocumentsValidation['missingDetails'][number];
type DocumentStatus = CompanyDocumentsValidation['documents'][number]['status'];

export const VERIFICATION_STATUS_COLORS: Record<VerificationStatus, string> = {
  UNVERIFIED: 'orange',
  PENDING_REVIEW: 'blue',
  VERIFIED: 'green',
  REJECTED: 'red',
};

export const DOCUMENT_STATUS_COLORS: Record<DocumentStatus, string> = {
  MISSING: 'gray',
  PENDING_REVIEW: 'blue',
  APPROVED: 'green',
  REJECTED: 'red',
};

/** The labels in the app's language: `labels.verificationStatus(status)`, `labels.detail(field)`... */
export function useVerificationLabels() {
  const t = useCompanyText();
  return {
    verificationStatus: (status: VerificationStatus) => t(`verificationStatus.${status}`),
    detail: (field: DetailField) => t(`detail.${field}`),
    documentStatus: (status: DocumentStatus) => t(`documentStatus.${status}`),
  };
}

// The English labels, for screens of other features that are not in the app's language yet; they read the
// English catalog, so the two never say different things.

export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, { label: string; color: string }> = {
  UNVERIFIED: {
    label: english['verificationStatus.UNVERIFIED'],
    color: VERIFICATION_STATUS_COLORS.UNVERIFIED,
  },
  PENDING_REVIEW: {
    label: english['verificationStatus.PENDING_REVIEW'],
    color: VERIFICATION_STATUS_COLORS.PENDING_REVIEW,
  },
  VERIFIED: { label: english['verificationStatus.VERIFIED'], color: VERIFICATION_STATUS_COLORS.VERIFIED },
  REJECTED: { label: english['verificationStatus.REJECTED'], color: VERIFICATION_STATUS_COLORS.REJECTED },
};

export const DETAIL_LABELS: Record<DetailField, string> = {
  cacRegistrationNumber: english['detail.cacRegistrationNumber'],
  tin: english['detail.tin'],
  address: english['detail.address'],
  contactPhone: english['detail.contactPhone'],
};

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, { label: string; color: string }> = {
  MISSING: { label: english['documentStatus.MISSING'], color: DOCUMENT_STATUS_COLORS.MISSING },
  PENDING_REVIEW: {
    label: english['documentStatus.PENDING_REVIEW'],
    color: DOCUMENT_STATUS_COLORS.PENDING_REVIEW,
  },
  APPROVED: { label: english['documentStatus.APPROVED'], color: DOCUMENT_STATUS_COLORS.APPROVED },
  REJECTED: { label: english['documentStatus.REJECTED'], color: DOCUMENT_STATUS_COLORS.REJECTED },
};
