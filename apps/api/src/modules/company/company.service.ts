import {
  COMPANY_DOCUMENT_LABELS,
  type Company,
  type CompanyDocumentType,
  type CompanyDocumentsValidation,
  type CompanyType,
  type UpdateCompanyRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { toCompany } from '../user/profile.service';
import { findCompany, listCompanyDocuments, updateCompany } from './company.repository';

/** What each kind of company must upload before an admin can verify it. */
export const REQUIRED_DOCUMENTS: Record<CompanyType, CompanyDocumentType[]> = {
  CUSTOMER: ['CAC_CERTIFICATE'],
  TRANSPORTER: ['CAC_CERTIFICATE', 'OPERATING_LICENCE', 'GIT_INSURANCE'],
  PLATFORM: [],
};

export async function updateCompanyDetails(
  ctx: AppContext,
  principal: Principal,
  input: UpdateCompanyRequest,
): Promise<Company> {
  const updated = await ctx.db.transaction(async (tx) => {
    const current = await findCompany(tx, principal.companyId);
    if (!current) throw notFound('Company');
    // A verified company that changes its legal identity must be checked again.
    const identityChanged =
      current.name !== input.name ||
      current.cacRegistrationNumber !== input.cacRegistrationNumber ||
      current.tin !== input.tin;
    const verificationStatus =
      current.verificationStatus === 'VERIFIED' && identityChanged
        ? 'PENDING_REVIEW'
        : current.verificationStatus;
    const row = await updateCompany(tx, principal.companyId, { ...input, verificationStatus });
    await recordAudit(tx, {
      actorUserId: principal.userId,
      companyId: principal.companyId,
      action: 'company.details_updated',
      entityType: 'company',
      entityId: principal.companyId,
      data: { ...input, verificationStatus },
    });
    return row!;
  });
  return toCompany(updated);
}

export async function validateCompanyDocuments(
  ctx: AppContext,
  principal: Principal,
): Promise<CompanyDocumentsValidation> {
  const company = await findCompany(ctx.db, principal.companyId);
  if (!company) throw notFound('Company');
  const uploaded = await listCompanyDocuments(ctx.db, company.id);
  const documents = REQUIRED_DOCUMENTS[company.type].map((type) => {
    const latest = uploaded.find((d) => d.type === type);
    return { type, label: COMPANY_DOCUMENT_LABELS[type], status: latest?.status ?? ('MISSING' as const) };
  });
  const missingDetails = [
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
    verificationStatus: company.verificationStatus,
    complete: missingDetails.length === 0 && missingDocuments.length === 0,
    missingDetails: company.type === 'PLATFORM' ? [] : missingDetails,
    documents,
    missingDocuments,
    awaitingReview,
  };
}
