import type { SimulatedWhatsappInbound, WhatsappConversations } from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';

/** The query keys of the WhatsApp simulator: every one starts with ['whatsapp-simulator']. */
export const whatsappSimulatorKeys = {
  all: ['whatsapp-simulator'] as const,
  /** One phone's conversation (E.164), or every phone's when none is named. */
  conversations: (phone: string | null) =>
    [...whatsappSimulatorKeys.all, 'conversations', phone ?? 'all'] as const,
};

/** Statuses follow a message by a second or two: the conversations are read again this often. */
const REFRESH_MS = 3000;

/** GET /api/dev/whatsapp/conversations?phone=: each phone's conversation with the platform (development only). */
export function useWhatsappConversations(phone: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: whatsappSimulatorKeys.conversations(phone),
    queryFn: ({ signal }) => {
      const query = phone ? `?${new URLSearchParams({ phone }).toString()}` : '';
      return api.get<WhatsappConversations>(`/api/dev/whatsapp/conversations${query}`, { signal });
    },
    refetchInterval: (query) => (query.state.status === 'error' ? false : REFRESH_MS),
  });
}

/** POST /api/dev/whatsapp/inbound: the simulated phone writes to the platform, opening its 24-hour window. */
export function useSendSimulatedWhatsapp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulatedWhatsappInbound) =>
      api.post<{ messageId: string; webhookStatus: number }>('/api/dev/whatsapp/inbound', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: whatsappSimulatorKeys.all }),
  });
}
