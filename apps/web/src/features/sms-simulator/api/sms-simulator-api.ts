import type { SmsInbox } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { smsSimulatorKeys } from './sms-simulator-keys';

/** Delivery reports follow a message by a second or two: the inbox is read again this often. */
const REFRESH_MS = 3000;

/** GET /api/dev/sms/inbox?phone=: what each phone received from the simulated gateway (development only). */
export function useSmsInbox(phone: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: smsSimulatorKeys.inbox(phone),
    queryFn: ({ signal }) => {
      const query = phone ? `?${new URLSearchParams({ phone }).toString()}` : '';
      return api.get<SmsInbox>(`/api/dev/sms/inbox${query}`, { signal });
    },
    refetchInterval: (query) => (query.state.status === 'error' ? false : REFRESH_MS),
  });
}
