import type { MessageSpend } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';

const MESSAGE_SPEND_PATH = '/api/v1/company/message-spend';
export const messageSpendKey = ['company', 'message-spend'] as const;

/** GET /api/v1/company/message-spend: this month's SMS and WhatsApp spend against the company's cap. */
export function useMessageSpend() {
  const api = useApi();
  return useQuery({
    queryKey: messageSpendKey,
    queryFn: ({ signal }) => api.get<MessageSpend>(MESSAGE_SPEND_PATH, { signal }),
  });
}
