import type { CargoType, NigerianState, RateGuidanceQuery } from '@freightlane/domain';

export interface LaneRatesFilters {
  pickupState: NigerianState | null;
  deliveryState: NigerianState | null;
  cargoType: CargoType | null;
  /** Zero-based, as in the API's envelope. */
  page: number;
}

/** The query keys of rate guidance: every one starts with ['rate-guidance']. */
export const rateGuidanceKeys = {
  all: ['rate-guidance'] as const,
  lane: (query: RateGuidanceQuery) => [...rateGuidanceKeys.all, 'lane', query] as const,
  lanes: (filters: LaneRatesFilters) => [...rateGuidanceKeys.all, 'lanes', filters] as const,
};
