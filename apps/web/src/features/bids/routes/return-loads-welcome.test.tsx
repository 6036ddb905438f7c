import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';
import { makeMarketOrder, makeMarketOrderDetail, ORDER_ID } from '../test-fixtures';

describe('an order that welcomes return loads, in the market', () => {
  it('says so on its card in the list, and not on an order that does not', async () => {
    seedSession('role_transporter');
    mockApi({
      'GET /api/v1/bids/open-orders': {
        body: pageOf([
          makeMarketOrder({ returnLoadsWelcome: true }),
          makeMarketOrder({ id: 'other', orderNumber: 'ORD-2026-000043' }),
        ]),
      },
    });
    renderRoute('/bids');
    // The first test of the file also waits for the page's chunk.
    const card = await screen.findByRole('article', { name: 'ORD-2026-000042' });
    expect(within(card).getByText('Return loads welcome')).toBeVisible();
    const other = screen.getByRole('article', { name: 'ORD-2026-000043' });
    expect(within(other).queryByText('Return loads welcome')).toBeNull();
  });

  it('says so on the order’s page, where the bid form is', async () => {
    seedSession('role_fleet_manager');
    mockApi({
      [`GET /api/v1/bids/open-orders/${ORDER_ID}`]: {
        body: makeMarketOrderDetail({ returnLoadsWelcome: true }),
      },
    });
    renderRoute(`/bids/orders/${ORDER_ID}`);
    const summary = await screen.findByRole('region', { name: 'Order' });
    expect(within(summary).getByText('Return loads welcome')).toBeVisible();
  });
});
