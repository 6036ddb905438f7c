import { Box, type MantineSpacing } from '@mantine/core';
import type { Page } from '@freightlane/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from './query-error';

interface QueryListProps<D, T> {
  query: UseQueryResult<D>;
  skeleton: ReactNode;
  /** The failure's title: "Could not load the invoices"; QueryError's own when missing. */
  failure?: string;
  /**
   * Why the list is empty. Without it the rows' own view shows even with no rows, for views that say
   * so themselves (a month's calendar, a report whose figures stand above its rows).
   */
  empty?: ReactNode;
  /** Space around the failure, for a list whose rows run to the edges of its frame (the bell's menu). */
  inset?: MantineSpacing;
  /** The rows and the whole answer, e.g. to page through it below the rows. */
  children: (rows: T[], data: D) => ReactNode;
}

/**
 * A list as its query stands: grey shapes while it loads, the failure with a retry, why it is empty, or
 * its rows, marked busy while the next page or tab loads over them. The rows are a page's content or the
 * answer itself when it is an array; `rowsOf` picks them out of any other answer.
 */
export function QueryList<D extends Page<unknown>>(props: QueryListProps<D, D['content'][number]>): ReactNode;
export function QueryList<D extends unknown[]>(props: QueryListProps<D, D[number]>): ReactNode;
export function QueryList<D, T>(props: QueryListProps<D, T> & { rowsOf: (data: D) => T[] }): ReactNode;
export function QueryList<D, T>({
  query,
  skeleton,
  failure,
  empty,
  inset,
  rowsOf = defaultRows,
  children,
}: QueryListProps<D, T> & { rowsOf?: (data: D) => T[] }): ReactNode {
  if (query.isPending) return skeleton;
  if (query.isError) {
    const error = <QueryError error={query.error} onRetry={() => void query.refetch()} title={failure} />;
    return inset === undefined ? error : <Box p={inset}>{error}</Box>;
  }
  const rows = rowsOf(query.data);
  if (rows.length === 0 && empty !== undefined) return empty;
  return <div aria-busy={query.isPlaceholderData}>{children(rows, query.data)}</div>;
}

function defaultRows<D, T>(data: D): T[] {
  return Array.isArray(data) ? (data as T[]) : (data as Page<T>).content;
}
