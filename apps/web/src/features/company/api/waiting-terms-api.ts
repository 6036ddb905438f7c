import type { UpdateWaitingTermsRequest, WaitingTermsView } from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';

const WAITING_TERMS_PATH = '/api/v1/company/waiting-terms';
export const waitingTermsKey = ['company', 'waiting-terms'] as const;

/** GET /api/v1/company/waiting-terms: the transporter's free hours per stop and hourly rate for waiting. */
export function useWaitingTerms() {
  const api = useApi();
  return useQuery({
    queryKey: waitingTermsKey,
    queryFn: ({ signal }) => api.get<WaitingTermsView>(WAITING_TERMS_PATH, { signal }),
  });
}

/** PUT /api/v1/company/waiting-terms: the terms for waits from now on; charges already proposed stay. */
export function useUpdateWaitingTerms() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWaitingTermsRequest) => api.put<WaitingTermsView>(WAITING_TERMS_PATH, body),
    onSuccess: (terms) => queryClient.setQueryData(waitingTermsKey, terms),
  });
}
