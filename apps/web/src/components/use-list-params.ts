import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Long enough that typing a name sends one search, not one per key. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The zero-based page of a list from the address's one-based `page`, 0 when missing or unreadable. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

/**
 * A list's filters and page, kept in the address so that Back and a shared link show the same list.
 * `update` sets the given keys (null or '' removes one); any change but a page starts again at page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();

  function update(changes: Record<string, string | null>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  return {
    params,
    page: pageFrom(params),
    update,
    /** Zero-based, as in the API's envelope. */
    setPage: (page: number) => update({ page: page > 0 ? String(page + 1) : null }),
  };
}

/**
 * The search box of a list: what is typed, and the settled text (trimmed, after SEARCH_DEBOUNCE_MS),
 * which alone is written to the address's `q`.
 */
export function useListSearch({
  params,
  update,
}: Pick<ReturnType<typeof useListParams>, 'params' | 'update'>) {
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [settled] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if ((params.get('q') ?? '') !== settled) update({ q: settled });
    // Only a settled search text changes the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return { search, setSearch, settled };
}
