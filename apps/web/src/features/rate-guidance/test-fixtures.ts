import {
  laneRatesResponse,
  rateGuidanceSchema,
  type LaneRate,
  type LaneRatesPage,
  type RateGuidance,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';
import { APAPA_TERMINAL } from '../../test/marketplace-fixtures';

export const RATE_GUIDANCE = 'GET /api/v1/rate-guidance';
export const LANE_RATES = 'GET /api/v1/rate-guidance/lanes';

/** A lane with a band: 12 awards, the middle half ₦380,000.00 to ₦460,000.00, typically ₦420,000.00. */
export function guidance(overrides: Partial<RateGuidance> = {}): RateGuidance {
  return apiFixture(rateGuidanceSchema, {
    awards: 12,
    band: { p25Kobo: 38_000_000, p50Kobo: 42_000_000, p75Kobo: 46_000_000 },
    windowDays: 90,
    minimumAwards: 5,
    computedAt: '2026-11-28T10:00:00.000Z',
    diesel: { koboPerLitre: 125_050, asOf: '2026-11-28' },
    ...overrides,
  });
}

/** A lane with too few awards to show its band. */
export function thinGuidance(awards = 3): RateGuidance {
  return guidance({ awards, band: null });
}

export function laneRate(overrides: Partial<LaneRate> = {}): LaneRate {
  return {
    pickup: {
      terminal: { id: APAPA_TERMINAL.id, name: APAPA_TERMINAL.name, operator: APAPA_TERMINAL.operator },
      state: 'Lagos',
      lga: 'Apapa',
    },
    deliveryState: 'Kano',
    cargoType: 'IMPORT_LINER_OWNED',
    containerSize: 'FTS_40',
    truckType: null,
    awards: 14,
    band: { p25Kobo: 180_000_000, p50Kobo: 195_000_000, p75Kobo: 210_000_000 },
    ...overrides,
  };
}

export function laneRatesPage(rows: LaneRate[], overrides: Partial<LaneRatesPage> = {}): LaneRatesPage {
  return apiFixture(laneRatesResponse, {
    content: rows,
    totalElements: rows.length,
    totalPages: rows.length === 0 ? 0 : 1,
    number: 0,
    size: 20,
    windowDays: 90,
    minimumAwards: 5,
    computedAt: '2026-11-28T10:00:00.000Z',
    diesel: { koboPerLitre: 125_050, asOf: '2026-11-28' },
    ...overrides,
  });
}
