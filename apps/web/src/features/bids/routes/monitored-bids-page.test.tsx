import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { pageOf } from '../../../test/marketplace-fixtures';
import { makeMarketOrder, ORDER_ID } from '../test-fixtures';

describe('monitored bids page', () => {
  it('lists the watched orders and removes one with Unwatch', async () => {
    seedSession('role_transporter');
    let watching = true;
    const api = mockApi({
      'GET /api/v1/bids/monitored': () => ({
        body: pageOf(watching ? [makeMarketOrder({ watched: true, biddingOpen: false })] : []),
      }),
      [`DELETE /api/v1/bids/monitored/${ORDER_ID}`]: () => {
        watching = false;
        return { status: 204 };
      },
      'GET /api/v1/dashboard/transporter': { body: {} },
    });
    const { user } = renderRoute('/bids/monitored');
    const card = await screen.findByRole('article', { name: 'ORD-2026-000042' });
    expect(document.title).toBe('Monitored bids · Freightlane');
    expect(within(card).getByText('Bidding closed')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      `/bids/orders/${ORDER_ID}`,
    );

    await user.click(within(card).getByRole('button', { name: 'Unwatch' }));
    expect(await screen.findByText(/You are not watching any orders/)).toBeVisible();
    await waitFor(() => expect(api.calls(`DELETE /api/v1/bids/monitored/${ORDER_ID}`)).toHaveLength(1));
  });

  it('explains how to watch an order when the list is empty', async () => {
    seedSession('role_transporter');
    mockApi({ 'GET /api/v1/bids/monitored': { body: pageOf([]) } });
    renderRoute('/bids/monitored');
    expect(
      await screen.findByText(
        'You are not watching any orders. Press Watch on an order in New bids to keep it here while you work out your price.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See new bids' })).toHaveAttribute('href', '/bids');
  });

  it('pages through the list', async () => {
    seedSession('role_transporter');
    const api = mockApi({
      'GET /api/v1/bids/monitored': (request) => {
        const page = Number(new URL(request.url, 'http://localhost').searchParams.get('page'));
        return {
          body: pageOf([makeMarketOrder({ id: `o${page}`, orderNumber: `ORD-P${page}` })], {
            number: page,
            totalElements: 25,
          }),
        };
      },
    });
    const { user } = renderRoute('/bids/monitored');
    await screen.findByRole('article', { name: 'ORD-P0' });
    expect(screen.getByText('1–1 of 25 watched orders')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('article', { name: 'ORD-P1' });
    expect(api.calls('GET /api/v1/bids/monitored').at(-1)?.url).toContain('page=1');
  });
});
