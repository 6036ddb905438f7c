import { screen, within } from '@testing-library/react';
import { orderSummarySchema } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf } from '../../../test/marketplace-fixtures';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import { orderDetail } from '../order-fixtures';

describe('the orders in Pidgin', () => {
  it('shows the list in the language of the customer’s profile', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      fakeMediaQueryList(query, query.includes('min-width')),
    );
    const {
      items: _items,
      quoteDocument: _quote,
      cancellationReason: _reason,
      awardedAt: _awarded,
      bids: _bids,
      trips: _trips,
      ...order
    } = orderDetail();
    seedSession('role_customer');
    mockApi({
      'GET /api/v1/user/me': {
        body: {
          status: 'Successful',
          data: profileFixture({ language: 'pcm', userType: 'CUSTOMER', role: 'role_customer' }),
        },
      },
      'GET /api/v1/orders': { body: pageOf([apiFixture(orderSummarySchema, order)]) },
    });
    renderRoute('/orders');

    // The first render loads the page's chunk and then every catalog of the profile's language.
    expect(await screen.findByText('Di new ones dey first')).toBeVisible();
    expect(screen.getByText('Your haulage orders, di bids wey dem put and who win.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Find' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getByRole('columnheader', { name: 'Bidding go close' })).toBeVisible();
  }, 30_000);
});
