import {
  adminCompanyDetailSchema,
  adminCompanySummarySchema,
  type AdminCompanyDetail,
  type AdminCompanySummary,
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
