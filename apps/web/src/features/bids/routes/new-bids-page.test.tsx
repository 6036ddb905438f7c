import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedRequest } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { pageOf } from '../../../test/marketplace-fixtures';
import { makeBid, makeMarketOrder, ORDER_ID } from '../test-fixtures';

const OPEN_ORDERS = 'GET /api/v1/bids/open-orders';

function query(request: RecordedRequest | undefined): URLSearchParams {
  return new URL(request?.url ?? '', 'http://localhost').searchParams;
}

describe('new bids page', () => {
  it('lists open orders as cards with what a transporter needs to price them', async () => {
    seedSession('role_transporter');
    mockApi({
      [OPEN_ORDERS]: {
        body: pageOf([
          makeMarketOrder({ preferredPartnersOnly: true, myBid: makeBid() }),
          makeMarketOrder({
            id: 'other',
            orderNumber: 'ORD-2026-000043',
            cargoType: 'GENERAL_CARGO',
            itemCount: 1,
            targetAmountKobo: null,
          }),
        ]),
      },
    });
    renderRoute('/bids');
    // The first test of the file also waits for the page's chunk.
    const card = await screen.findByRole('article', { name: 'ORD-2026-000042' });
    expect(document.title).toBe('New bids · Freightlane');
    expect(within(card).getByText('Import LOC')).toBeVisible();
    expect(within(card).getByText('Dangote Sugar · for Lekki Importers Ltd')).toBeVisible();
    expect(within(card).getByText('3 containers')).toBeVisible();
    expect(within(card).getByText('APM Terminals, Apapa')).toBeVisible();
    expect(within(card).getByText('Ikeja, Lagos')).toBeVisible();
    expect(within(card).getByText('25 Nov 2026')).toBeVisible();
    expect(within(card).getByText(/^Bidding closes .+ \(in (2 d|48 h)\)$/)).toBeVisible();
    expect(within(card).getByText('₦420,000.00')).toBeVisible();
    expect(within(card).getByText('Preferred partners only')).toBeVisible();
    expect(within(card).getByText('₦450,000.00')).toBeVisible();
    expect(within(card).getByText('Active')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'View and bid' })).toHaveAttribute(
      'href',
      `/bids/orders/${ORDER_ID}`,
    );

    const other = screen.getByRole('article', { name: 'ORD-2026-000043' });
    expect(within(other).getByText('1 truck load')).toBeVisible();
    expect(within(other).getByText('None given')).toBeVisible();
    expect(within(other).getByText('No bid yet')).toBeVisible();
    expect(screen.getByText('1–2 of 2 open orders')).toBeVisible();
  });

  it('sends the cargo type and pickup state filters, and offers to clear them when nothing matches', async () => {
    seedSession('role_transporter');
    const api = mockApi({
      [OPEN_ORDERS]: (request) => ({
        body: pageOf(query(request).get('pickupState') ? [] : [makeMarketOrder()]),
      }),
    });
    const { user } = renderRoute('/bids');
    await screen.findByRole('article', { name: 'ORD-2026-000042' });
    expect(query(api.calls(OPEN_ORDERS)[0]).get('page')).toBe('0');
    expect(query(api.calls(OPEN_ORDERS)[0]).get('cargoType')).toBeNull();

    await user.click(screen.getByRole('textbox', { name: 'Cargo type' }));
    await user.click(await screen.findByRole('option', { name: 'Export' }));
    await waitFor(() => expect(query(api.calls(OPEN_ORDERS).at(-1)).get('cargoType')).toBe('EXPORT'));

    await user.type(screen.getByRole('textbox', { name: 'Pickup state' }), 'Rive');
    await user.click(await screen.findByRole('option', { name: 'Rivers' }));
    await waitFor(() => {
      const last = query(api.calls(OPEN_ORDERS).at(-1));
      expect(last.get('pickupState')).toBe('Rivers');
      expect(last.get('cargoType')).toBe('EXPORT');
    });

    expect(await screen.findByText(/No open orders match/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'clear the filters' }));
    await screen.findByRole('article', { name: 'ORD-2026-000042' });
    const last = query(api.calls(OPEN_ORDERS).at(-1));
    expect(last.get('cargoType')).toBeNull();
    expect(last.get('pickupState')).toBeNull();
  });

  it('reads the filters from the URL', async () => {
    seedSession('role_fleet_manager');
    const api = mockApi({ [OPEN_ORDERS]: { body: pageOf([]) } });
    renderRoute('/bids?cargoType=GENERAL_CARGO&pickupState=Lagos');
    expect(await screen.findByText(/No open orders match/)).toBeVisible();
    const sent = query(api.calls(OPEN_ORDERS)[0]);
    expect(sent.get('cargoType')).toBe('GENERAL_CARGO');
    expect(sent.get('pickupState')).toBe('Lagos');
  });

  it('says when there are no open orders at all', async () => {
    seedSession('role_transporter');
    mockApi({ [OPEN_ORDERS]: { body: pageOf([]) } });
    renderRoute('/bids');
    expect(
      await screen.findByText('No open orders right now. New orders appear here as customers place them.'),
    ).toBeVisible();
  });

  it('watches and unwatches an order with PUT and DELETE', async () => {
    seedSession('role_transporter');
    let watched = false;
    const api = mockApi({
      [OPEN_ORDERS]: () => ({ body: pageOf([makeMarketOrder({ watched })]) }),
      [`PUT /api/v1/bids/monitored/${ORDER_ID}`]: () => {
        watched = true;
        return { status: 204 };
      },
      [`DELETE /api/v1/bids/monitored/${ORDER_ID}`]: () => {
        watched = false;
        return { status: 204 };
      },
      'GET /api/v1/dashboard/transporter': { body: {} },
    });
    const { user } = renderRoute('/bids');
    const card = await screen.findByRole('article', { name: 'ORD-2026-000042' });
    const toggle = within(card).getByRole('button', { name: 'Watch' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(await within(card).findByRole('button', { name: 'Watching' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(api.calls(`PUT /api/v1/bids/monitored/${ORDER_ID}`)).toHaveLength(1);

    await waitFor(() => expect(within(card).getByRole('button', { name: 'Watching' })).toBeEnabled());
    await user.click(within(card).getByRole('button', { name: 'Watching' }));
    expect(await within(card).findByRole('button', { name: 'Watch' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(api.calls(`DELETE /api/v1/bids/monitored/${ORDER_ID}`)).toHaveLength(1);
  });

  it('puts the toggle back and shows the message when watching fails', async () => {
    seedSession('role_transporter');
    mockApi({
      [OPEN_ORDERS]: { body: pageOf([makeMarketOrder()]) },
      [`PUT /api/v1/bids/monitored/${ORDER_ID}`]: { status: 404, body: { message: 'Order not found' } },
    });
    const { user } = renderRoute('/bids');
    const card = await screen.findByRole('article', { name: 'ORD-2026-000042' });
    await user.click(within(card).getByRole('button', { name: 'Watch' }));
    expect(await screen.findByText('Order not found')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends a customer to their own home', async () => {
    seedSession('role_customer');
    mockApi({});
    const { router } = renderRoute('/bids');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends an admin to the back office', async () => {
    seedSession('role_admin');
    mockApi({});
    const { router } = renderRoute('/bids/won');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
