import type { Page } from '@freightlane/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from './query-error';

/**
 * A page of a list as its query stands: grey shapes while it loads, the failure with a retry, why it is
 * empty, or its rows, marked busy while the next page or tab loads over them.
 */
export function QueryList<T>({
  query,
  skeleton,
  failure,
  empty,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  skeleton: ReactNode;
  /** The failure's title: "Could not load the invoices". */
  failure: string;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return skeleton;
  if (query.isError)
    return <QueryError error={query.error} onRetry={() => void query.refetch()} title={failure} />;
  if (query.data.content.length === 0) return empty;
  return <div aria-busy={query.isPlaceholderData}>{children(query.data.content)}</div>;
}
