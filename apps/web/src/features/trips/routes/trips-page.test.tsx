import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf, tripSummary } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';

// Each test clicks through several screens; a busy machine needs longer than the default 5 s.
const CLICK_JOURNEY_TIMEOUT_MS = 20_000;

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the trips list', { timeout: CLICK_JOURNEY_TIMEOUT_MS }, () => {
  it('shows a customer their ongoing trips with the transporter, and switches tabs', async () => {
    pretendDesktop();
    const api = mockApi({
      'GET /api/v1/trips': (request) => {
        const query = new URL(request.url, 'http://localhost').searchParams;
        if (query.get('completed') === 'true') return { body: pageOf([]) };
        if (query.get('started') === 'true') return { body: pageOf([tripSummary()]) };
        return {
          body: pageOf([
            tripSummary(),
            tripSummary({ id: 'trip-2', tripNumber: 'TRP-2026-000124', latestTripStatus: null }),
          ]),
        };
      },
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/trips');

    const table = await screen.findByRole('table');
    expect(document.title).toBe('Trips · Freightlane');
    expect(api.calls('GET /api/v1/trips')[0]?.url).toBe(
      '/api/v1/trips?completed=false&started=true&page=0&size=20',
    );
    expect(within(table).getByRole('columnheader', { name: 'Transporter' })).toBeVisible();
    expect(within(table).queryByRole('columnheader', { name: 'Customer' })).toBeNull();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/trips/trip-1',
    );
    expect(row).toHaveTextContent('Import LOC');
    expect(row).toHaveTextContent('MSKU1234565 · 40 FT');
    expect(row).toHaveTextContent('APM Terminals, Apapa → Ikeja, Lagos');
    expect(row).toHaveTextContent('Kano Haulage Ltd');
    expect(row).toHaveTextContent('₦450,000.00');
    expect(row).toHaveTextContent('Container(s) Loaded');
    expect(row).toHaveTextContent('22 Nov 2026');

    await user.click(screen.getByRole('tab', { name: 'Not completed' }));
    expect(await screen.findByText('Awaiting start')).toBeVisible();
    expect(api.calls('GET /api/v1/trips').at(-1)?.url).toBe('/api/v1/trips?completed=false&page=0&size=20');
    expect(router.state.location.search).toBe('?tab=uncompleted');

    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(await screen.findByRole('heading', { name: 'No completed trips yet' })).toBeVisible();
    expect(api.calls('GET /api/v1/trips').at(-1)?.url).toBe('/api/v1/trips?completed=true&page=0&size=20');
  });

  it('opens on the tab named in the address and searches', async () => {
    const api = mockApi({ 'GET /api/v1/trips': { body: pageOf([tripSummary()]) } });
    seedSession('role_customer');
    const { user } = renderRoute('/trips?tab=completed');
    expect(await screen.findByRole('tab', { name: 'Completed', selected: true })).toBeVisible();
    await user.type(screen.getByLabelText('Search'), 'MSKU');
    await waitFor(() =>
      expect(api.calls('GET /api/v1/trips').at(-1)?.url).toBe(
        '/api/v1/trips?completed=true&q=MSKU&page=0&size=20',
      ),
    );
  });

  it('is shared with transporters, who see the customer instead', async () => {
    mockApi({ 'GET /api/v1/trips': { body: pageOf([tripSummary({ latestTripStatus: null })]) } });
    seedSession('role_transporter');
    const { router } = renderRoute('/trips?tab=uncompleted');
    const link = await screen.findByRole('link', { name: 'TRP-2026-000123' });
    expect(router.state.location.pathname).toBe('/trips');
    const card = link.closest('li')!;
    expect(card).toHaveTextContent('CustomerOkafor Imports Ltd');
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

const STATUS_LOOKUP = [
  { tripStatus: 'STARTED', tripStatusDescription: 'Trip Started' },
  { tripStatus: 'AT_PICKUP_LOCATION', tripStatusDescription: 'At Pick-Up Location' },
  { tripStatus: 'LOADED', tripStatusDescription: 'Container(s) Loaded' },
  { tripStatus: 'DELIVERED', tripStatusDescription: 'Delivered' },
];

describe('the trips list’s filters', { timeout: CLICK_JOURNEY_TIMEOUT_MS }, () => {
  it('asks for every trip, latest moved first, on the All tab', async () => {
    pretendDesktop();
    const api = mockApi({
      'GET /api/v1/trips': { body: pageOf([tripSummary()]) },
      'GET /api/v1/trips/lookup/trip-status': { body: STATUS_LOOKUP },
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/trips');
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() =>
      expect(api.calls('GET /api/v1/trips').at(-1)?.url).toBe(
        '/api/v1/trips?page=0&size=20&sort=latestTripStatus.timeStamp,DESC',
      ),
    );
    expect(router.state.location.search).toBe('?tab=all');
  });

  it('filters by the statuses chosen from the lookup and keeps them in the address', async () => {
    pretendDesktop();
    const api = mockApi({
      'GET /api/v1/trips': { body: pageOf([tripSummary()]) },
      'GET /api/v1/trips/lookup/trip-status': { body: STATUS_LOOKUP },
    });
    seedSession('role_transporter');
    const { user, router } = renderRoute('/trips?tab=uncompleted');
    await screen.findByRole('table');
    const filter = screen.getByRole('textbox', { name: 'Status' });
    await waitFor(() => expect(filter).toBeEnabled());

    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Trip Started' }));
    await user.click(await screen.findByRole('option', { name: 'Container(s) Loaded' }));

    await waitFor(() =>
      expect(api.calls('GET /api/v1/trips').at(-1)?.url).toBe(
        '/api/v1/trips?completed=false&tripStatusList=STARTED,LOADED&page=0&size=20',
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('STARTED,LOADED');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('uncompleted');
  });

  it('reads the status filter from the address, ignoring unknown statuses, and says when nothing matches', async () => {
    const api = mockApi({
      'GET /api/v1/trips': { body: pageOf([]) },
      'GET /api/v1/trips/lookup/trip-status': { body: STATUS_LOOKUP },
    });
    seedSession('role_customer');
    renderRoute('/trips?tab=completed&status=DELIVERED,FLYING');
    expect(
      await screen.findByRole('heading', { name: 'No completed trips with the chosen status' }),
    ).toBeVisible();
    expect(api.calls('GET /api/v1/trips')[0]?.url).toBe(
      '/api/v1/trips?completed=true&tripStatusList=DELIVERED&page=0&size=20',
    );
  });

  it('shows how long a live trip has been in its stage, and marks cancelled trips', async () => {
    pretendDesktop();
    const fiveHoursAgo = new Date(Date.now() - 5 * 3600_000 - 10 * 60_000).toISOString();
    mockApi({
      'GET /api/v1/trips': {
        body: pageOf([
          tripSummary({ latestTripStatus: { tripStatus: 'STARTED', timeStamp: fiveHoursAgo } }),
          tripSummary({
            id: 'trip-2',
            tripNumber: 'TRP-2026-000124',
            latestTripStatus: null,
            cancelled: true,
          }),
        ]),
      },
      'GET /api/v1/trips/lookup/trip-status': { body: STATUS_LOOKUP },
    });
    seedSession('role_customer');
    renderRoute('/trips?tab=all');
    const table = await screen.findByRole('table');
    const [, live, cancelled] = within(table).getAllByRole('row');
    expect(live).toHaveTextContent('Trip Started');
    expect(live).toHaveTextContent('5 h in this stage · since');
    expect(within(cancelled!).getByText('Cancelled')).toBeVisible();
    expect(within(cancelled!).getByRole('link', { name: 'TRP-2026-000124' })).toHaveAttribute(
      'href',
      '/trips/trip-2',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the server’s message when the trips cannot be loaded', async () => {
    mockApi({
      'GET /api/v1/trips': { status: 500, body: { message: 'The trip list is resting' } },
      'GET /api/v1/trips/lookup/trip-status': { body: STATUS_LOOKUP },
    });
    seedSession('role_customer');
    renderRoute('/trips');
    expect(await screen.findByText('The trip list is resting')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
