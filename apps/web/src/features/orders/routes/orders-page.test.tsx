import { screen, waitFor, within } from '@testing-library/react';
import { orderSummarySchema, type OrderSummary } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';
import { orderDetail } from '../order-fixtures';

function summary(overrides: Partial<OrderSummary>): OrderSummary {
  const {
    items: _items,
    quoteDocument: _q,
    cancellationReason: _c,
    awardedAt: _a,
    bids: _b,
    trips: _t,
    ...base
  } = orderDetail();
  return apiFixture(orderSummarySchema, { ...base, ...overrides });
}

const OPEN = summary({ id: 'o1', orderNumber: 'ORD-2026-000041', bidCount: 3 });
const AWARDED = summary({
  id: 'o2',
  orderNumber: 'ORD-2026-000040',
  status: 'AWARDED',
  biddingOpen: false,
  clientName: 'Olam Nigeria',
  reference: '',
});

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the orders list', () => {
  it('lists orders in a table on desktop and filters them by status and search text', async () => {
    pretendDesktop();
    const api = mockApi({
      'GET /api/v1/orders': (request) => {
        const query = new URL(request.url, 'http://localhost').searchParams;
        if (query.get('status') === 'AWARDED') return { body: pageOf([AWARDED]) };
        if (query.get('q') === 'olam') return { body: pageOf([AWARDED]) };
        return { body: pageOf([OPEN, AWARDED], { totalElements: 45 }) };
      },
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/orders');

    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(document.title).toBe('Orders · Freightlane');
    expect(screen.getByText('Newest first')).toBeVisible();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'ORD-2026-000041' })).toHaveAttribute(
      'href',
      '/orders/' + OPEN.id,
    );
    expect(within(rows[1]!).getByText('Import LOC')).toBeVisible();
    expect(within(rows[1]!).getByText('Dangote Cement')).toBeVisible();
    expect(within(rows[1]!).getByText('BL-4471')).toBeVisible();
    expect(within(rows[1]!).getByText('APM Terminals, Apapa')).toBeVisible();
    expect(within(rows[1]!).getByText('Apapa, Lagos')).toBeVisible();
    expect(within(rows[1]!).getByText('3')).toBeVisible();
    expect(within(rows[1]!).getByText('Open for bids')).toBeVisible();
    expect(within(rows[2]!).getByText('Awarded')).toBeVisible();
    expect(screen.getByText('1–2 of 45 orders')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Order haulage' })).toHaveAttribute('href', '/orders/new');

    await user.click(screen.getByRole('radio', { name: 'Awarded' }));
    await waitFor(() => expect(api.requests.at(-1)?.url).toContain('status=AWARDED'));
    expect(router.state.location.search).toBe('?status=awarded');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.type(screen.getByLabelText('Search'), 'olam');
    await waitFor(() => expect(api.requests.at(-1)?.url).toContain('q=olam'));
    expect(api.requests.at(-1)?.url).not.toContain('status=');
    await waitFor(() => expect(router.state.location.search).toBe('?q=olam'));
  });

  it('pages through the list with the zero-based page the API uses', async () => {
    pretendDesktop();
    const api = mockApi({
      'GET /api/v1/orders': (request) => {
        const number = Number(new URL(request.url, 'http://localhost').searchParams.get('page'));
        return { body: pageOf([number === 0 ? OPEN : AWARDED], { number, totalElements: 45 }) };
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/orders?status=open');
    await screen.findByRole('link', { name: 'ORD-2026-000041' });
    expect(api.requests[0]?.url).toBe('/api/v1/orders?status=OPEN&page=0&size=20');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'ORD-2026-000040' })).toBeVisible();
    expect(api.requests.at(-1)?.url).toBe('/api/v1/orders?status=OPEN&page=1&size=20');
  });

  it('shows one card per order on phones, with its status and every value of the table', async () => {
    mockApi({ 'GET /api/v1/orders': { body: pageOf([OPEN, AWARDED]) } });
    seedSession('role_customer');
    renderRoute('/orders');
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Newest first')).toBeVisible();
    const [open, awarded] = within(list).getAllByRole('listitem');
    expect(within(open!).getByRole('link', { name: 'ORD-2026-000041' })).toHaveAttribute(
      'href',
      '/orders/' + OPEN.id,
    );
    expect(within(open!).getByText('Open for bids')).toBeVisible();
    expect(open).toHaveTextContent('Cargo typeImport LOC');
    expect(open).toHaveTextContent('Client / referenceDangote CementBL-4471');
    expect(open).toHaveTextContent('APM Terminals, Apapa → Apapa, Lagos');
    expect(open).toHaveTextContent('Bidding closes24 Nov 2026, 17:30');
    expect(open).toHaveTextContent('Bids3');
    expect(within(awarded!).getByText('Awarded')).toBeVisible();
  });

  it('offers to order haulage when there are no orders yet', async () => {
    mockApi({ 'GET /api/v1/orders': { body: pageOf([]) } });
    seedSession('role_customer');
    renderRoute('/orders');
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'Order haulage' });
    expect(links.every((link) => link.getAttribute('href') === '/orders/new')).toBe(true);
    expect(links).toHaveLength(2);
  });

  it('says when nothing matches a filter', async () => {
    mockApi({ 'GET /api/v1/orders': { body: pageOf([]) } });
    seedSession('role_customer');
    renderRoute('/orders?status=cancelled');
    expect(await screen.findByText('No orders match')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'No orders yet' })).toBeNull();
  });

  it('shows the server message when the list cannot load', async () => {
    mockApi({ 'GET /api/v1/orders': { status: 500, body: { message: 'The database is resting.' } } });
    seedSession('role_customer');
    renderRoute('/orders');
    expect(await screen.findByText('The database is resting.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
