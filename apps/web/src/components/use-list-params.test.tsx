import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useListParams, useListSearch } from './use-list-params';

function SearchList() {
  const list = useListParams();
  const { search, setSearch } = useListSearch(list);
  return (
    <>
      <input aria-label="Search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      <Link to="/items/1">Item 1</Link>
    </>
  );
}

/** A page whose code is still loading: the router is already there while the list stays on screen. */
function slowPage() {
  let finishLoading: () => void = () => {};
  const loaded = new Promise<void>((resolve) => (finishLoading = resolve));
  const SlowPage = lazy(async () => {
    await loaded;
    return { default: () => <h1>Item 1</h1> };
  });
  return { SlowPage, finishLoading };
}

describe('useListSearch', () => {
  it('writes the settled search into the list address', async () => {
    const router = createMemoryRouter([{ path: '/items', element: <SearchList /> }], {
      initialEntries: ['/items?page=3'],
    });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Okafor');
    await waitFor(() =>
      expect(router.state.location).toMatchObject({ pathname: '/items', search: '?q=Okafor' }),
    );
  });

  it('never writes a search typed just before leaving into the next page', async () => {
    const { SlowPage, finishLoading } = slowPage();
    const router = createMemoryRouter(
      [
        {
          element: (
            <Suspense fallback={<p>Loading</p>}>
              <Outlet />
            </Suspense>
          ),
          children: [
            { path: '/items', element: <SearchList /> },
            { path: '/items/:id', element: <SlowPage /> },
          ],
        },
      ],
      { initialEntries: ['/items'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Okafor');
    await user.click(screen.getByRole('link', { name: 'Item 1' }));
    expect(router.state.location.pathname).toBe('/items/1');
    // The list is still on screen while the next page loads, and its search settles meanwhile.
    await act(() => new Promise((done) => setTimeout(done, SEARCH_DEBOUNCE_MS * 2)));
    await act(async () => finishLoading());
    expect(await screen.findByRole('heading', { name: 'Item 1' })).toBeVisible();
    expect(router.state.location).toMatchObject({ pathname: '/items/1', search: '' });
    expect(router.state.historyAction).toBe('PUSH');
  });
});
