import { useDebouncedValue } from '@mantine/hooks';
import { useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate, useSearchParams } from 'react-router';

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
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dataRouter = useContext(UNSAFE_DataRouterContext);

  function update(changes: Record<string, string | null>) {
    // Once a link is followed the router is at the next page at once, while this list stays on screen
    // until that page's code has loaded; what the list rendered with is then stale. Changes start from
    // the router's own location, and are dropped once it has left this list: a search settling late
    // must not land in the next page's address.
    const current = dataRouter?.router.state.location ?? location;
    if (current.pathname !== location.pathname) return;
    const next = new URLSearchParams(current.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    const search = next.toString();
    void navigate({ pathname: current.pathname, search: search ? `?${search}` : '' }, { replace: true });
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
 * which alone is written to the address's `q` (or `key`, for another typed filter such as a minimum).
 */
export function useListSearch(
  { params, update }: Pick<ReturnType<typeof useListParams>, 'params' | 'update'>,
  key = 'q',
) {
  const [search, setSearch] = useState(params.get(key) ?? '');
  const [settled] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if ((params.get(key) ?? '') !== settled) update({ [key]: settled });
    // Only a settled search text changes the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return { search, setSearch, settled };
}
