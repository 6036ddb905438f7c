import { configure, screen, waitFor, within } from '@testing-library/react';
import type { TripSummary } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { APAPA_TERMINAL, MAERSK, pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';

configure({ asyncUtilTimeout: 5000 });

function trip(overrides: Partial<TripSummary> = {}): TripSummary {
  return {
    id: 'trip-1',
    tripNumber: 'TRP-2026-000123',
    trackingId: 'track-1',
    orderId: 'order-1',
    orderNumber: 'ORD-2026-000042',
    cargoType: 'IMPORT_LINER_OWNED',
    clientName: 'Dangote Cement',
    reference: 'BL-4471',
    customerName: 'Okafor Imports Ltd',
    transporterName: 'Kano Haulage Ltd',
    pickup: { terminal: APAPA_TERMINAL, address: null },
    recipient: {
      terminal: null,
      address: { street: '1 Factory Road', neighborhood: '', lga: 'Ikeja', city: 'Ikeja', state: 'Lagos' },
    },
    pickupDate: '2026-11-25',
    amountKobo: 45_000_000,
    consignment: {
      id: 'c1',
      containerNumber: 'MSKU1234565',
      containerSize: 'FTS_40',
      liner: MAERSK,
      deliveryOrderValidityDate: '2026-12-01',
      description: null,
      quantity: null,
      weightTonnes: null,
      truckType: null,
    },
    latestTripStatus: { tripStatus: 'LOADED', timeStamp: '2026-11-25T10:00:00.000Z' },
    completed: false,
    cancelled: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the trips list', () => {
  it('shows a customer their ongoing trips with the transporter, and switches tabs', async () => {
    pretendDesktop();
    const api = mockApi({
      'GET /api/v1/trips': (request) => {
        const query = new URL(request.url, 'http://localhost').searchParams;
        if (query.get('completed') === 'true') return { body: pageOf([]) };
        if (query.get('started') === 'true') return { body: pageOf([trip()]) };
        return {
          body: pageOf([
            trip(),
            trip({ id: 'trip-2', tripNumber: 'TRP-2026-000124', latestTripStatus: null }),
          ]),
        };
      },
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/trips');

    const table = await screen.findByRole('table');
    expect(document.title).toBe('Trips · Freightlane');
    expect(api.requests[0]?.url).toBe('/api/v1/trips?completed=false&started=true&page=0&size=20');
    expect(within(table).getByRole('columnheader', { name: 'Transporter' })).toBeVisible();
    expect(within(table).queryByRole('columnheader', { name: 'Customer' })).toBeNull();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/tripprogress/track-1',
    );
    expect(row).toHaveTextContent('Import LOC');
    expect(row).toHaveTextContent('MSKU1234565 · 40 FT');
    expect(row).toHaveTextContent('APM Terminals, Apapa → Ikeja, Lagos');
    expect(row).toHaveTextContent('Kano Haulage Ltd');
    expect(row).toHaveTextContent('₦450,000.00');
    expect(row).toHaveTextContent('Container(s) Loaded');
    expect(row).toHaveTextContent('22 Nov 2026');

    await user.click(screen.getByRole('tab', { name: 'Uncompleted' }));
    expect(await screen.findByText('Awaiting start')).toBeVisible();
    expect(api.requests.at(-1)?.url).toBe('/api/v1/trips?completed=false&page=0&size=20');
    expect(router.state.location.search).toBe('?tab=uncompleted');

    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(await screen.findByRole('heading', { name: 'No completed trips yet' })).toBeVisible();
    expect(api.requests.at(-1)?.url).toBe('/api/v1/trips?completed=true&page=0&size=20');
  });

  it('opens on the tab named in the address and searches', async () => {
    const api = mockApi({ 'GET /api/v1/trips': { body: pageOf([trip()]) } });
    seedSession('role_customer');
    const { user } = renderRoute('/trips?tab=completed');
    expect(await screen.findByRole('tab', { name: 'Completed', selected: true })).toBeVisible();
    await user.type(screen.getByLabelText('Search'), 'MSKU');
    await waitFor(() =>
      expect(api.requests.at(-1)?.url).toBe('/api/v1/trips?completed=true&q=MSKU&page=0&size=20'),
    );
  });

  it('is shared with transporters, who see the customer instead', async () => {
    mockApi({ 'GET /api/v1/trips': { body: pageOf([trip({ latestTripStatus: null })]) } });
    seedSession('role_transporter');
    const { router } = renderRoute('/trips?tab=uncompleted');
    const link = await screen.findByRole('link', { name: 'TRP-2026-000123' });
    expect(router.state.location.pathname).toBe('/trips');
    const card = link.closest('li')!;
    expect(card).toHaveTextContent('Customer: Okafor Imports Ltd');
    expect(card).not.toHaveTextContent('Kano Haulage Ltd');
    expect(within(card).getByText('Awaiting start')).toBeVisible();
  });

  it('says why a tab is empty', async () => {
    mockApi({ 'GET /api/v1/trips': { body: pageOf([]) } });
    seedSession('role_customer');
    renderRoute('/trips');
    expect(await screen.findByRole('heading', { name: 'No trips on the road right now' })).toBeVisible();
    expect(screen.getByText('A trip shows here once its transporter starts it.')).toBeVisible();
  });
});
