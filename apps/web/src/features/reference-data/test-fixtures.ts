import {
  adminShippingLineSchema,
  adminShippingLineSummarySchema,
  adminTerminalSchema,
  adminTrackingCompanySchema,
  dieselPriceEntrySchema,
  platformSettingsSchema,
  type AdminShippingLine,
  type AdminShippingLineSummary,
  type AdminTerminal,
  type AdminTrackingCompany,
  type DieselPriceEntry,
  type PlatformSettings,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';

export const LINE_ID = '3f6c1c8e-8f5b-4d5e-9d1a-2a7b5c0e9f11';
export const TERMINAL_ID = '5a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

export function lineSummary(overrides: Partial<AdminShippingLineSummary> = {}): AdminShippingLineSummary {
  return apiFixture(adminShippingLineSummarySchema, {
    id: LINE_ID,
    code: 'MAERSK',
    name: 'Maersk',
    active: true,
    tariffCount: 4,
    ...overrides,
  });
}

export function shippingLine(overrides: Partial<AdminShippingLine> = {}): AdminShippingLine {
  return apiFixture(adminShippingLineSchema, {
    id: LINE_ID,
    code: 'MAERSK',
    name: 'Maersk',
    active: true,
    tariffs: [
      {
        containerSize: 'FTS_20',
        freeDays: 7,
        demurrageKoboPerDay: 3_800_000,
        detentionKoboPerDay: 3_000_000,
        updatedAt: '2026-11-20T09:30:00.000Z',
      },
      {
        containerSize: 'FTS_40',
        freeDays: 7,
        demurrageKoboPerDay: 6_850_000,
        detentionKoboPerDay: 5_400_000,
        updatedAt: '2026-11-20T09:30:00.000Z',
      },
    ],
    ...overrides,
  });
}

export function terminal(overrides: Partial<AdminTerminal> = {}): AdminTerminal {
  return apiFixture(adminTerminalSchema, {
    id: TERMINAL_ID,
    code: 'APMT-APAPA',
    name: 'APM Terminals Apapa',
    operator: 'APM Terminals',
    kind: 'PORT_TERMINAL',
    port: 'Apapa',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4453,
    longitude: 3.3636,
    active: true,
    ...overrides,
  });
}

export function trackingCompany(overrides: Partial<AdminTrackingCompany> = {}): AdminTrackingCompany {
  return apiFixture(adminTrackingCompanySchema, {
    id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    code: 'TRACCAR',
    name: 'Traccar',
    kind: 'TRACCAR',
    description: 'Any Traccar server, your own or a hosted one.',
    active: true,
    accountCount: 3,
    ...overrides,
  });
}

export function platformSettings(overrides: Partial<PlatformSettings> = {}): PlatformSettings {
  return apiFixture(platformSettingsSchema, {
    commissionBasisPoints: 500,
    paymentTermsDays: 14,
    updatedAt: '2026-11-01T08:00:00.000Z',
    updatedBy: null,
    ...overrides,
  });
}

export function dieselEntry(overrides: Partial<DieselPriceEntry> = {}): DieselPriceEntry {
  return apiFixture(dieselPriceEntrySchema, {
    id: '7c6b5a4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
    koboPerLitre: 125_050,
    asOf: '2026-11-28',
    recordedAt: '2026-11-28T09:15:00.000Z',
    recordedBy: { id: 'u1', name: 'Bisi Ade' },
    ...overrides,
  });
}
