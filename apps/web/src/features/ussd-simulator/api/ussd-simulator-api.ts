import type { UssdSimulatorAnswer, UssdSimulatorInput, UssdSimulatorSetup } from '@freightlane/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';

/** GET /api/dev/ussd: the code to dial and the demo driver's number (development only). */
export function useUssdSimulatorSetup() {
  const api = useApi();
  return useQuery({
    queryKey: ['ussd-simulator', 'setup'] as const,
    queryFn: ({ signal }) => api.get<UssdSimulatorSetup>('/api/dev/ussd', { signal }),
    staleTime: Infinity,
  });
}

/** POST /api/dev/ussd/session: one screen, played through the real callback as the gateway would. */
export function useUssdScreen() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: UssdSimulatorInput) => api.post<UssdSimulatorAnswer>('/api/dev/ussd/session', body),
  });
}
