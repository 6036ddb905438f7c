import type { Earning, MarkPayoutPaidRequest, Page, PayoutStatus } from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../../lib/session-context';
import { earningKeys } from '../../../earnings';
import { invoiceKeys } from '../../../invoices';

export const PAYOUT_PAGE_SIZE = 20;

export interface AdminPayoutFilter {
  status?: PayoutStatus;
  /** A transporter's or customer's name, an invoice or trip number. */
  q?: string;
  /** Zero-based, as the API counts. */
  page: number;
}

/** The query keys of the back office's payouts: under ['admin'] like its other lists. */
export const payoutKeys = {
  all: ['admin', 'payouts'] as const,
  list: (filter: AdminPayoutFilter) => [...payoutKeys.all, 'list', filter] as const,
};

function payoutsPath({ status, q, page }: AdminPayoutFilter): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  query.set('page', String(page));
  query.set('size', String(PAYOUT_PAGE_SIZE));
  return `/api/v1/admin/payouts?${query.toString()}`;
}

/** GET /api/v1/admin/payouts?status&q&page&size: every transporter's payouts, pending first. */
export function useAdminPayouts(filter: AdminPayoutFilter) {
  const api = useApi();
  return useQuery({
    queryKey: payoutKeys.list(filter),
    queryFn: ({ signal }) => api.get<Page<Earning>>(payoutsPath(filter), { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/v1/admin/payouts/{id}/paid with the reference of the transfer made to the transporter. The
 * payouts, the invoices (their payout block) and the earnings are read again.
 */
export function useMarkPayoutPaid() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    void queryClient.invalidateQueries({ queryKey: earningKeys.all });
  };
  return useMutation({
    mutationFn: ({ payoutId, body }: { payoutId: string; body: MarkPayoutPaidRequest }) =>
      api.post<unknown>(`/api/v1/admin/payouts/${encodeURIComponent(payoutId)}/paid`, body),
    onSuccess: refresh,
    // Refused (409: marked paid meanwhile by another admin): the list shows it as it is now.
    onError: refresh,
  });
}
