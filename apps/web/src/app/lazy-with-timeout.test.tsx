import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, TestProviders } from '../test/render';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  isChunkLoadError,
  lazyWithTimeout,
  withTimeout,
} from './lazy-with-timeout';
import { RouteError } from './route-error';

function renderLazy(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazyWithTimeout(load);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError standalone />,
        element: (
          <Suspense fallback={<p>Loading...</p>}>
            <Page />
          </Suspense>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(
    <TestProviders store={createTestStore()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('the chunk timeout', () => {
  it('is the spec’s 120 seconds', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes a value through when it arrives in time', async () => {
    const promise = withTimeout(new Promise((resolve) => setTimeout(() => resolve('page'), 1000)), 5000);
    vi.advanceTimersByTime(1000);
    await expect(promise).resolves.toBe('page');
  });

  it('rejects with a ChunkLoadError once the time is up', async () => {
    const promise = withTimeout(new Promise(() => {}), 5000);
    const settled = vi.fn();
    promise.catch(settled);
    vi.advanceTimersByTime(4999);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await expect(promise).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('turns a failed import into a ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await withTimeout(Promise.reject(cause), 5000).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).cause).toBe(cause);
  });
});

describe('lazyWithTimeout in a route', () => {
  // React and React Router report the caught error on the console; that is expected here.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it("shows 'Loading chunk failed' and a Reload button after 120 s without the chunk", async () => {
    vi.useFakeTimers();
    renderLazy(() => new Promise(() => {}));
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Loading chunk failed')).toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(document.title).toBe('Loading chunk failed · Freightlane');
  });

  it('shows the same failure at once when the chunk cannot be fetched, and Reload reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderLazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const button = await screen.findByRole('button', { name: 'Reload' });
    expect(screen.getByText('Loading chunk failed')).toBeVisible();
    button.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('renders the page when the chunk arrives', async () => {
    renderLazy(() => Promise.resolve({ default: () => <h1>Trips</h1> }));
    expect(await screen.findByRole('heading', { name: 'Trips' })).toBeVisible();
  });
});
