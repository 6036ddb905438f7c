import type { Liner, Terminal } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { lookupKeys } from './lookup-keys';

/** Terminals and liners change with a new seed, not during a visit. */
const LOOKUP_STALE_MS = 60 * 60 * 1000;

/** GET /api/v1/lookups/terminals: port terminals, holding bays and inland depots. */
export function useTerminals() {
  const api = useApi();
  return useQuery({
    queryKey: lookupKeys.terminals(),
    queryFn: () => api.get<Terminal[]>('/api/v1/lookups/terminals'),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** GET /api/v1/lookups/liners: the shipping lines; `enabled: false` waits until a form needs them. */
export function useLiners({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: lookupKeys.liners(),
    queryFn: () => api.get<Liner[]>('/api/v1/lookups/liners'),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}
