import type { PaymentOutcome } from '@freightlane/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { invoiceKeys } from './invoice-keys';

/** How many times a payment still PENDING is asked about again before the page stops waiting. */
export const PAYMENT_CHECKS = 5;

/**
 * The wait before the next check of a pending payment: 1 s, 2 s, 4 s, 8 s… The provider's webhook
 * usually lands within a second or two of the payer's return, but a slow one should not be hammered.
 */
export function paymentCheckDelayMs(checksSoFar: number): number {
  return 1000 * 2 ** Math.max(0, checksSoFar - 1);
}

/**
 * GET /api/v1/payments/verify?reference=: what became of the payer's payment, asked again with a
 * growing wait while it is still PENDING, PAYMENT_CHECKS times at most.
 */
export function usePaymentOutcome(reference: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const outcome = useQuery({
    queryKey: invoiceKeys.payment(reference),
    queryFn: ({ signal }) =>
      api.get<PaymentOutcome>(`/api/v1/payments/verify?${new URLSearchParams({ reference }).toString()}`, {
        signal,
      }),
    enabled: reference !== '',
    refetchInterval: (query) => {
      const checks = query.state.dataUpdateCount;
      if (query.state.data?.status !== 'PENDING' || checks >= PAYMENT_CHECKS) return false;
      return paymentCheckDelayMs(checks);
    },
    // A payment's outcome is final once settled; a return to the tab need not ask again.
    refetchOnWindowFocus: false,
  });
  /** How many answers have come so far: the page stops saying "confirming" once the checks are used up. */
  const checks = queryClient.getQueryState(invoiceKeys.payment(reference))?.dataUpdateCount ?? 0;
  return { outcome, checks };
}
