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
import {
  findCompany,
  listCompanyDocuments,
  listCurrentCompanyDocuments,
  lockCompany,
  reviewCompanyDocuments,
  updateCompany,
} from '../../queries/company.repository';
import { openCompanyDocumentFile, toCompanyDocument, assessCompany, type DocumentFile } from '../company';
import { toCompany } from '../user';
import type { CompanyRow } from '../../queries/user.repository';
import {
  countAdminCompanies,
  findCompanyOwner,
  listAdminCompanies,
  type AdminCompanyFilter,
} from './admin-company.repository';
import { queueNotification } from '../notification';
import {
  companyRejectedNotification,
  companySuspendedNotification,
  companyVerifiedNotification,
} from './admin-company-notifications';
import { readAll } from '../../db/read-all';
import { announceCompanyPrincipalsChanged } from '../../queries/change-notice.repository';

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
  const filter = {
    status: query.status,
    type: query.type,
    q: query.q || undefined,
    suspended: query.suspended,
  };
  const [rows, total] = await readAll(ctx.db, [
    () => listAdminCompanies(ctx.db, filter, { offset: query.page * query.size, limit: query.size }),
    () => countAdminCompanies(ctx.db, filter),
  ]);
  const content = rows.map((row) => ({
    ...row,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
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
    suspendedAt: company.suspendedAt?.toISOString() ?? null,
    suspensionReason: company.suspensionReason,
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
    await queueNotification(ctx, tx, companyVerifiedNotification(company));
    await audit(
      tx,
      { userId: principal.userId, companyId: company.id },
      { ip },
      {
        action: 'company.verified',
        entityType: 'company',
        entityId: company.id,
        data: {
          before: {
            verificationStatus: company.verificationStatus,
            rejectionReason: company.rejectionReason,
          },
          after: { verificationStatus: 'VERIFIED', rejectionReason: null },
          documentIds,
        },
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
    await queueNotification(ctx, tx, companyRejectedNotification(company, reason));
    await audit(
      tx,
      { userId: principal.userId, companyId: company.id },
      { ip },
      {
        action: 'company.rejected',
        entityType: 'company',
        entityId: company.id,
        data: {
          reason,
          before: {
            verificationStatus: company.verificationStatus,
            rejectionReason: company.rejectionReason,
          },
          after: { verificationStatus: 'REJECTED', rejectionReason: reason },
          documentIds,
        },
      },
    );
    return detailOf(tx, updated!);
  });
  ctx.jobs.kick();
  return detail;
}

/**
 * Suspends a company: its users cannot sign in, and their sessions stop working at once on every
 * instance. The session check refuses a suspended company; migration 0004's trigger announces changes
 * to a company's type and verification only, so the suspension announces itself on the same channel.
 */
export async function suspendCompany(
  ctx: AppContext,
  principal: Principal,
  companyId: string,
  reason: string,
  ip: string,
): Promise<AdminCompanyDetail> {
  const detail = await ctx.db.transaction(async (tx) => {
    const company = await reviewableCompany(tx, companyId, true);
    if (company.suspendedAt) throw new AppError('CONFLICT', 'This company is already suspended.');
    const suspendedAt = new Date();
    const updated = await updateCompany(tx, company.id, { suspendedAt, suspensionReason: reason });
    await announceCompanyPrincipalsChanged(tx, company.id);
    await audit(
      tx,
      { userId: principal.userId, companyId: company.id },
      { ip },
      {
        action: 'company.suspended',
        entityType: 'company',
        entityId: company.id,
        data: {
          reason,
          before: { suspendedAt: null, suspensionReason: null },
          after: { suspendedAt: suspendedAt.toISOString(), suspensionReason: reason },
        },
      },
    );
    await queueNotification(ctx, tx, companySuspendedNotification(company, reason));
    return detailOf(tx, updated!);
  });
  // This instance forgets at once; the others when the announcement reaches them a moment after commit.
  ctx.principals.forget(`c:${companyId}`);
  ctx.jobs.kick();
  return detail;
}

/** Lifts a suspension: the company's users may sign in again. */
export async function unsuspendCompany(
  ctx: AppContext,
  principal: Principal,
  companyId: string,
  ip: string,
): Promise<AdminCompanyDetail> {
  return ctx.db.transaction(async (tx) => {
    const company = await reviewableCompany(tx, companyId, true);
    if (!company.suspendedAt) throw new AppError('CONFLICT', 'This company is not suspended.');
    const updated = await updateCompany(tx, company.id, { suspendedAt: null, suspensionReason: null });
    await announceCompanyPrincipalsChanged(tx, company.id);
    await audit(
      tx,
      { userId: principal.userId, companyId: company.id },
      { ip },
      {
        action: 'company.unsuspended',
        entityType: 'company',
        entityId: company.id,
        data: {
          before: {
            suspendedAt: company.suspendedAt.toISOString(),
            suspensionReason: company.suspensionReason,
          },
          after: { suspendedAt: null, suspensionReason: null },
        },
      },
    );
    return detailOf(tx, updated!);
  });
}
