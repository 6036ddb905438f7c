import { z } from 'zod';
import { COMPANY_TYPES } from '../roles';
import { companyDocumentSchema } from './company-documents';
import { companySchema, VERIFICATION_STATUSES } from './profile';
import { pageOf, pageQuery } from './page';

export const adminCompanyListQuery = pageQuery.extend({
  status: z.enum(VERIFICATION_STATUSES, { error: 'Unknown verification status' }).optional(),
  type: z.enum(COMPANY_TYPES, { error: 'Unknown company type' }).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  /** true: only suspended companies; false: only those not suspended; absent: both. */
  suspended: z
    .enum(['true', 'false'], { error: 'suspended must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

export const adminCompanySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  ownerEmail: z.string().nullable(),
  documentCount: z.number().int(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCompanySummary = z.infer<typeof adminCompanySummarySchema>;
export const adminCompanyPage = pageOf(adminCompanySummarySchema);

export const adminCompanyDetailSchema = companySchema.extend({
  ownerEmail: z.string().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
  /** Set while an admin has suspended the company: its users cannot sign in. */
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  documents: z.array(companyDocumentSchema),
  missingDetails: z.array(z.string()),
  missingDocuments: z.array(z.string()),
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetailSchema>;

export const rejectCompanyRequest = z.strictObject({
  reason: z
    .string({ error: 'Give the reason, so the company can fix it' })
    .trim()
    .min(5, 'Give the reason, so the company can fix it')
    .max(500, 'Reason must be at most 500 characters'),
});
export type RejectCompanyRequest = z.infer<typeof rejectCompanyRequest>;

export const SUSPEND_REASON_MESSAGE = 'Give the reason for the suspension';
/** Suspending needs a reason: it is kept on the company and in the audit log. */
export const suspendCompanyRequest = z.strictObject({
  reason: z
    .string({ error: SUSPEND_REASON_MESSAGE })
    .trim()
    .min(1, SUSPEND_REASON_MESSAGE)
    .max(500, 'Reason must be at most 500 characters'),
});
export type SuspendCompanyRequest = z.infer<typeof suspendCompanyRequest>;

export const companyIdParams = z.object({ id: z.uuid({ error: 'Company not found' }) });
export const companyDocumentParams = z.object({
  id: z.uuid({ error: 'Company not found' }),
  documentId: z.uuid({ error: 'Document not found' }),
});
