import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { pageOf } from '../../../test/marketplace-fixtures';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import { makeBid, makeMarketOrder } from '../test-fixtures';

describe('the marketplace in Pidgin', () => {
  it('shows the open orders in the language of the transporter’s profile', async () => {
    seedSession('role_transporter');
    mockApi({
      'GET /api/v1/user/me': { body: { status: 'Successful', data: profileFixture({ language: 'pcm' }) } },
      'GET /api/v1/bids/open-orders': {
        body: pageOf([
          makeMarketOrder({ preferredPartnersOnly: true, myBid: makeBid() }),
          makeMarketOrder({ id: 'other', orderNumber: 'ORD-2026-000043', targetAmountKobo: null }),
        ]),
      },
    });
    renderRoute('/bids');

    // The first render loads the page's chunk and then every catalog of the profile's language.
    await screen.findByRole('heading', { name: 'New bids', level: 1 });
    expect(await screen.findByText('Orders wey dey open for bid, di new ones first.')).toBeVisible();
    const card = screen.getByRole('article', { name: 'ORD-2026-000042' });
    expect(within(card).getByText(/^Bidding go close .+ \(e remain (2 d|48 h)\)$/)).toBeVisible();
    expect(within(card).getByText('Na only partners')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Watch am' })).toBeVisible();
    expect(within(card).getByRole('link', { name: 'See am, bid' })).toBeVisible();
    const other = screen.getByRole('article', { name: 'ORD-2026-000043' });
    expect(within(other).getByText('Dem no give')).toBeVisible();
    expect(within(other).getByText('You never bid')).toBeVisible();
  }, 30_000);
});
