import {
  companyProfileSchema,
  transporterDirectoryPage,
  type CompanyProfile,
  type DirectoryTransporter,
  type Page,
  type TransporterProfile,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';

export const DIRECTORY = 'GET /api/v1/transporter-directory';
export const INVITE = 'POST /api/v1/preferred-partners';

export const EKO_ID = '11111111-1111-4111-8111-111111111111';
export const GARDEN_CITY_ID = '22222222-2222-4222-8222-222222222222';
export const LEKKI_ID = '33333333-3333-4333-8333-333333333333';

export const profilePath = (companyId: string) => `GET /api/v1/companies/${companyId}/profile`;
export const scorecardPath = (companyId: string) => `GET /api/v1/companies/${companyId}/scorecard`;

/** Eko Haulage: 82 out of 100 over 20 trips, 3 trucks, busiest on Lagos → Kano, already a partner. */
export function ekoRow(overrides: Partial<DirectoryTransporter> = {}): DirectoryTransporter {
  return {
    companyId: EKO_ID,
    name: 'Eko Haulage Ltd',
    state: 'Lagos',
    verifiedSince: '2025-03-12T09:00:00.000Z',
    scorecard: { score: 82, trips: 20, rating: { average: 4.5, count: 6 }, headlinePercent: 75 },
    fleetSize: 3,
    truckTypes: [
      { truckType: 'CONTAINER_CHASSIS_40', trucks: 2 },
      { truckType: 'FLATBED', trucks: 1 },
    ],
    topLanes: [
      { pickupState: 'Lagos', deliveryState: 'Kano', trips: 12 },
      { pickupState: 'Lagos', deliveryState: 'Oyo', trips: 5 },
    ],
    isPreferredPartner: true,
    ...overrides,
  };
}

/** Garden City Logistics: new on Freightlane, one tanker, no lanes yet, not a partner. */
export function gardenCityRow(overrides: Partial<DirectoryTransporter> = {}): DirectoryTransporter {
  return {
    companyId: GARDEN_CITY_ID,
    name: 'Garden City Logistics Ltd',
    state: 'Rivers',
    verifiedSince: null,
    scorecard: { score: null, trips: 2, rating: { average: null, count: 0 }, headlinePercent: null },
    fleetSize: 1,
    truckTypes: [{ truckType: 'TANKER', trucks: 1 }],
    topLanes: [],
    isPreferredPartner: false,
    ...overrides,
  };
}

export function directoryPage(
  rows: DirectoryTransporter[],
  overrides: Partial<Omit<Page<DirectoryTransporter>, 'content'>> = {},
) {
  return apiFixture(transporterDirectoryPage, {
    content: rows,
    totalElements: rows.length,
    totalPages: rows.length === 0 ? 0 : 1,
    number: 0,
    size: 20,
    ...overrides,
  });
}

/** Eko Haulage's profile as a customer reads it, with every lane it served. */
export function ekoProfile(overrides: Partial<TransporterProfile> = {}): TransporterProfile {
  const { topLanes, ...row } = ekoRow();
  return apiFixture(companyProfileSchema, {
    side: 'transporter',
    ...row,
    memberSince: '2025-02-01T09:00:00.000Z',
    lanes: [...topLanes, { pickupState: 'Ogun', deliveryState: 'Lagos', trips: 1 }],
    ...overrides,
  }) as TransporterProfile;
}

/** Lekki Importers' profile as a transporter reads it. */
export function lekkiProfile(): CompanyProfile {
  return apiFixture(companyProfileSchema, {
    side: 'customer',
    companyId: LEKKI_ID,
    name: 'Lekki Importers Ltd',
    state: 'Lagos',
    verifiedSince: '2025-01-20T09:00:00.000Z',
    memberSince: '2025-01-10T09:00:00.000Z',
    scorecard: { score: 92, trips: 14, rating: { average: 4.2, count: 5 }, headlinePercent: 90 },
  });
}
