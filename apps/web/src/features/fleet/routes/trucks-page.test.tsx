import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';
import { daysFromToday, truck, TRUCK_ID } from '../test-fixtures';

// The page's code is loaded lazily, which takes a moment on a cold start.

const LIST = 'GET /api/v1/fleet/trucks';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

const EXPIRED = truck({
  id: 'b7e2c1d0-0000-4000-8000-000000000002',
  registrationNumber: 'KJA 456 AB',
  make: 'Mercedes-Benz',
  model: 'Actros',
  type: 'FLATBED',
  documents: {
    vehicleLicence: { number: 'VL-1', expiresOn: daysFromToday(100) },
    roadWorthiness: { number: null, expiresOn: daysFromToday(-3) },
    insurance: { number: 'INS-1', expiresOn: daysFromToday(-1) },
    hackneyPermit: { number: null, expiresOn: daysFromToday(10) },
  },
  active: false,
});

// Each test renders lazy pages and types through forms, which jsdom does slowly on a busy machine.
describe('the trucks list', () => {
  it('sends /fleet to the trucks and shows them in a table with the worst document state', async () => {
    pretendDesktop();
    const api = mockApi({ [LIST]: { body: pageOf([truck(), EXPIRED], { totalElements: 2 }) } });
    seedSession('role_transporter');
    const { router } = renderRoute('/fleet');

    const table = await screen.findByRole('table', { name: 'Trucks' });
    expect(router.state.location.pathname).toBe('/fleet/trucks');
    expect(document.title).toBe('Trucks · Freightlane');
    expect(screen.getByRole('heading', { level: 1, name: 'Trucks' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Trucks' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Drivers' })).toHaveAttribute('href', '/fleet/drivers');
    expect(queryOf(api.calls(LIST)[0]!.url)).toEqual({ page: '0', size: '20' });

    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'LSR 123 XY' })).toHaveAttribute(
      'href',
      `/fleet/trucks/${TRUCK_ID}`,
    );
    expect(within(rows[1]!).getByText('MAN TGS 33.400 (2019)')).toBeVisible();
    expect(within(rows[1]!).getByText('Container chassis 40 FT')).toBeVisible();
    expect(within(rows[1]!).getByText('30.5 t')).toBeVisible();
    expect(within(rows[1]!).getByText('Valid')).toBeVisible();
    expect(within(rows[1]!).getByText('Active')).toBeVisible();
    // Two documents expired and one expiring: the expired ones lead, by name.
    expect(within(rows[2]!).getByText('Expired')).toBeVisible();
    expect(within(rows[2]!).getByText('Road worthiness, Insurance')).toBeVisible();
    expect(within(rows[2]!).getByText('Inactive')).toBeVisible();
    expect(within(rows[2]!).getByRole('button', { name: 'Reactivate KJA 456 AB' })).toBeVisible();
    expect(within(rows[2]!).getByRole('link', { name: 'Edit KJA 456 AB' })).toHaveAttribute(
      'href',
      `/fleet/trucks/${EXPIRED.id}`,
    );
    expect(screen.getByText('1–2 of 2 trucks')).toBeVisible();
  });

  it('filters by status, expiring documents, type and search text through the address', async () => {
    pretendDesktop();
    const api = mockApi({ [LIST]: { body: pageOf([truck()]) } });
    seedSession('role_fleet_manager');
    const { user, router } = renderRoute('/fleet/trucks');
    await screen.findByRole('table', { name: 'Trucks' });

    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(queryOf(api.calls(LIST).at(-1)!.url)).toMatchObject({ active: 'false' }));
    expect(router.state.location.search).toBe('?status=inactive');

    await user.click(screen.getByRole('checkbox', { name: /Expiring documents/ }));
    await waitFor(() =>
      expect(queryOf(api.calls(LIST).at(-1)!.url)).toMatchObject({ active: 'false', expiring: 'true' }),
    );
    expect(router.state.location.search).toBe('?status=inactive&expiring=1');

    await user.click(screen.getByRole('textbox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Tipper' }));
    await waitFor(() => expect(queryOf(api.calls(LIST).at(-1)!.url)).toMatchObject({ type: 'TIPPER' }));

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'lsr');
    await waitFor(() =>
      expect(queryOf(api.calls(LIST).at(-1)!.url)).toEqual({
        q: 'lsr',
        expiring: 'true',
        type: 'TIPPER',
        page: '0',
        size: '20',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?expiring=1&type=TIPPER&q=lsr'));
  });

  it('deactivates a truck after a Yes in the confirm dialog', async () => {
    const api = mockApi({
      [LIST]: { body: pageOf([truck()]) },
      [`PATCH /api/v1/fleet/trucks/${TRUCK_ID}/active`]: { body: truck({ active: false }) },
    });
    seedSession('role_transporter');
    const { user } = renderRoute('/fleet/trucks');
    const card = (await screen.findByRole('link', { name: 'LSR 123 XY' })).closest('li')!;
    expect(screen.queryByRole('table')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Deactivate LSR 123 XY' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate LSR 123 XY?' });
    expect(dialog).toHaveTextContent('cannot be given new trips until you reactivate it');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(api.calls(`PATCH /api/v1/fleet/trucks/${TRUCK_ID}/active`)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Deactivate LSR 123 XY' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Deactivate LSR 123 XY?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() =>
      expect(api.calls(`PATCH /api/v1/fleet/trucks/${TRUCK_ID}/active`)[0]?.body).toEqual({ active: false }),
    );
    expect(await screen.findByText('LSR 123 XY is deactivated.')).toBeVisible();
    // The list is asked again, so the truck shows as it now is.
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(1));
  });

  it('offers to add a truck when there are none, and to clear filters when none match', async () => {
    mockApi({ [LIST]: { body: pageOf([]) } });
    seedSession('role_transporter');
    const { user, router } = renderRoute('/fleet/trucks');
    expect(await screen.findByText(/No trucks yet/)).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'Add a truck' });
    expect(links).toHaveLength(2);
    expect(links.every((link) => link.getAttribute('href') === '/fleet/trucks/new')).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Active' }));
    expect(await screen.findByText('No trucks match these filters.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText(/No trucks yet/)).toBeVisible();
  });

  it('shows the server message when the list cannot load', async () => {
    mockApi({ [LIST]: { status: 500, body: { message: 'The database is resting.' } } });
    seedSession('role_transporter');
    renderRoute('/fleet/trucks');
    expect(await screen.findByText('The database is resting.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('is not for customers', async () => {
    mockApi({});
    seedSession('role_customer');
    const { router } = renderRoute('/fleet/trucks');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
