import type { Page } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { createTestStore, TestProviders } from '../test/render';
import { QueryList } from './query-list';

function pageOf(content: string[]): Page<string> {
  return { content, totalElements: content.length, totalPages: 1, number: 0, size: 20 };
}

/** Renders what `view` makes of a query answered by `answer` (a rejection is a failed load). */
function renderWith<D>(answer: () => Promise<D>, view: (query: ReturnType<typeof useQuery<D>>) => ReactNode) {
  function Host() {
    const query = useQuery({ queryKey: ['things'], queryFn: answer });
    return <>{view(query)}</>;
  }
  return render(
    <TestProviders store={createTestStore()}>
      <Host />
    </TestProviders>,
  );
}

const rowsOfList = (rows: string[]) => (
  <ul aria-label="Things">
    {rows.map((row) => (
      <li key={row}>{row}</li>
    ))}
  </ul>
);

describe('QueryList', () => {
  it('shows the skeleton, then the rows of a page with the whole answer', async () => {
    let answer!: (page: Page<string>) => void;
    renderWith(
      () => new Promise<Page<string>>((resolve) => (answer = resolve)),
      (query) => (
        <QueryList
          query={query}
          skeleton={<p>Loading things</p>}
          failure="Could not load the things"
          empty="None"
        >
          {(rows, page) => (
            <>
              {rowsOfList(rows)}
              <p>{`${page.totalElements} in all`}</p>
            </>
          )}
        </QueryList>
      ),
    );
    expect(screen.getByText('Loading things')).toBeVisible();
    answer(pageOf(['Truck', 'Trailer']));
    expect(await screen.findByRole('list', { name: 'Things' })).toHaveTextContent('TruckTrailer');
    expect(screen.getByText('2 in all')).toBeVisible();
  });

  it('reads an array answer as its rows, and says why when it is empty', async () => {
    renderWith(
      async () => [] as string[],
      (query) => (
        <QueryList query={query} skeleton={null} empty={<p>No things yet</p>}>
          {rowsOfList}
        </QueryList>
      ),
    );
    expect(await screen.findByText('No things yet')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('picks the rows out of another answer with rowsOf', async () => {
    renderWith(
      async () => ({ month: 'November', events: ['Pickup', 'Delivery'] }),
      (query) => (
        <QueryList query={query} skeleton={null} empty="None" rowsOf={(schedule) => schedule.events}>
          {(events, schedule) => (
            <p>
              {schedule.month}: {events.join(', ')}
            </p>
          )}
        </QueryList>
      ),
    );
    expect(await screen.findByText('November: Pickup, Delivery')).toBeVisible();
  });

  it('without an empty state, shows the rows’ own view when there are none', async () => {
    renderWith(
      async () => pageOf([]),
      (query) => (
        <QueryList query={query} skeleton={null}>
          {(rows) => <p>{rows.length === 0 ? 'A calendar with nothing on it' : 'Rows'}</p>}
        </QueryList>
      ),
    );
    expect(await screen.findByText('A calendar with nothing on it')).toBeVisible();
  });

  it('shows the failure with its title and a retry that asks again', async () => {
    const answer = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new ApiError(500, 'The server is down'))
      .mockResolvedValue(['Truck']);
    renderWith(answer, (query) => (
      <QueryList query={query} skeleton={null} failure="Could not load the things" empty="None">
        {rowsOfList}
      </QueryList>
    ));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the things');
    expect(alert).toHaveTextContent('The server is down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Things' })).toHaveTextContent('Truck');
  });

  it('sets the failure in from the edges of its frame when asked', async () => {
    renderWith(
      () => Promise.reject(new ApiError(500, 'Down')),
      (query) => (
        <QueryList query={query} skeleton={null} failure="Could not load the things" empty="None" inset="md">
          {rowsOfList}
        </QueryList>
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.parentElement?.getAttribute('style')).toBe('padding: var(--mantine-spacing-md);');
  });
});
