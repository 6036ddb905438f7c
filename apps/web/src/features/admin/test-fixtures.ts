import {
  adminCompanyDetailSchema,
  adminCompanySummarySchema,
  adminUserDetailSchema,
  adminUserSummarySchema,
  auditLogEntrySchema,
  type AdminCompanyDetail,
  type AdminCompanySummary,
  type AdminUserDetail,
  type AdminUserSummary,
  type AuditLogEntry,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';

export function companySummary(overrides: Partial<AdminCompanySummary> = {}): AdminCompanySummary {
  return apiFixture(adminCompanySummarySchema, {
    id: '7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10',
    name: 'Kano Haulage Ltd',
    type: 'TRANSPORTER',
    verificationStatus: 'PENDING_REVIEW',
    ownerEmail: 'musa@kano-haulage.ng',
    documentCount: 3,
    suspendedAt: null,
    createdAt: '2026-11-18T08:00:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  });
}

export function companyDetail(overrides: Partial<AdminCompanyDetail> = {}): AdminCompanyDetail {
  return apiFixture(adminCompanyDetailSchema, {
    id: '7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10',
    name: 'Kano Haulage Ltd',
    type: 'TRANSPORTER',
    cacRegistrationNumber: 'RC 1234567',
    tin: '12345678-0001',
    address: { street: '3 Wharf Road', neighborhood: '', lga: 'Apapa', city: 'Lagos', state: 'Lagos' },
    contactName: 'Musa Bello',
    contactPhone: '+2348031234567',
    contactEmail: 'ops@kano-haulage.ng',
    verificationStatus: 'PENDING_REVIEW',
    rejectionReason: null,
    ownerEmail: 'musa@kano-haulage.ng',
    ownerName: 'Musa Bello',
    createdAt: '2026-11-18T08:00:00.000Z',
    verifiedAt: null,
    suspendedAt: null,
    suspensionReason: null,
    documents: [
      {
        id: 'd1',
        type: 'GIT_INSURANCE',
        label: 'Goods-in-transit insurance',
        status: 'PENDING_REVIEW',
        fileName: 'git-insurance.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 102_400,
        rejectionReason: null,
        createdAt: '2026-11-20T09:30:00.000Z',
      },
      {
        id: 'd2',
        type: 'CAC_CERTIFICATE',
        label: 'CAC certificate',
        status: 'PENDING_REVIEW',
        fileName: 'cac.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 204_800,
        rejectionReason: null,
        createdAt: '2026-11-20T09:00:00.000Z',
      },
    ],
    missingDetails: [],
    missingDocuments: [],
    ...overrides,
  });
}

export const USER_ID = '3f6d2a9e-1c4b-4e8a-9b7d-5a2c1e0f9d31';

export function userSummary(overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  return apiFixture(adminUserSummarySchema, {
    id: USER_ID,
    firstName: 'Musa',
    lastName: 'Bello',
    email: 'musa@kano-haulage.ng',
    phoneNumber: '+2348031234567',
    userType: 'TRANSPORTER',
    role: 'role_transporter',
    activated: true,
    deactivated: false,
    status: 'ACTIVE',
    createdAt: '2026-11-01T09:00:00.000Z',
    lastSignInAt: '2026-11-20T13:05:00.000Z',
    company: {
      id: '7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10',
      name: 'Kano Haulage Ltd',
      type: 'TRANSPORTER',
      verificationStatus: 'VERIFIED',
    },
    ...overrides,
  });
}

export function userDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  const summary = userSummary();
  return apiFixture(adminUserDetailSchema, {
    ...summary,
    company: { ...summary.company, suspendedAt: null },
    activatedAt: '2026-11-01T10:00:00.000Z',
    deactivatedAt: null,
    deactivationReason: null,
    erasedAt: null,
    termsAcceptedAt: '2026-11-01T09:00:00.000Z',
    liveSessionCount: 2,
    ...overrides,
  });
}

export function auditEntry(overrides: Partial<AuditLogEntry> = {}): AuditLogEntry {
  return apiFixture(auditLogEntrySchema, {
    id: 41,
    at: '2026-11-21T09:30:00.000Z',
    actor: {
      kind: 'USER',
      userId: 'a1d4c9e2-7b3f-4a6e-8c1d-2e9f0b7a6c55',
      driverId: null,
      name: 'Bisi Okafor',
      email: 'bisi@freightlane.ng',
    },
    company: { id: '7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10', name: 'Kano Haulage Ltd' },
    action: 'company.verified',
    entityType: 'company',
    entityId: '7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10',
    data: {
      before: { verificationStatus: 'PENDING_REVIEW', rejectionReason: null },
      after: { verificationStatus: 'VERIFIED', rejectionReason: null },
      documentIds: ['d1', 'd2'],
    },
    ipAddress: '102.89.34.10',
    ...overrides,
  });
}
