import type { LaneRatesPage, RateGuidance, RateGuidanceQuery } from '@freightlane/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { rateGuidanceKeys, type LaneRatesFilters } from './rate-guidance-keys';

export const LANE_RATES_PAGE_SIZE = 20;

/** The bands are worked out once an hour: asking again within minutes would only get the same figures. */
const BAND_STALE_MS = 5 * 60_000;

function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/**
 * GET /api/v1/rate-guidance for each lane asked: its band, or null when the call failed. A band is a help
 * beside a form, never in its way, so a failure shows nothing rather than an error (the app's queries
 * otherwise toast every failure), and it is not asked again until the lane changes.
 */
export function useRateGuidances(queries: readonly RateGuidanceQuery[]) {
  const api = useApi();
  return useQueries({
    queries: queries.map((query) => ({
      queryKey: rateGuidanceKeys.lane(query),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<RateGuidance | null> => {
        try {
          return await api.get<RateGuidance>(`/api/v1/rate-guidance?${queryString({ ...query })}`, {
            signal,
          });
        } catch (error) {
          // A lane left behind (the person chose another) is dropped by the query, not answered.
          if (signal.aborted) throw error;
          return null;
        }
      },
      staleTime: BAND_STALE_MS,
    })),
  });
}

/** GET /api/v1/rate-guidance/lanes: one page of the lanes with a band, the busiest first. */
export function useLaneRates(filters: LaneRatesFilters) {
  const api = useApi();
  return useQuery({
    queryKey: rateGuidanceKeys.lanes(filters),
    queryFn: ({ signal }) =>
      api.get<LaneRatesPage>(
        `/api/v1/rate-guidance/lanes?${queryString({ ...filters, size: LANE_RATES_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
