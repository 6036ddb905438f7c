import type { Liner, Terminal } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Terminals and liners change with a new seed, not during a visit. */
const LOOKUP_STALE_MS = 60 * 60 * 1000;

/** GET /api/v1/lookups/terminals: port terminals, holding bays and inland depots. */
export function useTerminals() {
  return useQuery({
    queryKey: ['lookups', 'terminals'],
    queryFn: () => api.get<Terminal[]>('/api/v1/lookups/terminals'),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** GET /api/v1/lookups/liners: the shipping lines. */
export function useLiners() {
  return useQuery({
    queryKey: ['lookups', 'liners'],
    queryFn: () => api.get<Liner[]>('/api/v1/lookups/liners'),
    staleTime: LOOKUP_STALE_MS,
  });
}
