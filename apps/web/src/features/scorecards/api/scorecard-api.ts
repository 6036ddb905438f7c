import type { Scorecard } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';

/** The query keys of scorecards: every one starts with ['scorecards']. */
export const scorecardKeys = {
  all: ['scorecards'] as const,
  company: (companyId: string) => [...scorecardKeys.all, 'company', companyId] as const,
};

/** A card is counted again about once a minute at most: asking again sooner gets the same figures. */
const CARD_STALE_MS = 60_000;

/** GET /api/v1/companies/{companyId}/scorecard, asked only while `enabled` (the card is open). */
export function useCompanyScorecard(companyId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: scorecardKeys.company(companyId),
    queryFn: ({ signal }) =>
      api.get<Scorecard>(`/api/v1/companies/${encodeURIComponent(companyId)}/scorecard`, { signal }),
    enabled,
    staleTime: CARD_STALE_MS,
  });
}
