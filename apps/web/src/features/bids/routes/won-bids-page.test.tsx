import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { onWideScreen } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { pageOf } from '../../../test/marketplace-fixtures';
import { makeWonTrip, ORDER_ID } from '../test-fixtures';

const WON = 'GET /api/v1/bids/won';

function q(url: string | undefined): string | null {
  return new URL(url ?? '', 'http://localhost').searchParams.get('q');
}

describe('bids won page', () => {
  beforeEach(onWideScreen);

  it('lists the trips won, with the ones needing resources marked', async () => {
    seedSession('role_transporter');
    mockApi({
      [WON]: {
        body: pageOf([
          makeWonTrip(),
          makeWonTrip({
            tripId: 'trip-2',
            tripNumber: 'TRP-2026-000124',
            cargoType: 'GENERAL_CARGO',
            containerNumber: null,
            cargoDescription: 'Bagged cement',
            reference: '',
            needsResources: false,
          }),
        ]),
      },
    });
    renderRoute('/bids/won');
    const table = await screen.findByRole('table', { name: 'Bids won' });
    expect(document.title).toBe('Bids won · Freightlane');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('TRP-2026-000123')).toBeVisible();
    expect(within(first!).getByText('Needs resources')).toBeVisible();
    expect(within(first!).getByRole('link', { name: 'ORD-2026-000042' })).toHaveAttribute(
      'href',
      `/bids/orders/${ORDER_ID}`,
    );
    expect(within(first!).getByText('MSKU1234565')).toBeVisible();
    expect(within(first!).getByText('PO-7781')).toBeVisible();
    expect(within(first!).getByText('₦450,000.00')).toBeVisible();
    expect(within(first!).getByText('25 Nov 2026')).toBeVisible();
    expect(within(second!).getByText('Bagged cement')).toBeVisible();
    expect(within(second!).queryByText('Needs resources')).not.toBeInTheDocument();
  });

  it('sends the search as q once typing pauses, and says when nothing matches', async () => {
    seedSession('role_transporter');
    const api = mockApi({
      [WON]: (request) => ({ body: pageOf(q(request.url) ? [] : [makeWonTrip()]) }),
    });
    const { user } = renderRoute('/bids/won');
    await screen.findByRole('table', { name: 'Bids won' });
    expect(q(api.calls(WON)[0]?.url)).toBeNull();

    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Trip number, container number, reference or client');
    await user.type(search, 'MSKU99');
    await waitFor(() => expect(q(api.calls(WON).at(-1)?.url)).toBe('MSKU99'));
    // One search for the whole word, not one per key.
    expect(api.calls(WON).filter((call) => q(call.url) !== null)).toHaveLength(1);
    expect(await screen.findByText(/Nothing matches “MSKU99”/)).toBeVisible();
  });

  it('says when there are no wins yet', async () => {
    seedSession('role_fleet_manager');
    mockApi({ [WON]: { body: pageOf([]) } });
    renderRoute('/bids/won');
    expect(
      await screen.findByText(
        'No wins yet. When a customer awards you an order, each of its trips appears here.',
      ),
    ).toBeVisible();
  });
});

describe('bids won page on a phone', () => {
  it('shows each trip as a card with its amount and pickup date', async () => {
    seedSession('role_transporter');
    mockApi({ [WON]: { body: pageOf([makeWonTrip()]) } });
    renderRoute('/bids/won');
    const list = await screen.findByRole('list', { name: 'Bids won' });
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByText('TRP-2026-000123')).toBeVisible();
    expect(within(card!).getByText('Amount')).toBeVisible();
    expect(within(card!).getByText('₦450,000.00')).toBeVisible();
    expect(within(card!).getByText('25 Nov 2026')).toBeVisible();
  });
});
