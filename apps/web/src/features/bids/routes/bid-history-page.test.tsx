import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { pageOf } from '../../../test/marketplace-fixtures';
import { makeHistoryItem, ORDER_ID } from '../test-fixtures';

const HISTORY = 'GET /api/v1/bids';

function status(url: string | undefined): string | null {
  return new URL(url ?? '', 'http://localhost').searchParams.get('status');
}

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('bid history page', () => {
  it('lists own bids and filters them by status', async () => {
    pretendDesktop();
    seedSession('role_transporter');
    const api = mockApi({
      [HISTORY]: (request) => ({
        body: pageOf(
          status(request.url) === 'WON'
            ? []
            : [makeHistoryItem({ updatedAt: '2026-11-21T13:05:00.000Z', trucksAvailable: 4 })],
        ),
      }),
    });
    const { user } = renderRoute('/bids/history');
    const table = await screen.findByRole('table', { name: 'Your bids' });
    expect(document.title).toBe('Bid history · Freightlane');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'ORD-2026-000042' })).toHaveAttribute(
      'href',
      `/bids/orders/${ORDER_ID}`,
    );
    expect(within(row).getByText('Import LOC')).toBeVisible();
    expect(within(row).getByText('₦450,000.00')).toBeVisible();
    expect(within(row).getByText('4')).toBeVisible();
    expect(within(row).getByText('Active')).toBeVisible();
    expect(within(row).getByText('21 Nov 2026, 14:05')).toBeVisible();
    expect(status(api.calls(HISTORY)[0]?.url)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Won' }));
    await waitFor(() => expect(status(api.calls(HISTORY).at(-1)?.url)).toBe('WON'));
    expect(await screen.findByText('No won bids.')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await screen.findByRole('table', { name: 'Your bids' });
    expect(status(api.calls(HISTORY).at(-1)?.url)).toBeNull();
  });

  it('shows every value of a bid on a phone card, the price and the status with it', async () => {
    seedSession('role_transporter');
    mockApi({
      [HISTORY]: {
        body: pageOf([
          makeHistoryItem({ updatedAt: '2026-11-21T13:05:00.000Z', trucksAvailable: 4, status: 'LOST' }),
        ]),
      },
    });
    renderRoute('/bids/history');
    const list = await screen.findByRole('list', { name: 'Your bids' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByRole('link', { name: 'ORD-2026-000042' })).toHaveAttribute(
      'href',
      `/bids/orders/${ORDER_ID}`,
    );
    expect(within(card!).getByText('Lost')).toBeVisible();
    expect(within(card!).getByText('Price')).toBeVisible();
    expect(within(card!).getByText('₦450,000.00')).toBeVisible();
    expect(within(card!).getByText('per container')).toBeVisible();
    expect(within(card!).getByText('Import LOC')).toBeVisible();
    expect(within(card!).getByText('4')).toBeVisible();
    expect(within(card!).getByText('21 Nov 2026, 14:05')).toBeVisible();
  });

  it('points to New bids before the first bid', async () => {
    seedSession('role_transporter');
    mockApi({ [HISTORY]: { body: pageOf([]) } });
    renderRoute('/bids/history');
    expect(
      await screen.findByText('You have not placed a bid yet. Open orders are waiting in New bids.'),
    ).toBeVisible();
  });
});
