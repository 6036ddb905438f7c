import { and, asc, eq, inArray } from 'drizzle-orm';
import { COMPANY_DOCUMENT_LABELS, type CompanyDocumentType } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { REQUIRED_DOCUMENTS } from '../../modules/company/company.service';
import { insertCompanyDocument, listCurrentCompanyDocuments } from '../../queries/company.repository';
import type { Tx } from '../client';
import { companies, users } from '../schema';
import { DAY, principalOf } from './demo-kit';
import { samplePdf } from './sample-pdf';

/** One demo verification document: a small PDF naming what it stands for. */
export async function insertDemoCompanyDocument(
  ctx: AppContext,
  tx: Tx,
  company: { id: string; name: string; cacRegistrationNumber: string | null },
  type: CompanyDocumentType,
  uploadedBy: string | null,
  review:
    | { status: 'PENDING_REVIEW'; uploadedAt: Date }
    | { status: 'APPROVED'; reviewedBy: string; reviewedAt: Date },
) {
  const label = COMPANY_DOCUMENT_LABELS[type];
  const note = review.status === 'APPROVED' ? 'Demo document' : 'Demo document for review';
  const body = samplePdf([label, company.name, company.cacRegistrationNumber ?? '', note]);
  return insertCompanyDocument(tx, {
    companyId: company.id,
    type,
    storageKey: await ctx.storage.put('company-documents', body),
    fileName: `${label.toLowerCase().replaceAll(' ', '-')}.pdf`,
    mimeType: 'application/pdf',
    sizeBytes: body.length,
    uploadedBy,
    // Sent the day before the admin approved it, or when the company sent it for review.
    ...(review.status === 'APPROVED'
      ? {
          status: 'APPROVED',
          reviewedBy: review.reviewedBy,
          reviewedAt: review.reviewedAt,
          createdAt: new Date(review.reviewedAt.getTime() - DAY),
        }
      : { status: 'PENDING_REVIEW', createdAt: review.uploadedAt }),
  });
}

/**
 * A verified company has every document its kind needs, approved, as an admin's verification leaves it:
 * otherwise its documents check would call it incomplete while it trades as verified. Adds only what is
 * missing, so a world seeded before this step gets the documents it lacks and nothing twice.
 */
export async function seedDemoCompanyDocuments(ctx: AppContext, tx: Tx): Promise<void> {
  const admin = await principalOf(tx, 'admin@example.com');
  const verified = await tx.select().from(companies).where(eq(companies.verificationStatus, 'VERIFIED'));
  for (const company of verified) {
    const required = REQUIRED_DOCUMENTS[company.type];
    if (required.length === 0) continue;
    const current = await listCurrentCompanyDocuments(tx, company.id);
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, company.id), inArray(users.userType, ['CUSTOMER', 'TRANSPORTER'])))
      .orderBy(asc(users.createdAt))
      .limit(1);
    for (const type of required) {
      if (current.some((d) => d.type === type && d.status === 'APPROVED')) continue;
      await insertDemoCompanyDocument(ctx, tx, company, type, owner?.id ?? null, {
        status: 'APPROVED',
        reviewedBy: admin.userId,
        // The admin approved it when verifying the company.
        reviewedAt: company.verifiedAt ?? new Date(),
      });
    }
  }
}
