import type { Company, CompanyDocumentsValidation, UpdateCompanyRequest } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { audit, changeOf } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { toCompany } from '../user';
import {
  findCompany,
  listCompanyDocuments,
  lockCompany,
  updateCompany,
} from '../../queries/company.repository';
import { assessCompany, statusWhenComplete } from './company-verification.service';

export { REQUIRED_DOCUMENTS } from './company-verification.service';

export async function updateCompanyDetails(
  ctx: AppContext,
  principal: Principal,
  input: UpdateCompanyRequest,
  ip: string,
): Promise<Company> {
  const updated = await ctx.db.transaction(async (tx) => {
    const current = await lockCompany(tx, principal.companyId);
    if (!current) throw notFound('Company');
    // A verified company that changes its legal identity must be checked again.
    const identityChanged =
      current.name !== input.name ||
      current.cacRegistrationNumber !== input.cacRegistrationNumber ||
      current.tin !== input.tin;
    const afterIdentity =
      current.verificationStatus === 'VERIFIED' && identityChanged
        ? 'PENDING_REVIEW'
        : current.verificationStatus;
    const { complete } = assessCompany(
      { ...current, ...input },
      await listCompanyDocuments(tx, principal.companyId),
    );
    const verificationStatus = statusWhenComplete(afterIdentity, complete);
    const row = await updateCompany(tx, principal.companyId, { ...input, verificationStatus });
    await audit(
      tx,
      principal,
      { ip },
      {
        action: 'company.details_updated',
        entityType: 'company',
        entityId: principal.companyId,
        data: changeOf(current, { ...input, verificationStatus }),
      },
    );
    return row!;
  });
  // The profile this instance remembers for the company's users is stale now; others hear it announced.
  ctx.principals.forget(`c:${principal.companyId}`);
  return toCompany(updated);
}

export async function validateCompanyDocuments(
  ctx: AppContext,
  principal: Principal,
): Promise<CompanyDocumentsValidation> {
  const company = await findCompany(ctx.db, principal.companyId);
  if (!company) throw notFound('Company');
  const uploaded = await listCompanyDocuments(ctx.db, company.id);
  return { verificationStatus: company.verificationStatus, ...assessCompany(company, uploaded) };
}
