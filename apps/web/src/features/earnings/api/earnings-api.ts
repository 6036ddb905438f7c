import type { Earning, EarningSummary, Page } from '@freightlane/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { earningKeys, type EarningListParams } from './earning-keys';

export const EARNING_PAGE_SIZE = 20;

function earningsPath({ status, page }: EarningListParams): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  query.set('page', String(page));
  query.set('size', String(EARNING_PAGE_SIZE));
  return `/api/v1/earnings?${query.toString()}`;
}

/** GET /api/v1/earnings?status&page&size: the company's paid trips, each with its commission and payout. */
export function useEarnings(params: EarningListParams) {
  const api = useApi();
  return useQuery({
    queryKey: earningKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Earning>>(earningsPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/earnings/summary: what customers paid, the commission, the net, and what is paid out. */
export function useEarningSummary() {
  const api = useApi();
  return useQuery({
    queryKey: earningKeys.summary(),
    queryFn: ({ signal }) => api.get<EarningSummary>('/api/v1/earnings/summary', { signal }),
  });
}
