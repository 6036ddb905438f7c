import {
  COMPANY_DOCUMENT_LABELS,
  toPage,
  type AdminCompanyDetail,
  type AdminCompanySummary,
  type CompanyDocumentsValidation,
  type Page,
  type PageQuery,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { MAIL_JOB } from '../../plugins/mail';
import {
  findCompany,
  listCompanyDocuments,
  listCurrentCompanyDocuments,
  lockCompany,
  reviewCompanyDocuments,
  updateCompany,
} from '../../queries/company.repository';
import {
  openCompanyDocumentFile,
  toCompanyDocument,
  type DocumentFile,
} from '../company/company-documents.service';
import { assessCompany } from '../company/company-verification';
import { toCompany } from '../user/profile.service';
import type { CompanyRow } from '../../queries/user.repository';
import {
  countAdminCompanies,
  findCompanyOwner,
  listAdminCompanies,
  listCompanyRecipients,
  type AdminCompanyFilter,
} from './admin-company.repository';
import { companyRejectedEmail, companyVerifiedEmail } from './admin-company-mail';
import { readAll } from '../../db/read-all';

const DETAIL_NAMES: Record<CompanyDocumentsValidation['missingDetails'][number], string> = {
  cacRegistrationNumber: 'CAC registration number',
  tin: 'TIN',
  address: 'address',
  contactPhone: 'contact phone',
};

export async function listCompaniesForReview(
  ctx: AppContext,
  query: PageQuery & AdminCompanyFilter,
): Promise<Page<AdminCompanySummary>> {
  const filter = { status: query.status, type: query.type, q: query.q || undefined };
  const [rows, total] = await readAll(ctx.db, [
    () => listAdminCompanies(ctx.db, filter, { offset: query.page * query.size, limit: query.size }),
    () => countAdminCompanies(ctx.db, filter),
  ]);
  const content = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
  return toPage(content, total, query);
}

/** Customer and transporter companies only: the platform's own company is not reviewed. */
async function reviewableCompany(db: Executor, companyId: string, lock = false): Promise<CompanyRow> {
  const company = lock ? await lockCompany(db, companyId) : await findCompany(db, companyId);
  if (!company || company.type === 'PLATFORM') throw notFound('Company');
  return company;
}

async function detailOf(db: Executor, company: CompanyRow): Promise<AdminCompanyDetail> {
  // One after another: inside a transaction they share one connection.
  const owner = await findCompanyOwner(db, company.id);
  const current = await listCurrentCompanyDocuments(db, company.id);
  const uploaded = await listCompanyDocuments(db, company.id);
  const assessment = assessCompany(company, uploaded);
  return {
    ...toCompany(company),
    ownerEmail: owner?.email ?? null,
    ownerName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : null,
    createdAt: company.createdAt.toISOString(),
    verifiedAt: company.verifiedAt?.toISOString() ?? null,
    documents: current.map(toCompanyDocument),
    missingDetails: assessment.missingDetails,
    missingDocuments: assessment.missingDocuments,
  };
}

export async function getCompanyForReview(ctx: AppContext, companyId: string): Promise<AdminCompanyDetail> {
  return detailOf(ctx.db, await reviewableCompany(ctx.db, companyId));
}

export async function openCompanyDocumentForReview(
  ctx: AppContext,
  companyId: string,
  documentId: string,
): Promise<DocumentFile> {
  await reviewableCompany(ctx.db, companyId);
  return openCompanyDocumentFile(ctx, companyId, documentId);
}

function incomplete(missingDetails: string[], missingDocuments: string[]): AppError {
  const names = [
    ...missingDetails.map((f) => DETAIL_NAMES[f as keyof typeof DETAIL_NAMES] ?? f),
    ...missingDocuments.map((t) => COMPANY_DOCUMENT_LABELS[t as keyof typeof COMPANY_DOCUMENT_LABELS] ?? t),
  ];
  return new AppError(
    'CONFLICT',
    `This company cannot be verified yet. Missing or rejected: ${names.join(', ')}.`,
    {
      errors: [
        ...missingDetails.map((field) => ({ field, message: 'Missing' })),
        ...missingDocuments.map((type) => ({ field: `documents.${type}`, message: 'Missing or rejected' })),
      ],
    },
  );
}

/** Verifies a complete company: its current documents are approved and its users may do business at once. */
export async function verifyCompany(
  ctx: AppContext,
  principal: Principal,
  companyId: string,
  ip: string,
): Promise<AdminCompanyDetail> {
  const detail = await ctx.db.transaction(async (tx) => {
    const company = await reviewableCompany(tx, companyId, true);
    if (company.verificationStatus === 'VERIFIED') {
      throw new AppError('CONFLICT', 'This company is already verified.');
    }
    const assessment = assessCompany(company, await listCompanyDocuments(tx, company.id));
    if (!assessment.complete) throw incomplete(assessment.missingDetails, assessment.missingDocuments);
    const documentIds = (await listCurrentCompanyDocuments(tx, company.id)).map((d) => d.id);
    await reviewCompanyDocuments(tx, company.id, documentIds, {
      status: 'APPROVED',
      reviewedBy: principal.userId,
      rejectionReason: null,
    });
    const updated = await updateCompany(tx, company.id, {
      verificationStatus: 'VERIFIED',
      verifiedAt: new Date(),
      rejectionReason: null,
    });
    for (const user of await listCompanyRecipients(tx, company.id)) {
      await ctx.jobs.enqueue(tx, MAIL_JOB, {
        to: user.email,
        ...companyVerifiedEmail(user.firstName, company, `${ctx.env.appUrl}/signin`),
      });
    }
    await audit(
      tx,
      { userId: principal.userId, companyId: company.id },
      { ip },
      {
        action: 'company.verified',
        entityType: 'company',
        entityId: company.id,
        data: { previousStatus: company.verificationStatus, documentIds },
      },
    );
    return detailOf(tx, updated!);
  });
  ctx.jobs.kick();
  return detail;
}

/** Rejects a company with a reason its users read; the documents still awaiting review are rejected with it. */
export async function rejectCompany(
  ctx: AppContext,
  principal: Principal,
  companyId: string,
  reason: string,
  ip: string,
): Promise<AdminCompanyDetail> {
  const detail = await ctx.db.transaction(async (tx) => {
    const company = await reviewableCompany(tx, companyId, true);
    const documentIds = (await listCurrentCompanyDocuments(tx, company.id))
      .filter((d) => d.status === 'PENDING_REVIEW')
      .map((d) => d.id);
    await reviewCompanyDocuments(tx, company.id, documentIds, {
      status: 'REJECTED',
      reviewedBy: principal.userId,
      rejectionReason: reason,
    });
    const updated = await updateCompany(tx, company.id, {
      verificationStatus: 'REJECTED',
      verifiedAt: null,
      rejectionReason: reason,
    });
    for (const user of await listCompanyRecipients(tx, company.id)) {
      await ctx.jobs.enqueue(tx, MAIL_JOB, {
        to: user.email,
        ...companyRejectedEmail(user.firstName, company.name, reason, `${ctx.env.appUrl}/company`),
      });
    }
    await audit(
      tx,
      { userId: principal.userId, companyId: company.id },
      { ip },
      {
        action: 'company.rejected',
        entityType: 'company',
        entityId: company.id,
        data: { previousStatus: company.verificationStatus, reason, documentIds },
      },
    );
    return detailOf(tx, updated!);
  });
  ctx.jobs.kick();
  return detail;
}
