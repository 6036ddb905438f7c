import {
  COMPANY_DOCUMENT_LABELS,
  type CompanyDocumentType,
  type CompanyDocumentsValidation,
  type CompanyType,
  type VerificationStatus,
} from '@freightlane/domain';
import type { CompanyRow } from '../../queries/user.repository';

/** What each kind of company must upload before an admin can verify it. */
export const REQUIRED_DOCUMENTS: Record<CompanyType, CompanyDocumentType[]> = {
  CUSTOMER: ['CAC_CERTIFICATE'],
  TRANSPORTER: ['CAC_CERTIFICATE', 'OPERATING_LICENCE', 'GIT_INSURANCE'],
  PLATFORM: [],
};

export type Assessment = Omit<CompanyDocumentsValidation, 'verificationStatus'>;

type CompanyFacts = Pick<CompanyRow, 'type' | 'cacRegistrationNumber' | 'tin' | 'address' | 'contactPhone'>;

/**
 * What stands between a company and verification. `uploaded` is newest first, so the first row of a
 * type is its current document; a rejected current document counts as missing.
 */
export function assessCompany(
  company: CompanyFacts,
  uploaded: readonly { type: CompanyDocumentType; status: 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED' }[],
): Assessment {
  const documents = REQUIRED_DOCUMENTS[company.type].map((type) => {
    const latest = uploaded.find((d) => d.type === type);
    return { type, label: COMPANY_DOCUMENT_LABELS[type], status: latest?.status ?? ('MISSING' as const) };
  });
  // The platform's own company is never reviewed, so it lacks nothing.
  const missingDetails =
    company.type === 'PLATFORM'
      ? []
      : [
          ...(company.cacRegistrationNumber ? [] : ['cacRegistrationNumber' as const]),
          ...(company.tin ? [] : ['tin' as const]),
          ...(company.address ? [] : ['address' as const]),
          ...(company.contactPhone ? [] : ['contactPhone' as const]),
        ];
  const missingDocuments = documents
    .filter((d) => d.status === 'MISSING' || d.status === 'REJECTED')
    .map((d) => d.type);
  const awaitingReview = documents.filter((d) => d.status === 'PENDING_REVIEW').map((d) => d.type);
  return {
    complete: missingDetails.length === 0 && missingDocuments.length === 0,
    missingDetails,
    documents,
    missingDocuments,
    awaitingReview,
  };
}

/** A company that has just become complete goes into the review queue. */
export function statusWhenComplete(current: VerificationStatus, complete: boolean): VerificationStatus {
  return complete && (current === 'UNVERIFIED' || current === 'REJECTED') ? 'PENDING_REVIEW' : current;
}
