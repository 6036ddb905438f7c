import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { notifyError } from '../lib/notify';

/** A client error (4xx) will not get better by asking again; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Nothing fails silently: a failed load shows the server's message as a toast.
    queryCache: new QueryCache({ onError: (error) => notifyError(error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
