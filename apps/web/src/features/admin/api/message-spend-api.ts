import type { MessageSpend, UpdateMessageSpendCapRequest } from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { adminKeys } from './admin-keys';

const pathOf = (companyId: string) =>
  `/api/v1/admin/companies/${encodeURIComponent(companyId)}/message-spend`;
const keyOf = (companyId: string) => [...adminKeys.company(companyId), 'message-spend'] as const;

/** GET /api/v1/admin/companies/{id}/message-spend: the company's SMS and WhatsApp spend against its cap. */
export function useAdminMessageSpend(companyId: string) {
  const api = useApi();
  return useQuery({
    queryKey: keyOf(companyId),
    queryFn: ({ signal }) => api.get<MessageSpend>(pathOf(companyId), { signal }),
  });
}

/** PUT /api/v1/admin/companies/{id}/message-spend: the company's own cap, or null for the default. */
export function useSetMessageSpendCap(companyId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMessageSpendCapRequest) => api.put<MessageSpend>(pathOf(companyId), body),
    onSuccess: (spend) => queryClient.setQueryData(keyOf(companyId), spend),
  });
}
